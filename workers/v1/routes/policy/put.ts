import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { POLICY_BODY_MAX_BYTES, SitePolicyInput } from "@shared/policy/policy-schema";
import { saveSitePolicy } from "@shared/policy/site-policy";
import { SitePolicy } from "@shared/policy/site-policy-view";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "put",
    path: "/api/v1/sites/{site_id}/policy",
    operationId: "putSitePolicy",
    tags: ["Policy"],
    summary: "Replace a site's agent policy",
    description:
      "Writes the whole policy; the version moves by one. Agents and operators are named as the catalogue names them (`GET /api/v1/policy/agents`). Send the `version` you read to refuse a lost update (409 `policy_version_conflict`). Collectors take the change at their next refresh (60 s).",
    request: {
      params: SiteIdParam,
      body: { required: true, content: { "application/json": { schema: SitePolicyInput } } },
    },
    responses: { 200: { description: "The saved policy", content: { "application/json": { schema: SitePolicy } } } },
  },
  {
    scope: "policy:write",
    limit: "site_writes",
    errors: ["site_not_found", "policy_version_conflict"],
    maxBodyBytes: POLICY_BODY_MAX_BYTES,
  },
);

export function registerPutSitePolicy(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { site_id } = c.req.valid("param");
    const saved = await saveSitePolicy(c.get("ctx"), {
      site: site_id,
      policy: c.req.valid("json"),
    });
    return c.json(valueOrThrow(saved), 200);
  });
}
