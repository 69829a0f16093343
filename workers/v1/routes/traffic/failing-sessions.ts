import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { listFailingSessions } from "@shared/reads/session-lists";
import { FailingSessions } from "@shared/reports/report-schemas";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { FailingSessionsQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/failing-sessions",
    operationId: "failingSessions",
    tags: ["Traffic"],
    summary: "Abandoned or bounced AI-agent sessions",
    description:
      "AI-agent sessions the session-end rollup settled as abandoned (cart or checkout reached, no purchase) or as short single-page bounces (one page, no interaction, under 5 s), newest first. The labels do not say why a visit ended. The window is `period`, or `from`/`to` as the other traffic reports take them. The first call fixes the window; its cursor keeps it, so sessions added while paging neither repeat nor shift rows.",
    request: { query: FailingSessionsQuery },
    responses: {
      200: {
        description: "A page of failing sessions",
        content: { "application/json": { schema: FailingSessions } },
      },
    },
  },
  {
    scope: "traffic:read",
    limit: "reads",
    errors: ["invalid_domain", "invalid_window", "invalid_cursor", "site_not_found"],
    conditional: true,
  },
);

export function registerFailingSessions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    return c.json(valueOrThrow(await listFailingSessions(c.get("ctx"), c.req.valid("query")), "query"), 200);
  });
}
