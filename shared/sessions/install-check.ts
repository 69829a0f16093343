import { sites } from "@schema/sites";
import { database } from "../db/client";
import type { SqlRow } from "../db/sql-row";
import { sitesWithDomains } from "../sites/site-store";
import { PRIVACY_MODE, snippetFor } from "../sites/snippet";
import type { InstallCheckResult } from "./install-check-schema";
import { HEARTBEAT_FRESHNESS_S, installStatus, nextAction } from "./install-status";

/** The `sites` columns the install check reads, typed by schema/sites.ts. */
type SiteInstallRow = Pick<
  SqlRow<typeof sites>,
  | "id"
  | "domain"
  | "public_token"
  | "snippet_installed_at"
  | "last_event_at"
  | "last_accept_at"
  | "last_reject_at"
  | "last_reject_reason"
  | "last_reject_origin"
>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The install check of one site of the caller's workspace (contract "Install check
 * result", docs/decisions.md#6-install-check), or null when the workspace has no such domain. The signals
 * prove ingest-path acceptance only.
 */
export async function installCheck(
  db: D1Database,
  workspaceId: string,
  domain: string,
  baseUrl: string,
  nowMs: number,
): Promise<InstallCheckResult | null> {
  return (await installChecks(db, workspaceId, [domain], baseUrl, nowMs)).get(domain) ?? null;
}

/**
 * The install checks of several sites of the workspace in one read (a list page),
 * keyed by domain; a domain the workspace does not have is absent.
 */
export async function installChecks(
  db: D1Database,
  workspaceId: string,
  domains: string[],
  baseUrl: string,
  nowMs: number,
): Promise<Map<string, InstallCheckResult>> {
  if (domains.length === 0) return new Map();
  // Named as the D1 columns are, the row type SiteInstallRow says (schema/sites.ts).
  const results: SiteInstallRow[] = await database(db)
    .select({
      id: sites.id,
      domain: sites.domain,
      public_token: sites.publicToken,
      snippet_installed_at: sites.snippetInstalledAt,
      last_event_at: sites.lastEventAt,
      last_accept_at: sites.lastAcceptAt,
      last_reject_at: sites.lastRejectAt,
      last_reject_reason: sites.lastRejectReason,
      last_reject_origin: sites.lastRejectOrigin,
    })
    .from(sites)
    .where(sitesWithDomains(workspaceId, domains));
  return new Map(results.map((row) => [row.domain, checkOf(row, baseUrl, nowMs)]));
}

function checkOf(row: SiteInstallRow, baseUrl: string, nowMs: number): InstallCheckResult {
  const status = installStatus({ lastAcceptAt: row.last_accept_at, lastRejectAt: row.last_reject_at }, nowMs);
  return {
    site_id: row.id,
    domain: row.domain,
    status,
    snippet: snippetFor(row.public_token, baseUrl),
    privacy: PRIVACY_MODE,
    heartbeat_freshness_seconds: HEARTBEAT_FRESHNESS_S,
    snippet_installed_at: iso(row.snippet_installed_at),
    // The install heartbeat (docs/ingest.md "Install check"): the newest ingest request
    // accepted after the public token and the registered Origin were verified.
    last_verified_event_at: iso(row.last_accept_at),
    last_event_at: iso(row.last_event_at),
    last_reject_reason: row.last_reject_reason,
    last_reject_origin: row.last_reject_origin,
    last_reject_at: iso(row.last_reject_at),
    next_action: nextAction(status, row.domain, row.last_reject_reason),
  };
}
