import type { sites as sitesTable } from "@schema/sites";
import { chunk } from "../batching/chunk";
import type { RequestContext } from "../context/request-context";
import type { SqlRow } from "../db/sql-row";
import type { SessionJourney } from "../reports/report-schemas";
import { ok, type Result, refusal } from "../result/result";
import { hintsSite } from "../shards/session-id";
import { siteShard } from "../shards/site-shard";
import { siteCoverage } from "./site-coverage";

/** Shards asked at once when a session id carries no known site hint. */
const FALLBACK_PARALLEL = 20;

/**
 * One AI-agent session's journey in the context's workspace (GET /traffic/sessions/{id},
 * the journey page), with its site's coverage. The session lives in its site's shard.
 * Its id names the site (shared/shards/session-id.ts), so normally one shard is asked; an id without a matching hint (a
 * session migrated from the single D1) is looked for in every site of the workspace,
 * FALLBACK_PARALLEL shards at a time.
 */
export async function findJourney(
  ctx: RequestContext,
  input: { sessionId: string },
): Promise<Result<SessionJourney, "session_not_found">> {
  const { env, workspaceId } = ctx;
  const { sessionId } = input;
  const { results: sites } = await env.DB.prepare("SELECT id, domain FROM sites WHERE workspace_id = ?")
    .bind(workspaceId)
    .all<Pick<SqlRow<typeof sitesTable>, "id" | "domain">>();
  const hinted = sites.filter((s) => hintsSite(sessionId, s.id));
  const ask = async (s: { id: string; domain: string }) => ({
    site: s,
    journey: await siteShard(env, s.id).journey({ id: s.id, domain: s.domain, workspaceId }, sessionId),
  });
  const rest = sites.filter((s) => !hinted.includes(s));
  for (const group of [hinted, ...chunk(rest, FALLBACK_PARALLEL)]) {
    const found = (await Promise.all(group.map(ask))).find((j) => j.journey.ok);
    if (found?.journey.ok) {
      // The coverage of the session's site, as every traffic report carries it.
      const data_coverage = await siteCoverage(env, workspaceId, { id: found.site.id });
      return ok({ ...found.journey.value, data_coverage });
    }
  }
  return refusal("session_not_found");
}
