import { domainOrThrow } from "../domains/domain-or-throw";
import { ApiError } from "../errors/api-error";

export interface ReportSite {
  id: string;
  domain: string;
  coverage: string;
  coverageChangedAt: number | null;
}

/**
 * The caller's site for a report's `domain`: 400 `invalid_domain` when malformed, 404
 * `site_not_found` when not registered in this workspace. A site of another workspace
 * answers exactly the same (decisions §2): the lookup is keyed by the key's workspace.
 */
export async function findReportSite(db: D1Database, workspaceId: string, rawDomain: string): Promise<ReportSite> {
  const domain = domainOrThrow(rawDomain);
  const row = await db
    .prepare("SELECT id, domain, coverage, coverage_changed_at FROM sites WHERE workspace_id = ? AND domain = ?")
    .bind(workspaceId, domain)
    .first<{ id: string; domain: string; coverage: string; coverage_changed_at: number | null }>();
  if (!row) throw new ApiError("site_not_found", `No site ${domain} in this workspace`);
  return { id: row.id, domain: row.domain, coverage: row.coverage, coverageChangedAt: row.coverage_changed_at };
}
