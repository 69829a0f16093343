import { parse } from "tldts";
import { OutboundError } from "./outbound-error";
import type { ResolveMap } from "./resolve-map";

// The one SSRF guard of every outbound fetch: scanner, webhooks, key directories, IP-range
// refresh (docs/decisions.md#1-running-it; docs/security.md). Workers have no DNS API, so a name cannot be
// resolved and checked before connecting: the guard refuses every IP literal, the
// well-known private names below, and every name that does not end in a public suffix of
// the ICANN section of the Public Suffix List (`*.internal`, `*.local`, `*.test`, `corp`,
// ...). Names that resolve to private addresses in public DNS are not caught here; in
// production Cloudflare's egress does not route to private ranges, which closes that gap
// outside the Worker. Hosts mapped by OUTBOUND_RESOLVE (local runs) are allowed as mapped.

/** Names that only ever mean "this machine", "this network" or a cloud metadata service. */
const PRIVATE_NAMES = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal", // GCP metadata server
  "instance-data", // AWS metadata alias
  "instance-data.ec2.internal",
  "metadata.azure.com",
]);

/** Special-use suffixes that never name a public host (RFC 6761, RFC 8375, RFC 6762, ICANN .internal). */
const PRIVATE_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".intranet", ".corp"];

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Names an IPv4 range so the refusal message says why. Pure; also used in tests. */
export function ipv4Category(ip: string): string {
  const [a, b] = ip.split(".").map(Number);
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 169 && b === 254) return "link-local / cloud metadata";
  if (a === 100 && b >= 64 && b <= 127) return "carrier-grade NAT";
  if (a === 0) return "unspecified";
  if (a >= 224) return "multicast / reserved";
  return "public";
}

export function ipv6Category(ip: string): string {
  const lower = ip.toLowerCase();
  if (lower === "::1") return "loopback";
  if (lower === "::") return "unspecified";
  if (/^fe[89ab]/.test(lower)) return "link-local";
  if (/^f[cd]/.test(lower)) return "unique-local";
  if (lower.startsWith("::ffff:")) return "IPv4-mapped";
  if (lower.startsWith("fd00:ec2::254")) return "cloud metadata";
  return "public";
}

export interface OutboundTarget {
  /** The URL the caller asked for (logical; https for mapped hosts). */
  url: URL;
  /** The URL actually fetched: the same, or plain http at the OUTBOUND_RESOLVE address. */
  fetchUrl: string;
  mapped: boolean;
}

/**
 * Decides whether `raw` may be fetched and where. Only http(s) on default ports;
 * no IP literals; no private names. A host listed in OUTBOUND_RESOLVE is the only way
 * to reach loopback: it is fetched over plain http at the mapped address and keeps
 * its logical https URL.
 */
export function guardOutboundUrl(raw: string | URL, resolve: ResolveMap): OutboundTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError("invalid_url", String(raw), `"${String(raw)}" is not a valid URL`);
  }
  const href = url.href;
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new OutboundError("scheme_not_allowed", href, `Only http and https URLs may be fetched, not ${url.protocol}`);
  }
  if (url.port !== "") {
    throw new OutboundError("port_not_allowed", href, `Only default ports may be fetched, not port ${url.port}`);
  }
  if (url.username || url.password) {
    throw new OutboundError("invalid_url", href, "URLs with credentials are not fetched");
  }
  // WHATWG URL parsing already turns 0x7f.1, 2130706433 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const target = resolve.get(host);
  if (target) {
    const fetchUrl = `http://${target}${url.pathname}${url.search}`;
    const logical = new URL(url.href);
    logical.protocol = "https:";
    return { url: logical, fetchUrl, mapped: true };
  }
  if (IPV4.test(host)) {
    throw new OutboundError("ip_literal", href, `IP addresses are not fetched (${host} is ${ipv4Category(host)})`);
  }
  if (host.startsWith("[")) {
    const ip = host.slice(1, -1);
    throw new OutboundError("ip_literal", href, `IP addresses are not fetched (${ip} is ${ipv6Category(ip)})`);
  }
  if (!host.includes(".") || PRIVATE_NAMES.has(host) || PRIVATE_SUFFIXES.some((s) => host.endsWith(s))) {
    throw new OutboundError("private_host", href, `${host} is a local or internal name and is not fetched`);
  }
  const parsed = parse(host, { allowPrivateDomains: false });
  if (!parsed.isIcann || !parsed.domain) {
    throw new OutboundError(
      "private_host",
      href,
      `${host} does not end in a public suffix (such as .com or .co.uk), so it is no public host and is not fetched`,
    );
  }
  return { url, fetchUrl: url.href, mapped: false };
}
