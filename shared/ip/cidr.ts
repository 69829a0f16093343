// IPv4/IPv6 parsing and CIDR containment on bigints: pure, no dependencies.

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  bits: number;
}

function parseV4(ip: string): bigint | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

function parseV6(ip: string): bigint | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  // Embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const v4 = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const n = parseV4(v4[2]);
    if (n === null) return null;
    text = `${v4[1]}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(Number.parseInt(g, 16));
  }
  return n;
}

// The last address parsed and its reading: one request's address is parsed by each step
// that reads it (the agent's IP ranges, the visitor's network, the visitor bound), three
// times per AI agent's page view of a drain batch (docs/performance/log.md, "Drains",
// issue 46). The reading is frozen, so no caller can change what the next one gets.
let lastIp: string | undefined;
let lastParsed: Readonly<{ version: 4 | 6; value: bigint }> | null = null;

/** Parses an IP address; IPv4-mapped IPv6 (::ffff:a.b.c.d) is returned as IPv4. */
export function parseIp(ip: string): Readonly<{ version: 4 | 6; value: bigint }> | null {
  if (ip === lastIp) return lastParsed;
  const parsed = readIp(ip);
  lastIp = ip;
  lastParsed = parsed && Object.freeze(parsed);
  return lastParsed;
}

function readIp(ip: string): { version: 4 | 6; value: bigint } | null {
  const trimmed = ip.trim();
  if (trimmed.includes(":")) {
    const v = parseV6(trimmed);
    if (v === null) return null;
    if (v >> 32n === 0xffffn) return { version: 4, value: v & 0xffffffffn };
    return { version: 6, value: v };
  }
  const v = parseV4(trimmed);
  return v === null ? null : { version: 4, value: v };
}

export function parseCidr(cidr: string): Cidr | null {
  const [addr, len, extra] = cidr.trim().split("/");
  if (extra !== undefined || !addr) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  const bits = len === undefined ? max : Number(len);
  if (!Number.isInteger(bits) || bits < 0 || bits > max || (len !== undefined && !/^\d+$/.test(len))) return null;
  const shift = BigInt(max - bits);
  return { version: ip.version, base: (ip.value >> shift) << shift, bits };
}

export function cidrContains(cidr: Cidr, ip: { version: 4 | 6; value: bigint }): boolean {
  if (cidr.version !== ip.version) return false;
  const shift = BigInt((cidr.version === 4 ? 32 : 128) - cidr.bits);
  return ip.value >> shift === cidr.base >> shift;
}

/**
 * The network part kept for the visitor hash (contract: /24 for IPv4, /64 for IPv6),
 * written canonically so equal networks always hash alike. Null for unparsable input.
 */
export function truncateIp(ip: string): string | null {
  const parsed = parseIp(ip);
  if (!parsed) return null;
  if (parsed.version === 4) {
    const n = parsed.value >> 8n;
    return `${(n >> 16n) & 255n}.${(n >> 8n) & 255n}.${n & 255n}.0/24`;
  }
  const top = parsed.value >> 64n;
  const groups = [48n, 32n, 16n, 0n].map((s) => ((top >> s) & 0xffffn).toString(16));
  return `${groups.join(":")}::/64`;
}

/**
 * The larger network a visitor bound counts by (shared/ingest/beacon-limits.ts): the /24
 * for IPv4, as the visitor hash, and the /48 for IPv6, the prefix one site or customer
 * is assigned (RFC 6177 §3: /48 to /64 for an end site; RIPE-690 recommends /48 or /56
 * for residential customers), so whoever holds a /48 cannot add visitors by rotating its
 * 65,536 /64s. Null for unparsable input.
 */
export function visitorBoundNetwork(ip: string): string | null {
  const parsed = parseIp(ip);
  if (!parsed) return null;
  if (parsed.version === 4) return truncateIp(ip);
  const top = parsed.value >> 80n;
  const groups = [32n, 16n, 0n].map((s) => ((top >> s) & 0xffffn).toString(16));
  return `${groups.join(":")}::/48`;
}
