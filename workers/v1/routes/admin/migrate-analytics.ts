import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { legacyEvents, legacySessions } from "@shared/shards/migrate-from-d1";
import { siteShard } from "@shared/shards/site-shard";
import type { V1AppEnv } from "../../app-env";

// Local-only (behind the /__admin DEV_ROUTES guard in keys.ts): copies every site's
// analytics from the single D1 into its shard, for `npm run migrate:analytics`. The
// production procedure is in docs/architecture.md ("Moving existing data").

const route = createRoute({
  method: "post",
  path: "/__admin/migrate-analytics",
  hide: true,
  request: { query: z.object({ site_id: z.string().min(1).max(100).optional() }) },
  responses: { 200: { description: "Rows copied per site" } },
});

export function registerMigrateAnalytics(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const only = c.req.valid("query").site_id;
    const { results: sites } = await c.env.DB.prepare(
      "SELECT id FROM sites WHERE (?1 IS NULL OR id = ?1) AND id IN (SELECT DISTINCT site_id FROM sessions) ORDER BY id",
    )
      .bind(only ?? null)
      .all<{ id: string }>();
    const copied: { site_id: string; sessions: number; events: number; days_rebuilt: number }[] = [];
    for (const { id } of sites) {
      const shard = siteShard(c.env, id);
      let sessions = 0;
      let events = 0;
      for (let page = await legacySessions(c.env.DB, id, ""); page.length > 0; ) {
        await shard.importLegacy({ sessions: page });
        sessions += page.length;
        page = await legacySessions(c.env.DB, id, page[page.length - 1].id);
      }
      for (let page = await legacyEvents(c.env.DB, id, ""); page.length > 0; ) {
        await shard.importLegacy({ events: page });
        events += page.length;
        page = await legacyEvents(c.env.DB, id, page[page.length - 1].id);
      }
      // Rebuild the copied days' aggregates now (the shard's own rollup pass).
      let days = 0;
      for (let pass = await shard.settle(); ; pass = await shard.settle()) {
        days += pass.daysRebuilt;
        if (pass.daysRebuilt === 0) break;
      }
      copied.push({ site_id: id, sessions, events, days_rebuilt: days });
    }
    return c.json({ sites: copied }, 200);
  });
}
