import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { registerSite } from "@shared/sites/register-site";
import { SiteRegistrationSchema } from "@shared/sites/site-schema";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { RegisterSiteBody, SITE_BODY_MAX_BYTES } from "./schema";
import { siteView } from "./site-view";

const registration = { "application/json": { schema: SiteRegistrationSchema } };

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/sites",
    operationId: "registerSite",
    tags: ["Sites"],
    summary: "Register a site",
    description:
      "Idempotent on the normalised domain: a new domain answers 201, a registered one 200 with the same site. A workspace holds at most 1,000 sites.",
    request: { body: { required: true, content: { "application/json": { schema: RegisterSiteBody } } } },
    responses: {
      201: { description: "Site created", content: registration },
      200: { description: "Site already registered; nothing changed", content: registration },
    },
  },
  {
    scope: "sites:write",
    limit: "site_writes",
    errors: ["invalid_domain", "public_suffix", "limit_reached"],
    maxBodyBytes: SITE_BODY_MAX_BYTES,
  },
);

export function registerCreateSite(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const ctx = c.get("ctx");
    const body = c.req.valid("json");
    const { site, created } = valueOrThrow(await registerSite(ctx, { domain: body.domain, name: body.name }));
    const view = siteView(site, ctx.baseUrl);
    const result = {
      site_id: view.site_id,
      public_token: view.public_token,
      domain: view.domain,
      created,
      snippet: view.snippet,
      privacy: view.privacy,
    };
    return created ? c.json(result, 201) : c.json(result, 200);
  });
}
