import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { findJourney } from "@shared/reads/find-journey";
import { SessionJourney } from "@shared/reports/report-schemas";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { SessionParams } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/sessions/{session_id}",
    operationId: "sessionJourney",
    tags: ["Traffic"],
    summary: "One AI-agent session's journey",
    description:
      "The session's pages in time order (`pages`: url, at, duration_ms) and its most frequent interactions (`top_interactions`: type, target, count), from its stored events. Only AI-agent sessions of the key's workspace are reachable.",
    request: { params: SessionParams },
    responses: {
      200: { description: "The session journey", content: { "application/json": { schema: SessionJourney } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["session_not_found"], conditional: true },
);

export function registerSessionJourney(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { session_id } = c.req.valid("param");
    return c.json(valueOrThrow(await findJourney(c.get("ctx"), { sessionId: session_id })), 200);
  });
}
