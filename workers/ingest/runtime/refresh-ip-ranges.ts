import { resetIpRangeCache } from "@shared/classify/ip-range-cache";
import { ipRangeSources } from "@shared/classify/ip-range-sources";
import { parseVendorRanges } from "@shared/classify/ip-ranges";
import { localSwitchOn } from "@shared/config/local-switches";
import { log } from "@shared/http/log";
import { parseResolveMap } from "@shared/outbound/resolve-map";
import { safeFetch } from "@shared/outbound/safe-fetch";

const REFRESH_EVERY_MS = 24 * 3600_000;

/**
 * Refreshes vendor IP-range lists through the SSRF guard (no redirects, 1 MB, 8 s):
 * each list at most once a day; a failed or malformed fetch keeps the stored list.
 */
export async function refreshIpRanges(env: IngestEnv, now: number): Promise<{ refreshed: string[]; failed: string[] }> {
  const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);
  const { results } = await env.DB.prepare("SELECT list_id, fetched_at FROM ip_range_snapshots").all<{
    list_id: string;
    fetched_at: number;
  }>();
  const fetchedAt = new Map(results.map((r) => [r.list_id, r.fetched_at]));
  const refreshed: string[] = [];
  const failed: string[] = [];
  for (const source of ipRangeSources) {
    if (now - (fetchedAt.get(source.id) ?? 0) < REFRESH_EVERY_MS) continue;
    // Local runs and tests reach only hosts mapped to local fixtures, never the internet.
    if (localSwitchOn(env, "IP_RANGES_MAPPED_ONLY") && !resolve.has(new URL(source.url).hostname)) continue;
    try {
      const res = await safeFetch(source.url, { resolve, maxRedirects: 0, maxBytes: 1024 * 1024, timeoutMs: 8000 });
      const parsed = res.status === 200 && !res.truncated ? parseVendorRanges(JSON.parse(res.text())) : null;
      if (!parsed) throw new Error(`unusable answer (HTTP ${res.status})`);
      await env.DB.prepare(
        `INSERT INTO ip_range_snapshots (list_id, prefixes, vendor_created_at, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(list_id) DO UPDATE SET prefixes = excluded.prefixes, vendor_created_at = excluded.vendor_created_at, fetched_at = excluded.fetched_at`,
      )
        .bind(source.id, JSON.stringify(parsed.prefixes), parsed.createdAt, now)
        .run();
      refreshed.push(source.id);
    } catch (err) {
      failed.push(source.id);
      log("warn", "ip range refresh failed; keeping the stored list", {
        worker: "ingest",
        list: source.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  if (refreshed.length > 0) resetIpRangeCache();
  return { refreshed, failed };
}
