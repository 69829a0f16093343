import { sites } from "@schema/sites";
import { and, eq } from "drizzle-orm";
import { database } from "../db/client";
import { listDrains } from "../drains/drain-store";
import { coverageOf } from "../reports/coverage";
import { siteShard } from "../shards/site-shard";
import type { Coverage } from "../sites/coverage-schema";

export interface CoverageEnv {
  DB: D1Database;
  ANALYTICS_SHARD: DurableObjectNamespace;
}

/**
 * A site's coverage now (docs/reports.md "Coverage"): its snippet signal, its drains
 * (D1) and its newest server-side record (its shard), read together. Every report's
 * transport adds it (`coverage` on the agent reports, `data_coverage` on the traffic
 * reports), so the rule lives in coverage.ts once. `snippetInstalledAt` when the caller
 * has the site's row already; otherwise it is read here.
 */
export async function siteCoverage(
  env: CoverageEnv,
  workspaceId: string,
  site: { id: string; snippetInstalledAt?: number | null },
): Promise<Coverage> {
  const db = database(env.DB);
  const [drains, serverEventsLastAt, snippetInstalledAt] = await Promise.all([
    listDrains(db, workspaceId, site.id),
    siteShard(env, site.id).serverEventsLastAt(),
    site.snippetInstalledAt !== undefined
      ? site.snippetInstalledAt
      : db
          .select({ at: sites.snippetInstalledAt })
          .from(sites)
          .where(and(eq(sites.id, site.id), eq(sites.workspaceId, workspaceId)))
          .then((rows) => rows[0]?.at ?? null),
  ]);
  return coverageOf({ snippetInstalledAt, drains, serverEventsLastAt });
}

/**
 * `data_coverage` of an answer that covers one site or, when `siteId` is null, the whole
 * workspace (the conversion and attribution reports without `domain`): null there, since
 * a workspace's sites each have their own coverage (docs/reports.md "Coverage"), and
 * reading every site's shard for one answer would cost a call per site.
 */
export async function answerCoverage(
  env: CoverageEnv,
  workspaceId: string,
  siteId: string | null,
): Promise<Coverage | null> {
  return siteId === null ? null : siteCoverage(env, workspaceId, { id: siteId });
}
