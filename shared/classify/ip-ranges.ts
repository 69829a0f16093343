import { type Cidr, parseCidr, parseIp } from "../ip/cidr";

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

/** One list's CIDRs as address intervals, sorted and merged, one array per IP version. */
interface Intervals {
  4: { starts: bigint[]; ends: bigint[] };
  6: { starts: bigint[]; ends: bigint[] };
}

// Built once per list array (an index is rebuilt every refresh, so entries go with it).
const intervalsOf = new WeakMap<readonly Cidr[], Intervals>();

function intervals(cidrs: readonly Cidr[]): Intervals {
  const known = intervalsOf.get(cidrs);
  if (known) return known;
  const built: Intervals = { 4: { starts: [], ends: [] }, 6: { starts: [], ends: [] } };
  for (const version of [4, 6] as const) {
    const width = BigInt(version === 4 ? 32 : 128);
    const ranges = cidrs
      .filter((c) => c.version === version)
      .map((c) => [c.base, c.base + (1n << (width - BigInt(c.bits))) - 1n] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const { starts, ends } = built[version];
    for (const [start, end] of ranges) {
      const last = ends.length - 1;
      // Overlapping or adjacent ranges become one: membership is unchanged.
      if (last >= 0 && start <= ends[last] + 1n) {
        if (end > ends[last]) ends[last] = end;
      } else {
        starts.push(start);
        ends.push(end);
      }
    }
  }
  intervalsOf.set(cidrs, built);
  return built;
}

/** Whether `value` lies in one of the sorted, disjoint intervals (binary search). */
function inIntervals(value: bigint, { starts, ends }: { starts: bigint[]; ends: bigint[] }): boolean {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] > value) hi = mid - 1;
    else if (ends[mid] < value) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * True when the full client IP lies inside any of the given vendor lists. The same
 * answer as testing each CIDR (`cidrContains`, cidr.ts), found by binary search over the list's
 * merged intervals: a list holds hundreds of prefixes and every AI agent's request
 * asks (docs/performance/log.md, "Drains", Round 3).
 */
export function ipInLists(ip: string | null, listIds: readonly string[], index: IpRangeIndex): boolean {
  if (!ip || listIds.length === 0) return false;
  const parsed = parseIp(ip);
  if (!parsed) return false;
  return listIds.some((id) => {
    const cidrs = index.get(id);
    return cidrs !== undefined && cidrs.length > 0 && inIntervals(parsed.value, intervals(cidrs)[parsed.version]);
  });
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
