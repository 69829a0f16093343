import { prefixedId } from "../auth/random-token";
import { normalizeRegistrableDomain } from "../domains/normalize-domain";
import { log } from "../http/log";
import type { ResolveMap } from "../outbound/resolve-map";
import { ok, type Result, refusal } from "../result/result";
import { sealSecret } from "../webhooks/secret-box";
import { generateWebhookSecret } from "../webhooks/webhook-secret";
import { checkWebhookUrl } from "../webhooks/webhook-url";
import type { MonitorControlApi } from "./monitor-control";
import { MONITORS_PER_WORKSPACE } from "./monitor-limits";
import { type MonitorRecord, monitorRecordFromD1 } from "./monitor-row";

export interface CreateMonitorResult {
  monitor: MonitorRecord;
  created: boolean;
  /** The `whsec_` secret, only when this call created the monitor (it is shown once). */
  secret: string | null;
  /** Whether this call queued the first scan, whose score becomes the baseline. */
  baselineQueued: boolean;
}

/** What queues the baseline scan: the scan Worker's control and the service's base URL (the payload's scan_url). */
export interface BaselineScan {
  control: MonitorControlApi;
  baseUrl: string;
}

// Same shape as site registration: one conditional INSERT decides idempotency (the
// unique (workspace, domain, webhook_url) index turns a repeat into DO NOTHING) and the
// ceiling (inserted only while the workspace holds fewer monitors), inside D1's single
// writer; the SELECT in the same batch reads the row back either way. drizzle cannot
// express INSERT ... SELECT ... WHERE (subquery), hence raw SQL.
const INSERT_IF_ROOM = `INSERT INTO monitors (id, workspace_id, domain, webhook_url, secret_sealed, created_at)
  SELECT ?1, ?2, ?3, ?4, ?5, ?6
  WHERE (SELECT count(*) FROM monitors WHERE workspace_id = ?2) < ?7
  ON CONFLICT (workspace_id, domain, webhook_url) DO NOTHING`;
const SELECT_EXISTING = "SELECT * FROM monitors WHERE workspace_id = ?1 AND domain = ?2 AND webhook_url = ?3";
// The baseline scan stands for today's daily rescan: the cron's next claim of the domain
// is at its next daily slot, not at the next tick (rescan-slot.ts isRescanDue).
const MARK_BASELINE_QUEUED = "UPDATE monitors SET last_rescan_at = ?2 WHERE id = ?1 AND last_rescan_at IS NULL";

/**
 * Queues the first scan of a new monitor (docs/webhooks.md "Baseline"): its score is the
 * baseline, so the next scan that moves it sends score.changed. Counted against the
 * domain's scan limit like any scan; refused there or unreachable, the rescan cron
 * scans the domain at its next tick (a monitor never scanned is due), so the monitor is
 * created either way.
 */
async function queueBaseline(d1: D1Database, monitor: MonitorRecord, scan: BaselineScan, now: number) {
  try {
    const outcome = await scan.control.requestRescan(monitor.domain, scan.baseUrl);
    if (!outcome.accepted) return false;
    await d1.prepare(MARK_BASELINE_QUEUED).bind(monitor.id, now).run();
    return true;
  } catch (err) {
    log("warn", "monitor baseline scan not queued", { monitor_id: monitor.id, error: String(err) });
    return false;
  }
}

/**
 * Creates a monitor of `domain` (normalised here, as for sites) posting to `webhookUrl`
 * (checked here: https, default port, no IP or private name; `resolve` is the local
 * OUTBOUND_RESOLVE map), or returns the existing one for the same pair without its
 * secret. A monitor this call creates gets its first scan queued through `baseline`.
 * Refused `invalid_domain` / `public_suffix`, `invalid_request` on the field
 * `webhook_url`, or `limit_reached` at the ceiling (nothing is created).
 */
export async function createMonitor(
  d1: D1Database,
  env: object,
  input: { workspaceId: string; domain: string; webhookUrl: string; resolve: ResolveMap; baseline: BaselineScan },
  now = Date.now(),
): Promise<Result<CreateMonitorResult, "invalid_domain" | "public_suffix" | "invalid_request" | "limit_reached">> {
  const domain = normalizeRegistrableDomain(input.domain);
  if (!domain.ok) return refusal(domain.code, domain.message);
  const url = checkWebhookUrl(input.webhookUrl.trim(), input.resolve);
  if (!url.ok) return refusal("invalid_request", url.message, { field: "webhook_url" });
  const id = prefixedId("mon");
  const secret = generateWebhookSecret();
  const sealed = await sealSecret(env, secret);
  const [inserted, selected] = await d1.batch([
    d1.prepare(INSERT_IF_ROOM).bind(id, input.workspaceId, domain.domain, url.url, sealed, now, MONITORS_PER_WORKSPACE),
    d1.prepare(SELECT_EXISTING).bind(input.workspaceId, domain.domain, url.url),
  ]);
  const row = (selected.results as Record<string, unknown>[])[0];
  if (!row) {
    return refusal(
      "limit_reached",
      `The workspace holds ${MONITORS_PER_WORKSPACE} monitors, the ceiling; delete one to add another`,
    );
  }
  const created = inserted.meta.changes === 1 && row.id === id;
  const monitor = monitorRecordFromD1(row);
  const baselineQueued = created ? await queueBaseline(d1, monitor, input.baseline, now) : false;
  return ok({ monitor, created, secret: created ? secret : null, baselineQueued });
}
