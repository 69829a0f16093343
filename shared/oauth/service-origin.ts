import { allowedHostnames, isLoopbackBaseUrl, LOOPBACK_HOSTNAMES } from "../http/host-allow-list";

// Which origin this service is, for the OAuth issuer and resource, which must be the very
// URL clients use (RFC 8414 §3.3, RFC 9728 §3.3). One rule for the v1 Worker (/mcp,
// /oauth/*) and the app (consent); the host names themselves: shared/http/host-allow-list.ts.

export { allowedHostnames, LOOPBACK_HOSTNAMES };

/**
 * The service origin for a request: PUBLIC_BASE_URL's origin; on a local run (it is a
 * loopback origin, or empty) the request's own origin when it came in on a loopback name,
 * so a client that connects to localhost and one that connects to 127.0.0.1 each see the
 * URL they used. Null for any other host: nothing OAuth-related answers there.
 */
export function serviceOrigin(publicBaseUrl: string | undefined, requestUrl: string): string | null {
  if (publicBaseUrl && !isLoopbackBaseUrl(publicBaseUrl)) return new URL(publicBaseUrl).origin;
  const url = new URL(requestUrl);
  return LOOPBACK_HOSTNAMES.includes(url.hostname) ? url.origin : null;
}
