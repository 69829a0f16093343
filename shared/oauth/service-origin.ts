// Which origin this service is, for the MCP endpoint's DNS-rebinding guard and for the
// OAuth issuer and resource, which must be the very URL clients use (RFC 8414 §3.3,
// RFC 9728 §3.3). One rule for the v1 Worker (/mcp, /oauth/*) and the app (consent).

/** Loopback names, as the MCP SDK's `localhostAllowedHostnames()` lists them. */
export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Host names the service answers on: PUBLIC_BASE_URL's when set, else loopback names
 * only. An empty PUBLIC_BASE_URL (the default) is a local run; trusting the request's
 * own Host there would let a page on any name that resolves to 127.0.0.1 reach the
 * local server (MCP transports spec 2025-11-25, "Security Warning").
 */
export function allowedHostnames(publicBaseUrl: string | undefined): string[] {
  return publicBaseUrl ? [new URL(publicBaseUrl).hostname] : LOOPBACK_HOSTNAMES;
}

/**
 * The service origin for a request: PUBLIC_BASE_URL's origin, or the request's own
 * origin when PUBLIC_BASE_URL is empty and the request came in on a loopback name.
 * Null for any other host: nothing OAuth-related answers there.
 */
export function serviceOrigin(publicBaseUrl: string | undefined, requestUrl: string): string | null {
  if (publicBaseUrl) return new URL(publicBaseUrl).origin;
  const url = new URL(requestUrl);
  return LOOPBACK_HOSTNAMES.includes(url.hostname) ? url.origin : null;
}
