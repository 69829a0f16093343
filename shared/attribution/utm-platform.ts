import { aiReferrerHosts, aiUtmSources } from "../classify/referrer-hosts";

// docs/decisions.md#7-conversions-and-attribution: "UTM sources of AI assistants map to their platform (`chatgpt.com` →
// `chatgpt`, `perplexity` → `perplexity`, ...); other UTM sources map to platform
// `other`". Reuses the ingest classifier's tables (shared/classify/referrer-hosts.ts,
// traffic-facts §3.1): the utm_source values assistants append, then the assistants'
// referrer hosts, since integrators often copy the referring host into utm_source.

/** The form a utm_source is matched, stored and reported in: trimmed, lowercase, one `www.` removed. */
export function canonicalUtmSource(source: string): string {
  const lower = source.trim().toLowerCase();
  return lower.startsWith("www.") ? lower.slice(4) : lower;
}

/** The AI platform a utm_source names, or null when it names none. */
export function aiPlatformOfUtmSource(source: string): string | null {
  const key = canonicalUtmSource(source);
  return aiUtmSources[key] ?? aiReferrerHosts[key] ?? null;
}
