import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { acceptServerEvents } from "@shared/ways-in/server-events";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { EVENTS_MAX_BODY_BYTES, RecordEventsBody, RecordEventsResponse, ServerEventInput } from "./schema";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/events",
    operationId: "recordServerEvents",
    tags: ["Events"],
    summary: "Record server-side request events",
    description:
      "For a site's edge or log drain: crawlers and fetchers never run JavaScript. 1 to 500 request records, each accepted or rejected on its own, classified and rolled into sessions like snippet beacons. A record with `order` is an agentic checkout's end as a collector read it (completed, canceled or failed): its agent is identified and verified the same way, and it is stored as that agent's checkout, once per checkout (docs/integrations/agentic-checkout.md), not as a page view. The client IP is never stored.",
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: RecordEventsBody,
            example: {
              events: [
                {
                  timestamp: "2026-11-21T10:04:00Z",
                  domain: "shop.example.com",
                  path: "/products/blue-mug",
                  method: "GET",
                  status: 200,
                  user_agent:
                    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
                  ip: "23.98.142.180",
                  referer: null,
                },
              ],
            },
          },
        },
      },
    },
    responses: {
      200: { description: "Per-record outcomes", content: { "application/json": { schema: RecordEventsResponse } } },
    },
  },
  { scope: "events:write", limit: "events", maxBodyBytes: EVENTS_MAX_BODY_BYTES },
);

export function registerRecordServerEvents(app: OpenAPIHono<V1AppEnv>) {
  app.openAPIRegistry.register("ServerEventInput", ServerEventInput);
  app.openapi(route, async (c) => {
    const { events } = c.req.valid("json");
    return c.json(valueOrThrow(await acceptServerEvents(c.get("ctx"), { events })), 200);
  });
}
