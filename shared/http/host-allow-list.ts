// Which host names this service answers on (issue 41 #3: DNS rebinding reached the local
// mailbox and admin routes under any name that resolves to 127.0.0.1). One rule for the
// edge, which applies it to every route, and for the routes that also check it themselves
// (/mcp and its OAuth endpoints, the local mailbox, /__admin).

/** Loopback names, as the MCP SDK's `localhostAllowedHostnames()` lists them. */
export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];

function isLoopbackName(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname);
}

/** Whether PUBLIC_BASE_URL names this machine (a local run: `npm start` sets it to the origin it prints). */
export function isLoopbackBaseUrl(publicBaseUrl: string | undefined): boolean {
  return Boolean(publicBaseUrl) && isLoopbackName(new URL(publicBaseUrl as string).hostname);
}

/**
 * Host names the service answers on: PUBLIC_BASE_URL's; every loopback name when it is a
 * loopback origin or empty (a local run, reached as localhost or 127.0.0.1 alike). A
 * request's own Host is never trusted beyond these: a page on any name that resolves to
 * 127.0.0.1 would otherwise reach the local server (MCP transports spec 2025-11-25,
 * "Security Warning").
 */
export function allowedHostnames(publicBaseUrl: string | undefined): string[] {
  if (!publicBaseUrl || isLoopbackBaseUrl(publicBaseUrl)) return LOOPBACK_HOSTNAMES;
  return [new URL(publicBaseUrl).hostname];
}

/** The host name a request names: its Host header (port dropped), else its URL's. */
export function requestHostname(request: Request): string {
  const header = request.headers.get("Host");
  if (!header) return new URL(request.url).hostname;
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return header;
  }
}

/** Null when the request's host is one the service answers on; else why not, in words. */
export function foreignHostReason(request: Request, publicBaseUrl: string | undefined): string | null {
  const hostname = requestHostname(request);
  const allowed = allowedHostnames(publicBaseUrl);
  if (allowed.includes(hostname)) return null;
  return `This service answers on ${allowed.join(", ")} only, not on ${hostname || "an empty Host"}: set PUBLIC_BASE_URL to the address clients use`;
}

/**
 * Null when a browser request comes from this service's own pages (or from no browser at
 * all, as `npm run admin` and curl send); else why it is refused: a cross-site `Origin`
 * or `Sec-Fetch-Site` (W3C Fetch Metadata). For routes that only this machine's own
 * tools and pages use (the local mailbox, /__admin).
 */
export function crossSiteReason(request: Request): string | null {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return `A request from another site (${site}) is refused here`;
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin) {
    return `A request from ${origin} is refused here: only this service's own pages may call it`;
  }
  return null;
}
