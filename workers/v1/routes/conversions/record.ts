import type { OpenAPIHono } from "@hono/zod-openapi";
import { recordOrders } from "@shared/conversions/conversion-actions";
import { ConversionInput } from "@shared/conversions/conversion-input";
import { RecordConversionsResult } from "@shared/conversions/conversion-schema";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { MAX_BODY_BYTES, RecordConversionsBody } from "./schema";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/conversions",
    operationId: "recordConversions",
    tags: ["Conversions"],
    summary: "Record conversions (server to server)",
    description:
      "Posts 1 to 100 orders. Each item is processed on its own: accepted, duplicate (same `external_id` already stored in the workspace, accepted or voided; nothing changes) or rejected with a per-item `error`. Safe to retry.",
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: RecordConversionsBody,
            example: {
              conversions: [
                {
                  external_id: "order-10042",
                  occurred_at: "2026-11-20T10:04:00Z",
                  value_minor: 4990,
                  currency: "EUR",
                  site: "shop.example",
                  attribution: {
                    click_ids: { oppref: "op_3f9a0c" },
                    utm: { source: "chatgpt.com", medium: "referral" },
                    landing_url: "https://shop.example/products/tea?oppref=op_3f9a0c",
                  },
                },
              ],
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: "Per-item outcomes",
        content: { "application/json": { schema: RecordConversionsResult } },
      },
    },
  },
  { scope: "conversions:write", limit: "conversion_writes", maxBodyBytes: MAX_BODY_BYTES },
);

export function registerRecordConversions(app: OpenAPIHono<V1AppEnv>) {
  app.openAPIRegistry.register("ConversionInput", ConversionInput);
  app.openapi(route, async (c) => {
    const { conversions } = c.req.valid("json");
    return c.json(valueOrThrow(await recordOrders(c.get("ctx"), { conversions })), 200);
  });
}
