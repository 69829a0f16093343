import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { voidOrder } from "@shared/conversions/conversion-actions";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "delete",
    path: "/api/v1/conversions/{external_id}",
    operationId: "voidConversion",
    tags: ["Conversions"],
    summary: "Void a conversion",
    description:
      "Soft-deletes the conversion: it stops counting in every report, and re-posting its `external_id` still answers `duplicate`. Answers 204 whether or not it existed, so it is safe to retry and cannot probe ids.",
    request: {
      params: z.object({
        external_id: z
          .string()
          .min(1)
          .max(255)
          .openapi({
            param: { name: "external_id", in: "path" },
            description: "The order id originally sent.",
            example: "order-10042",
          }),
      }),
    },
    responses: { 204: { description: "Voided, or there was nothing to void" } },
  },
  { scope: "conversions:write", limit: "conversion_writes" },
);

export function registerVoidConversion(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { external_id } = c.req.valid("param");
    valueOrThrow(await voidOrder(c.get("ctx"), { externalId: external_id }));
    return c.body(null, 204);
  });
}
