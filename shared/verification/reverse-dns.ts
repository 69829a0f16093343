import { parseIp } from "../ip/cidr";
import { parseResolveMap, type ResolveMap } from "../outbound/resolve-map";
import { safeFetch } from "../outbound/safe-fetch";
import { MINUTE_MS } from "../time/durations";

// Forward-confirmed reverse DNS (FCrDNS), the verification some operators document
// instead of (or beside) an IP list: the client IP's PTR name must lie under one of the
// operator's domains, and that name's A/AAAA records must hold the same IP. Lookups go
// over DNS-over-HTTPS (RFC 8484, the JSON form `application/dns-json`) through the one
// outbound guard (safeFetch), so local runs and tests map the resolver like any host.
export const DOH_URL = "https://cloudflare-dns.com/dns-query";

/** What FCrDNS concluded for one IP: confirmed, refuted, or unknown (resolver down, budget spent). */
export type DnsVerdict = "confirmed" | "refuted" | "unknown";

const CONFIRMED_TTL_MS = 60 * MINUTE_MS;
const REFUTED_TTL_MS = 10 * MINUTE_MS;
const UNKNOWN_TTL_MS = MINUTE_MS;
const MAX_ENTRIES = 10_000;
const MAX_NAMES = 5;
const TIMEOUT_MS = 2000;

/** The PTR query name of an IP: reversed octets under in-addr.arpa, reversed nibbles under ip6.arpa. */
export function reverseName(ip: string): string | null {
  const parsed = parseIp(ip);
  if (!parsed) return null;
  if (parsed.version === 4) {
    const octets = [24n, 16n, 8n, 0n].map((s) => ((parsed.value >> s) & 255n).toString());
    return `${octets.reverse().join(".")}.in-addr.arpa`;
  }
  const hex = parsed.value.toString(16).padStart(32, "0");
  return `${[...hex].reverse().join(".")}.ip6.arpa`;
}

/** True when `name` is `suffix` or lies under it (label boundary, trailing dot ignored). */
export function underDomain(name: string, suffix: string): boolean {
  const n = name.toLowerCase().replace(/\.$/, "");
  const s = suffix.toLowerCase();
  return n === s || n.endsWith(`.${s}`);
}

type Answer = { status: "ok"; data: string[] } | { status: "nxdomain" } | { status: "error" };

async function query(resolve: ResolveMap, name: string, type: "PTR" | "A" | "AAAA"): Promise<Answer> {
  try {
    const res = await safeFetch(`${DOH_URL}?name=${encodeURIComponent(name)}&type=${type}`, {
      resolve,
      headers: { Accept: "application/dns-json" },
      maxRedirects: 0,
      maxBytes: 16 * 1024,
      timeoutMs: TIMEOUT_MS,
    });
    if (res.status !== 200 || res.truncated) return { status: "error" };
    const doc = JSON.parse(res.text()) as { Status?: unknown; Answer?: unknown };
    // RFC 1035 RCODE: 0 NOERROR, 3 NXDOMAIN; anything else (SERVFAIL, REFUSED) says nothing.
    if (doc.Status === 3) return { status: "nxdomain" };
    if (doc.Status !== 0) return { status: "error" };
    const wanted = type === "PTR" ? 12 : type === "A" ? 1 : 28;
    const answers = Array.isArray(doc.Answer) ? doc.Answer : [];
    const data = answers
      .filter((a): a is { type: number; data: string } => a?.type === wanted && typeof a?.data === "string")
      .map((a) => a.data);
    return { status: "ok", data };
  } catch {
    return { status: "error" };
  }
}

function sameIp(a: string, b: string): boolean {
  const x = parseIp(a);
  const y = parseIp(b);
  return x !== null && y !== null && x.version === y.version && x.value === y.value;
}

/** One FCrDNS check, uncached: PTR, the names under an allowed domain, their forward records. */
export async function forwardConfirm(resolve: ResolveMap, ip: string, domains: readonly string[]): Promise<DnsVerdict> {
  const ptr = reverseName(ip);
  if (!ptr) return "refuted";
  const names = await query(resolve, ptr, "PTR");
  if (names.status === "nxdomain") return "refuted";
  if (names.status === "error") return "unknown";
  const candidates = names.data.filter((n) => domains.some((d) => underDomain(n, d))).slice(0, MAX_NAMES);
  if (candidates.length === 0) return "refuted";
  const type = ip.includes(":") ? "AAAA" : "A";
  let unknown = false;
  for (const name of candidates) {
    const forward = await query(resolve, name.replace(/\.$/, ""), type);
    if (forward.status === "error") unknown = true;
    else if (forward.status === "ok" && forward.data.some((addr) => sameIp(addr, ip))) return "confirmed";
  }
  return unknown ? "unknown" : "refuted";
}

/** Per-isolate FCrDNS results by (IP, domains): confirmed 1 h, refuted 10 min, unknown 1 min. */
export class ReverseDnsCache {
  private readonly entries = new Map<string, { verdict: DnsVerdict; until: number }>();

  constructor(
    private readonly resolve: ResolveMap,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A check for one request that may ask the resolver about at most `maxLookups` IPs it
   * does not hold; past that the answer is `unknown` (not verified), as for key sources.
   */
  budgeted(maxLookups: number): (ip: string, domains: readonly string[]) => Promise<DnsVerdict> {
    let left = maxLookups;
    return async (ip, domains) => {
      const key = `${ip} ${domains.join(",")}`;
      const hit = this.entries.get(key);
      if (hit && hit.until > this.now()) return hit.verdict;
      if (left-- <= 0) return "unknown";
      const verdict = await forwardConfirm(this.resolve, ip, domains);
      const ttl = verdict === "confirmed" ? CONFIRMED_TTL_MS : verdict === "refuted" ? REFUTED_TTL_MS : UNKNOWN_TTL_MS;
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { verdict, until: this.now() + ttl });
      return verdict;
    };
  }
}

const isolateCaches = new Map<string, ReverseDnsCache>();

/** The isolate's FCrDNS cache for this OUTBOUND_RESOLVE value. */
export function reverseDnsFor(raw: string | undefined): ReverseDnsCache {
  const key = raw ?? "";
  let cache = isolateCaches.get(key);
  if (!cache) {
    cache = new ReverseDnsCache(parseResolveMap(raw));
    isolateCaches.set(key, cache);
  }
  return cache;
}

/** IPs one request may ask the resolver about that the isolate does not hold yet. */
export const DNS_LOOKUPS_PER_REQUEST = 4;
