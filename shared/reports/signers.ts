import { listedSignerAt } from "../classify/listed-signers";
import { type DimensionFilter, filterSql } from "./grouped-sessions";
import type { VerificationBreakdown } from "./report-schemas";
import type { ReportWindow } from "./report-window";

export type SignerSessions = VerificationBreakdown["by_signer"][number];
export type SignerSummary = Pick<VerificationBreakdown, "signed_sessions" | "signers" | "by_signer">;

/** Rows of `by_signer`: signer origins are chosen by senders, so a window can hold many. */
export const SIGNERS_SHOWN = 20;

/**
 * Who signed the window's agent sessions (docs/ingest.md, "Who counts as verified"):
 * each signer origin with its sessions per tier, and whether it is a listed operator's,
 * the only case where its signature verifies a platform. Read from `sessions` through
 * the partial index of signed sessions (the daily aggregates carry no signer), so the
 * read touches only signed sessions, whatever the window's length.
 */
export async function signerSessions(
  db: D1Database,
  siteId: string,
  window: ReportWindow,
  filters: readonly DimensionFilter[] = [],
): Promise<SignerSummary> {
  const filtered = filterSql(filters, "live", 4);
  const where = `FROM sessions WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3
    AND signer_origin IS NOT NULL AND agent_platform IS NOT NULL ${filtered.sql}`;
  const [top, totals] = await db.batch<Record<string, string | number>>([
    db
      .prepare(
        `SELECT signer_origin AS origin, count(*) AS sessions,
           sum(tier = 'verified') AS verified, sum(tier = 'declared') AS declared
         ${where} GROUP BY signer_origin ORDER BY sessions DESC, origin LIMIT ${SIGNERS_SHOWN}`,
      )
      .bind(siteId, window.start, window.end, ...filtered.values),
    db
      .prepare(`SELECT count(*) AS sessions, count(DISTINCT signer_origin) AS signers ${where}`)
      .bind(siteId, window.start, window.end, ...filtered.values),
  ]);
  const total = totals.results[0] ?? { sessions: 0, signers: 0 };
  return {
    signed_sessions: Number(total.sessions),
    signers: Number(total.signers),
    by_signer: top.results.map((row) => {
      const origin = String(row.origin);
      const listed = listedSignerAt(origin);
      const sessions = Number(row.sessions);
      const verified = Number(row.verified);
      const declared = Number(row.declared);
      return {
        signer_origin: origin,
        listed: listed !== null,
        operator: listed?.operator ?? null,
        verifies_platform: listed?.platform ?? null,
        sessions,
        verified,
        declared,
        // A session without a stored tier made no checked claim (dimensions.ts TIER).
        heuristic: sessions - verified - declared,
      };
    }),
  };
}
