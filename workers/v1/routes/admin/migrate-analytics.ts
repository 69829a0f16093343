import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { migrateAnalytics } from "@shared/admin/migrate-analytics";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { adminContext } from "./keys";

// Local-only (behind the /__admin ADMIN_ROUTES guard in keys.ts): `npm run migrate:analytics`
// asks the use case (shared/admin/migrate-analytics.ts) to copy every site's analytics
// from the single D1 into its shard, and gets the rows copied per site.

const route = createRoute({
  method: "post",
  path: "/__admin/migrate-analytics",
  hide: true,
  request: { query: z.object({ site_id: z.string().min(1).max(100).optional() }) },
  responses: { 200: { description: "Rows copied per site" } },
});

export function registerMigrateAnalytics(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { sites } = valueOrThrow(await migrateAnalytics(adminContext(c), { siteId: c.req.valid("query").site_id }));
    return c.json(
      {
        sites: sites.map((s) => ({
          site_id: s.siteId,
          sessions: s.sessions,
          events: s.events,
          days_rebuilt: s.daysRebuilt,
        })),
      },
      200,
    );
  });
}
