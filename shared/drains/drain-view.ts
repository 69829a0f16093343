import type { DrainView } from "./drain-schema";
import type { DrainRow } from "./drain-store";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function drainEndpointUrl(baseUrl: string, drainId: string): string {
  return `${baseUrl}/ingest/drains/${drainId}`;
}

/** The drain's install check from its status columns. */
function stateOf(d: DrainRow): DrainView["status"]["state"] {
  if (d.revokedAt !== null) return "revoked";
  if (d.lastRefusalAt !== null && (d.lastBatchAt === null || d.lastRefusalAt > d.lastBatchAt)) return "refusing";
  if (d.lastBatchAt === null) return "waiting";
  return (d.lastBatchAccepted ?? 0) > 0 ? "receiving" : "rejecting";
}

export function drainView(d: DrainRow, baseUrl: string): DrainView {
  return {
    drain_id: d.id,
    site_id: d.siteId,
    format: d.format,
    endpoint_url: drainEndpointUrl(baseUrl, d.id),
    created_at: new Date(d.createdAt).toISOString(),
    revoked_at: iso(d.revokedAt),
    status: {
      state: stateOf(d),
      last_batch_at: iso(d.lastBatchAt),
      last_batch:
        d.lastBatchAt === null
          ? null
          : {
              lines: d.lastBatchLines ?? 0,
              accepted: d.lastBatchAccepted ?? 0,
              rejected: d.lastBatchRejected ?? 0,
              reasons: d.lastBatchReasons ? (JSON.parse(d.lastBatchReasons) as Record<string, number>) : {},
            },
      last_accept_at: iso(d.lastAcceptAt),
      last_refusal_at: iso(d.lastRefusalAt),
      last_refusal_reason: d.lastRefusalReason,
    },
  };
}

/** What to paste into the vendor's settings, secret included (shown once, at creation). */
export function drainSetup(d: DrainRow, baseUrl: string, secret: string): Record<string, string> {
  const url = drainEndpointUrl(baseUrl, d.id);
  switch (d.format) {
    case "cloudflare_logpush":
      return {
        destination_conf: `${url}?header_Authorization=${encodeURIComponent(`Bearer ${secret}`)}`,
        dataset: "http_requests",
        output_type: "ndjson",
      };
    case "vercel":
      return {
        endpoint: url,
        signature_secret: secret,
        delivery_format: "json or ndjson",
        sources: "static, edge, lambda",
      };
    case "ndjson":
      return { endpoint: url, authorization: `Bearer ${secret}`, content_type: "application/x-ndjson" };
  }
}
