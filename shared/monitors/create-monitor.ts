import { prefixedId } from "../auth/random-token";
import type { RequestContext } from "../context/request-context";
import { normalizeRegistrableDomain } from "../domains/normalize-domain";
import { log } from "../http/log";
import { parseResolveMap } from "../outbound/resolve-map";
import { ok, type Result, refusal } from "../result/result";
import { sealSecret } from "../webhooks/secret-box";
import { generateWebhookSecret } from "../webhooks/webhook-secret";
import { checkWebhookUrl } from "../webhooks/webhook-url";
import { type MonitorControlEnv, monitorControl } from "./monitor-control";
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

/**
 * What creating a monitor reaches: D1, the scan Worker's MonitorControl (the baseline
 * scan), the local OUTBOUND_RESOLVE map the webhook URL is checked with
 * (shared/outbound/resolve-map.ts) and the webhook key the secret is sealed with
 * (WEBHOOK_SECRET_KEY or the local BUILT_IN_WEBHOOK_KEY switch, ../webhooks/secret-box.ts).
 */
export interface CreateMonitorEnv extends MonitorControlEnv {
  OUTBOUND_RESOLVE?: string;
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
async function queueBaseline(ctx: RequestContext<CreateMonitorEnv>, monitor: MonitorRecord) {
  try {
    const outcome = await monitorControl(ctx.env).requestRescan(monitor.domain, ctx.baseUrl);
    if (!outcome.accepted) return false;
    await ctx.env.DB.prepare(MARK_BASELINE_QUEUED).bind(monitor.id, ctx.nowMs).run();
    return true;
  } catch (err) {
    log("warn", "monitor baseline scan not queued", { monitor_id: monitor.id, error: String(err) });
    return false;
  }
}

/**
 * Creates a monitor of `domain` in the context's workspace (normalised here, as for
 * sites) posting to `webhookUrl` (checked here: https, default port, no IP or private
 * name, with the context's OUTBOUND_RESOLVE map), or returns the existing one for the
 * same pair without its secret. A monitor this call creates gets its first scan queued
 * through MONITOR_CONTROL, with the context's base URL as its scan_url. Refused
 * `invalid_domain` / `public_suffix`, `invalid_request` on the field `webhook_url`, or
 * `limit_reached` at the ceiling (nothing is created).
 */
export async function createMonitor(
  ctx: RequestContext<CreateMonitorEnv>,
  input: { domain: string; webhookUrl: string },
): Promise<Result<CreateMonitorResult, "invalid_domain" | "public_suffix" | "invalid_request" | "limit_reached">> {
  const domain = normalizeRegistrableDomain(input.domain);
  if (!domain.ok) return refusal(domain.code, domain.message);
  const url = checkWebhookUrl(input.webhookUrl.trim(), parseResolveMap(ctx.env.OUTBOUND_RESOLVE));
  if (!url.ok) return refusal("invalid_request", url.message, { field: "webhook_url" });
  const id = prefixedId("mon");
  const secret = generateWebhookSecret();
  const sealed = await sealSecret(ctx.env, secret);
  const d1 = ctx.env.DB;
  const { workspaceId, nowMs } = ctx;
  const [inserted, selected] = await d1.batch([
    d1.prepare(INSERT_IF_ROOM).bind(id, workspaceId, domain.domain, url.url, sealed, nowMs, MONITORS_PER_WORKSPACE),
    d1.prepare(SELECT_EXISTING).bind(workspaceId, domain.domain, url.url),
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
  const baselineQueued = created ? await queueBaseline(ctx, monitor) : false;
  return ok({ monitor, created, secret: created ? secret : null, baselineQueued });
}
