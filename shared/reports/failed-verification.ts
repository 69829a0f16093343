import { FAILED_VERIFICATION_SQL } from "../classify/verification-result";
import { type DimensionFilter, filterSql } from "./grouped-sessions";
import type { ReportWindow } from "./report-window";

/** Sessions that failed their operator's published check, in all and per platform. */
export interface FailedVerification {
  total: number;
  byPlatform: Map<string, number>;
}

/**
 * The window's agent sessions that failed verification (shared/classify/verification-result.ts):
 * read from `sessions` through the partial index that holds only them
 * (`sessions_failed_verification_idx`, schema/sessions.ts; the daily aggregates carry no
 * signals), so the read touches only those sessions, whatever the window's length, as
 * the signers' read does (signers.ts).
 */
export async function failedVerification(
  db: D1Database,
  siteId: string,
  window: ReportWindow,
  filters: readonly DimensionFilter[] = [],
): Promise<FailedVerification> {
  const filtered = filterSql(filters, "live", 4);
  const { results } = await db
    .prepare(
      `SELECT agent_platform AS platform, count(*) AS sessions
       FROM sessions INDEXED BY sessions_failed_verification_idx
       WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND ${FAILED_VERIFICATION_SQL}
         AND agent_platform IS NOT NULL ${filtered.sql}
       GROUP BY agent_platform`,
    )
    .bind(siteId, window.start, window.end, ...filtered.values)
    .all<{ platform: string; sessions: number }>();
  const byPlatform = new Map(results.map((r) => [r.platform, Number(r.sessions)] as const));
  return { total: [...byPlatform.values()].reduce((n, v) => n + v, 0), byPlatform };
}
