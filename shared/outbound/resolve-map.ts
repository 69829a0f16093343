// OUTBOUND_RESOLVE (docs/decisions.md#1-running-it): `host=127.0.0.1:PORT` pairs, comma-separated, like
// curl's --resolve. A mapped host is fetched over plain http at that address and
// stands in for its https origin. Unset in production.

export type ResolveMap = ReadonlyMap<string, string>;

export function parseResolveMap(raw: string | undefined): ResolveMap {
  const map = new Map<string, string>();
  for (const pair of (raw ?? "").split(",")) {
    const trimmed = pair.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf("=");
    if (eq <= 0) throw new Error(`OUTBOUND_RESOLVE entry "${trimmed}" is not host=address:port`);
    const host = trimmed.slice(0, eq).trim().toLowerCase();
    const target = trimmed.slice(eq + 1).trim();
    if (!/^[^\s/:]+:\d{1,5}$/.test(target) && !/^\[[0-9a-f:]+\]:\d{1,5}$/i.test(target)) {
      throw new Error(`OUTBOUND_RESOLVE target "${target}" is not address:port`);
    }
    map.set(host, target);
  }
  return map;
}
