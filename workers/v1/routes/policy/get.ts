import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { readSitePolicy } from "@shared/policy/site-policy";
import { SitePolicy } from "@shared/policy/site-policy-view";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites/{site_id}/policy",
    operationId: "getSitePolicy",
    tags: ["Policy"],
    summary: "A site's agent policy",
    description:
      "Per purpose a default, per operator and agent an action (allow, block, obey_robots), path exceptions and the managed robots.txt settings (docs/policy.md). A site never saved has the neutral policy (everything allowed) at version 0.",
    request: { params: SiteIdParam },
    responses: { 200: { description: "The policy", content: { "application/json": { schema: SitePolicy } } } },
  },
  { scope: "policy:read", limit: "reads", errors: ["site_not_found"] },
);

export function registerGetSitePolicy(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { site_id } = c.req.valid("param");
    return c.json(valueOrThrow(await readSitePolicy(c.get("ctx"), { site: site_id })), 200);
  });
}
