// The three matchers a collector needs to apply a policy document locally: product
// tokens in a User-Agent, an address in published CIDRs, a path against robots.txt rules.
// Each is the service's own rule, restated because this package depends on nothing:
// shared/classify/product-token.ts, shared/ip/cidr.ts + shared/classify/ip-ranges.ts and
// shared/robots/is-allowed.ts. test/collectors/policy-match.test.ts holds each pair
// to the same answers.

// ---- product tokens (RFC 9110 §10.1.5), as shared/classify/product-token.ts ----

const NOT_A_PRODUCT = /(?:https?:\/\/|www\.)[^\s;)]*|\+[^\s;)]*|[^\s;(]+@[^\s;)]+/gi;
const TOKEN_END = /[\s/;),(:+]/;

/** The UA lower-cased with URLs and addresses blanked (same length), ready for `hasProductToken`. */
export function prepareUserAgent(userAgent: string): string {
  return userAgent.toLowerCase().replace(NOT_A_PRODUCT, (m) => " ".repeat(m.length));
}

function depthAt(ua: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    if (ua[i] === "(") depth++;
    else if (ua[i] === ")" && depth > 0) depth--;
  }
  return depth;
}

function startsProduct(ua: string, at: number): boolean {
  if (at === 0) return true;
  const insideComment = depthAt(ua, at) > 0;
  let i = at - 1;
  while (i >= 0 && ua[i] === " ") i--;
  if (i < 0) return true;
  const prev = ua[i];
  if (prev === "(" || prev === ";" || prev === ",") return true;
  if (insideComment || i === at - 1) return false;
  if (prev === ")") return true;
  // The word before must be a product that ended with its version (`Safari/537.36`).
  let w = i;
  while (w >= 0 && !/[\s;(),]/.test(ua[w])) w--;
  return ua.slice(w + 1, i + 1).includes("/");
}

/** True when `token` (lower case) stands as a product token in a prepared UA. */
export function hasProductToken(prepared: string, token: string): boolean {
  let from = 0;
  for (;;) {
    const at = prepared.indexOf(token, from);
    if (at < 0) return false;
    const after = prepared[at + token.length];
    if ((after === undefined || TOKEN_END.test(after)) && startsProduct(prepared, at)) return true;
    from = at + 1;
  }
}

// ---- addresses, as shared/ip/cidr.ts and shared/classify/ip-ranges.ts ----

export interface ParsedIp {
  version: 4 | 6;
  value: bigint;
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

/** An IP address; IPv4-mapped IPv6 (::ffff:a.b.c.d) read as IPv4. */
export function parseIp(ip: string): ParsedIp | null {
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

/** One list's CIDRs as sorted, merged address intervals per IP version, for a binary search. */
export interface AddressSet {
  4: { starts: bigint[]; ends: bigint[] };
  6: { starts: bigint[]; ends: bigint[] };
}

export function addressSet(cidrs: readonly string[]): AddressSet {
  const ranges: Record<4 | 6, [bigint, bigint][]> = { 4: [], 6: [] };
  for (const cidr of cidrs) {
    const [addr, len, extra] = cidr.trim().split("/");
    if (extra !== undefined || !addr) continue;
    const ip = parseIp(addr);
    if (!ip) continue;
    const max = ip.version === 4 ? 32 : 128;
    const bits = len === undefined ? max : Number(len);
    if (!Number.isInteger(bits) || bits < 0 || bits > max || (len !== undefined && !/^\d+$/.test(len))) continue;
    const shift = BigInt(max - bits);
    const base = (ip.value >> shift) << shift;
    ranges[ip.version].push([base, base + (1n << shift) - 1n]);
  }
  const set: AddressSet = { 4: { starts: [], ends: [] }, 6: { starts: [], ends: [] } };
  for (const version of [4, 6] as const) {
    const { starts, ends } = set[version];
    for (const [start, end] of ranges[version].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      const last = ends.length - 1;
      if (last >= 0 && start <= ends[last] + 1n) {
        if (end > ends[last]) ends[last] = end;
      } else {
        starts.push(start);
        ends.push(end);
      }
    }
  }
  return set;
}

export function inAddressSet(ip: ParsedIp, set: AddressSet): boolean {
  const { starts, ends } = set[ip.version];
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] > ip.value) hi = mid - 1;
    else if (ends[mid] < ip.value) lo = mid + 1;
    else return true;
  }
  return false;
}

// ---- robots.txt rules (RFC 9309 §2.2.2-§2.2.3), as shared/robots/is-allowed.ts ----

/** Printable ASCII kept, everything else percent-encoded as UTF-8, escapes in upper-case hex. */
export function percentNormal(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code <= 0x20 || code >= 0x7f ? encodeURIComponent(ch) : ch;
  }
  return out.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

/** A robots.txt rule compiled once: whether it allows, its pattern's length, its matcher. */
export interface CompiledRule {
  allow: boolean;
  length: number;
  regex: RegExp;
}

export function compileRule(allow: boolean, pattern: string): CompiledRule {
  const normal = percentNormal(pattern);
  const anchored = normal.endsWith("$");
  const body = anchored ? normal.slice(0, -1) : normal;
  const source = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return { allow, length: pattern.length, regex: new RegExp(`^${source}${anchored ? "$" : ""}`) };
}

/** Whether the rules allow `pathAndQuery`: the longest matching pattern decides, Allow wins a tie. */
export function robotsAllows(rules: readonly CompiledRule[], pathAndQuery: string): boolean {
  if (pathAndQuery === "/robots.txt") return true;
  const path = percentNormal(pathAndQuery);
  let best: CompiledRule | null = null;
  for (const rule of rules) {
    if (!rule.regex.test(path)) continue;
    if (!best || rule.length > best.length || (rule.length === best.length && rule.allow && !best.allow)) best = rule;
  }
  return best?.allow ?? true;
}
