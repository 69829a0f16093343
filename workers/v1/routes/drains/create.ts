import type { OpenAPIHono } from "@hono/zod-openapi";
import { addDrain } from "@shared/drains/drain-actions";
import { CreateDrainBody, DrainCreationSchema } from "@shared/drains/drain-schema";
import { DRAINS_PER_SITE } from "@shared/drains/drain-store";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/sites/{site_id}/drains",
    operationId: "createDrain",
    tags: ["Drains"],
    summary: "Create a log drain for a site",
    description: `A new authenticated endpoint taking one vendor's log batches for this site (docs/integrations/). The secret and the values to paste into the vendor's form (\`setup\`) are in this answer only. At most ${DRAINS_PER_SITE} active drains per site.`,
    request: {
      params: SiteIdParam,
      body: { required: true, content: { "application/json": { schema: CreateDrainBody } } },
    },
    responses: {
      201: {
        description: "Drain created; `secret` is shown this once",
        content: { "application/json": { schema: DrainCreationSchema } },
      },
    },
  },
  { scope: "sites:write", limit: "site_writes", errors: ["site_not_found", "limit_reached"], maxBodyBytes: 4096 },
);

export function registerCreateDrain(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const input = {
      siteId: c.req.valid("param").site_id,
      format: body.format,
      vercelVerify: body.vercel_verify ?? null,
    };
    return c.json(valueOrThrow(await addDrain(c.get("ctx"), input)), 201);
  });
}
