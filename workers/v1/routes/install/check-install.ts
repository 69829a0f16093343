import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { siteInstallCheck } from "@shared/reads/site-install";
import { InstallCheckSchema } from "@shared/sessions/install-check-schema";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { CheckInstallQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites/check-install",
    operationId: "checkInstall",
    tags: ["Sites"],
    summary: "Check snippet installation health",
    description:
      'Whether the snippet\'s requests reach ingest (docs/decisions.md#6-install-check). Proves ingest-path acceptance only.\n\nPolling: after deploying a snippet, call this after 2, 4 and 8 seconds, then every 15 seconds for at most two minutes; stop on `receiving` or `rejected`. Never poll indefinitely (contract "Limits"). Each call counts against the read budget (120/min per key).',
    request: { query: CheckInstallQuery },
    responses: {
      200: { description: "Install check result", content: { "application/json": { schema: InstallCheckSchema } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["invalid_domain", "site_not_found"] },
);

export function registerCheckInstall(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { domain } = c.req.valid("query");
    return c.json(valueOrThrow(await siteInstallCheck(c.get("ctx"), { domain })), 200);
  });
}
