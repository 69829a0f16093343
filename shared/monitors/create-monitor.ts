import { prefixedId } from "../auth/random-token";
import { normalizeRegistrableDomain } from "../domains/normalize-domain";
import type { ResolveMap } from "../outbound/resolve-map";
import { ok, type Result, refusal } from "../result/result";
import { sealSecret } from "../webhooks/secret-box";
import { generateWebhookSecret } from "../webhooks/webhook-secret";
import { checkWebhookUrl } from "../webhooks/webhook-url";
import { MONITORS_PER_WORKSPACE } from "./monitor-limits";
import { type MonitorRecord, monitorRecordFromD1 } from "./monitor-row";

export interface CreateMonitorResult {
  monitor: MonitorRecord;
  created: boolean;
  /** The `whsec_` secret, only when this call created the monitor (it is shown once). */
  secret: string | null;
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

/**
 * Creates a monitor of `domain` (normalised here, as for sites) posting to `webhookUrl`
 * (checked here: https, default port, no IP or private name; `resolve` is the local
 * OUTBOUND_RESOLVE map), or returns the existing one for the same pair without its
 * secret. Refused `invalid_domain` / `public_suffix`, `invalid_request` on the field
 * `webhook_url`, or `limit_reached` at the ceiling (nothing is created).
 */
export async function createMonitor(
  d1: D1Database,
  env: object,
  input: { workspaceId: string; domain: string; webhookUrl: string; resolve: ResolveMap },
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
  return ok({ monitor: monitorRecordFromD1(row), created, secret: created ? secret : null });
}
