import { type Cidr, cidrContains, parseCidr, parseIp } from "./cidr";

/** Parsed lists: list id → CIDRs. Build once per refresh, reuse for every request. */
export type IpRangeIndex = ReadonlyMap<string, readonly Cidr[]>;

export function buildIpRangeIndex(lists: Readonly<Record<string, readonly string[]>>): IpRangeIndex {
  const index = new Map<string, Cidr[]>();
  for (const [id, prefixes] of Object.entries(lists)) {
    index.set(
      id,
      prefixes.map(parseCidr).filter((c): c is Cidr => c !== null),
    );
  }
  return index;
}

/** True when the full client IP lies inside any of the given vendor lists. */
export function ipInLists(ip: string | null, listIds: readonly string[], index: IpRangeIndex): boolean {
  if (!ip || listIds.length === 0) return false;
  const parsed = parseIp(ip);
  if (!parsed) return false;
  return listIds.some((id) => (index.get(id) ?? []).some((c) => cidrContains(c, parsed)));
}

/**
 * Parses a vendor document ({prefixes: [{ipv4Prefix} | {ipv6Prefix}]}) into valid CIDR
 * strings; null when the document is not in that shape or holds no valid prefix.
 */
export function parseVendorRanges(doc: unknown): { prefixes: string[]; createdAt: string | null } | null {
  if (!doc || typeof doc !== "object") return null;
  const { prefixes, creationTime } = doc as { prefixes?: unknown; creationTime?: unknown };
  if (!Array.isArray(prefixes)) return null;
  const valid: string[] = [];
  for (const p of prefixes) {
    const text = (p as { ipv4Prefix?: unknown; ipv6Prefix?: unknown })?.ipv4Prefix ?? p?.ipv6Prefix;
    if (typeof text === "string" && parseCidr(text)) valid.push(text.trim());
  }
  if (valid.length === 0) return null;
  return { prefixes: valid, createdAt: typeof creationTime === "string" ? creationTime : null };
}
