// A cookie jar for one scan's journey, held in memory and dropped with it: cookies and
// cart tokens are never stored (docs/scan.md "The journey"). Enough of RFC 6265 §5.2-5.4
// for a storefront session: Domain (host or a parent), Path, Max-Age/Expires deletion,
// host-only cookies. URLs are the logical https URLs the scanner works with, so a host
// mapped by OUTBOUND_RESOLVE keys its cookies on the https origin it stands for.

interface Cookie {
  name: string;
  value: string;
  domain: string;
  hostOnly: boolean;
  path: string;
}

function defaultPath(url: URL): string {
  // RFC 6265 §5.1.4: the directory of the request path.
  const p = url.pathname;
  if (!p.startsWith("/") || p.lastIndexOf("/") === 0) return "/";
  return p.slice(0, p.lastIndexOf("/"));
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

export class CookieJar {
  private cookies: Cookie[] = [];

  /** Takes the Set-Cookie headers of a response to `url`. */
  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) this.storeOne(url, line);
  }

  private storeOne(url: URL, line: string): void {
    const [pair, ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const host = url.hostname.toLowerCase();
    let domain = host;
    let hostOnly = true;
    let path = defaultPath(url);
    let expired = false;
    for (const attr of attrs) {
      const i = attr.indexOf("=");
      const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
      const val = i < 0 ? "" : attr.slice(i + 1).trim();
      if (key === "domain" && val) {
        const d = val.replace(/^\./, "").toLowerCase();
        // A cookie for another site is ignored (RFC 6265 §5.3 step 6).
        if (!domainMatches(host, d)) return;
        domain = d;
        hostOnly = false;
      } else if (key === "path" && val.startsWith("/")) {
        path = val;
      } else if (key === "max-age" && /^-?\d+$/.test(val)) {
        expired = Number(val) <= 0;
      } else if (key === "expires") {
        const at = Date.parse(val);
        if (!Number.isNaN(at) && at <= Date.now()) expired = true;
      }
    }
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.domain === domain && c.path === path));
    if (!expired) this.cookies.push({ name, value, domain, hostOnly, path });
  }

  /** The Cookie header for a request to `url`, or null when no cookie applies. */
  header(url: URL): string | null {
    const host = url.hostname.toLowerCase();
    const matching = this.cookies
      .filter((c) => (c.hostOnly ? c.domain === host : domainMatches(host, c.domain)))
      .filter((c) => pathMatches(url.pathname, c.path))
      // RFC 6265 §5.4: longer paths first.
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join("; ") : null;
  }

  get size(): number {
    return this.cookies.length;
  }
}
