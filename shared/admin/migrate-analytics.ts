import { ok, type Result } from "../result/result";
import { legacyEvents, legacySessions, legacySiteIds } from "../shards/migrate-from-d1";
import { siteShard } from "../shards/site-shard";
import type { AdminContext } from "./admin-context";

export interface SiteCopied {
  siteId: string;
  sessions: number;
  events: number;
  daysRebuilt: number;
}

/**
 * Copies every site's analytics (or one site's) from the single D1 into its shard, page
 * by page, then rebuilds the copied days' aggregates with the shard's own rollup pass
 * (`npm run migrate:analytics`; the production procedure is in docs/architecture.md,
 * "Moving existing data"). Each step is idempotent (shared/shards/migrate-from-d1.ts):
 * a run that stops half way is run again.
 */
export async function migrateAnalytics(
  ctx: AdminContext,
  input: { siteId?: string },
): Promise<Result<{ sites: SiteCopied[] }, never>> {
  const d1 = ctx.env.DB;
  const copied: SiteCopied[] = [];
  for (const siteId of await legacySiteIds(d1, input.siteId ?? null)) {
    const shard = siteShard(ctx.env, siteId);
    let sessions = 0;
    let events = 0;
    for (let page = await legacySessions(d1, siteId, ""); page.length > 0; ) {
      await shard.importLegacy({ sessions: page });
      sessions += page.length;
      page = await legacySessions(d1, siteId, page[page.length - 1].id);
    }
    for (let page = await legacyEvents(d1, siteId, ""); page.length > 0; ) {
      await shard.importLegacy({ events: page });
      events += page.length;
      page = await legacyEvents(d1, siteId, page[page.length - 1].id);
    }
    let daysRebuilt = 0;
    for (let pass = await shard.settle(); ; pass = await shard.settle()) {
      daysRebuilt += pass.daysRebuilt;
      if (pass.daysRebuilt === 0) break;
    }
    copied.push({ siteId, sessions, events, daysRebuilt });
  }
  return ok({ sites: copied });
}
