import type { sites } from "@schema/sites";
import type { SqlRow } from "../db/sql-row";
import { normalizeDomain } from "../domains/normalize-domain";
import { ok, type Result, refusal } from "../result/result";

export interface ReportSite {
  id: string;
  domain: string;
  coverage: string;
  coverageChangedAt: number | null;
}

/**
 * The caller's site for a report's `domain`, or the refusal `invalid_domain` when
 * malformed / `site_not_found` when not registered in this workspace. A site of another
 * workspace answers exactly the same (docs/decisions.md#2-v1-errors): the lookup is
 * keyed by the key's workspace.
 */
export async function findReportSite(
  db: D1Database,
  workspaceId: string,
  rawDomain: string,
): Promise<Result<ReportSite, "invalid_domain" | "site_not_found">> {
  const normalized = normalizeDomain(rawDomain);
  if (!normalized.ok) return refusal("invalid_domain", normalized.message);
  const domain = normalized.domain;
  const row = await db
    .prepare("SELECT id, domain, coverage, coverage_changed_at FROM sites WHERE workspace_id = ? AND domain = ?")
    .bind(workspaceId, domain)
    .first<Pick<SqlRow<typeof sites>, "id" | "domain" | "coverage" | "coverage_changed_at">>();
  if (!row) return refusal("site_not_found", `No site ${domain} in this workspace`);
  return ok({ id: row.id, domain: row.domain, coverage: row.coverage, coverageChangedAt: row.coverage_changed_at });
}
