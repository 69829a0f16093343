import { findClickId, paidMedium } from "./click-ids";
import { aiReferrerHosts, aiUtmSources, searchEngineHosts, searchEngineNames } from "./referrer-hosts";

/** Acquisition sources (traffic-facts.md §3.5), declared once, in the order of the rules below. */
export const SOURCES = [
  "ai_assistant_session",
  "paid",
  "ai_assistant_link",
  "tagged",
  "search",
  "referral",
  "direct",
] as const;
export type Source = (typeof SOURCES)[number];

export interface SourceResult {
  source: Source;
  subSource: string | null;
  /** External referrer host (www. stripped), null for none or same-site. */
  referrerHost: string | null;
}

export interface SourceInput {
  /** Platform of the visiting agent, when it is one. */
  agentPlatform: string | null;
  /** The landing page URL (with its query). */
  pageUrl: URL;
  referrer: string | null;
  /** The registered site domain (docs/decisions.md#4-domains normalised). */
  siteDomain: string;
}

function stripWww(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

function hostIn(host: string, table: Readonly<Record<string, string>>): string | null {
  for (let h = host; h.includes("."); h = h.slice(h.indexOf(".") + 1)) {
    if (table[h]) return table[h];
  }
  return null;
}

function isSearchEngine(host: string): boolean {
  if (searchEngineHosts.some((s) => host === s || host.endsWith(`.${s}`))) return true;
  const labels = host.split(".");
  // google.com, google.co.uk, encrypted.google.de, search.yahoo.co.jp …
  return labels.some((label, i) => {
    if (!searchEngineNames.includes(label)) return false;
    const rest = labels.slice(i + 1);
    return rest.length === 1 || (rest.length === 2 && (rest[0] === "co" || rest[0] === "com"));
  });
}

/** Referrer host with www. stripped; null when absent, unparsable or same-site. */
export function externalReferrerHost(referrer: string | null, siteDomain: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = stripWww(host);
  if (!host || host === siteDomain || host.endsWith(`.${siteDomain}`)) return null;
  return host;
}

/**
 * Acquisition source with the precedence of traffic-facts §3.5: agent itself, paid
 * (click id or paid utm_medium), AI link (referrer or utm_source; checked before
 * search because reference tools file ChatGPT and Perplexity under search), tagged,
 * search, referral, direct.
 */
export function classifySource(input: SourceInput): SourceResult {
  const referrerHost = externalReferrerHost(input.referrer, input.siteDomain);
  const params = input.pageUrl.searchParams;
  const utmSource = params.get("utm_source")?.trim().toLowerCase() || null;
  const utmMedium = params.get("utm_medium")?.trim().toLowerCase() || null;
  if (input.agentPlatform) return { source: "ai_assistant_session", subSource: input.agentPlatform, referrerHost };
  const click = findClickId(params);
  if (click) return { source: "paid", subSource: click.platform, referrerHost };
  if (utmMedium && paidMedium.test(utmMedium)) return { source: "paid", subSource: utmSource, referrerHost };
  const aiByRef = referrerHost ? hostIn(referrerHost, aiReferrerHosts) : null;
  const aiByUtm = utmSource ? (aiUtmSources[utmSource] ?? null) : null;
  if (aiByRef || aiByUtm) return { source: "ai_assistant_link", subSource: aiByRef ?? aiByUtm, referrerHost };
  if (utmSource) return { source: "tagged", subSource: utmSource, referrerHost };
  if (referrerHost && isSearchEngine(referrerHost)) return { source: "search", subSource: referrerHost, referrerHost };
  if (referrerHost) return { source: "referral", subSource: referrerHost, referrerHost };
  return { source: "direct", subSource: null, referrerHost: null };
}
