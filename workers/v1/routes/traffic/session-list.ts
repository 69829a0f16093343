import { cursorKey } from "@shared/cursor/keyset-cursor";
import { valueOrThrow } from "@shared/errors/api-error";
import { siteCoverage } from "@shared/reads/site-coverage";
import type { ReportPeriod } from "@shared/reports/report-window";
import { type SessionPageWindow, type SessionPosition, sessionListPage } from "@shared/reports/session-list-page";
import { siteShard } from "@shared/shards/site-shard";

/**
 * The body of a session-list route (failing sessions, all sessions): the list's page
 * in the key's workspace, read by `readPage` from the site's analytics shard, with the
 * next cursor signed, and the site's `data_coverage`; a refused domain, site or cursor
 * becomes its v1 error here.
 * `listKey` is the list's name and filters, which a cursor is bound to.
 */
export async function sessionListBody<P extends { last: SessionPosition | null; site_id: string }>(
  env: V1Env,
  workspaceId: string,
  query: { domain: string; period: ReportPeriod; from?: string; to?: string; cursor?: string },
  listKey: readonly string[],
  readPage: (shard: ReturnType<typeof siteShard>, at: SessionPageWindow) => Promise<P>,
) {
  const { domain, period, from, to, cursor } = query;
  const page = await sessionListPage(
    env.DB,
    await cursorKey(env),
    { workspaceId, domain, window: { period, from, to }, cursor, listKey },
    Date.now(),
    (at) => readPage(siteShard(env, at.site.id), at),
  );
  const body = valueOrThrow(page);
  return { ...body, data_coverage: await siteCoverage(env, workspaceId, { id: body.site_id }) };
}
