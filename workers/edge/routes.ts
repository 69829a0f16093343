// Path prefix → product Worker. Longest prefix wins; order here is for reading only.
// Everything answers on one base URL (docs/decisions.md#1-running-it).
export type Upstream = "SCAN" | "INGEST" | "V1" | "APP";

export const routeTable: ReadonlyArray<{ prefix: string; exact?: boolean; upstream: Upstream }> = [
  { prefix: "/", exact: true, upstream: "SCAN" }, // scan web page
  { prefix: "/api/scan", upstream: "SCAN" },
  { prefix: "/scan", upstream: "SCAN" }, // public scan reports, /scan/{id}
  { prefix: "/badge/", upstream: "SCAN" }, // score badges, /badge/{domain}.svg
  { prefix: "/api/v1", upstream: "V1" },
  { prefix: "/mcp", upstream: "V1" },
  // OAuth for /mcp (docs/mcp.md "OAuth"): token and registration endpoints, and the
  // RFC 8414 / RFC 9728 metadata. The authorization endpoint is the app's, under /app.
  { prefix: "/oauth", upstream: "V1" },
  { prefix: "/.well-known/oauth-authorization-server", upstream: "V1" },
  { prefix: "/.well-known/oauth-protected-resource", upstream: "V1" },
  { prefix: "/__admin", upstream: "V1" }, // local-only key admin (npm run admin); 404 unless ADMIN_ROUTES=1
  { prefix: "/sdk/", upstream: "INGEST" }, // snippet script
  { prefix: "/ingest/", upstream: "INGEST" }, // beacon endpoint(s)
  { prefix: "/app", upstream: "APP" }, // the application: accounts, workspaces, settings
];

function matches(path: string, prefix: string, exact: boolean | undefined): boolean {
  if (exact) return path === prefix;
  if (prefix.endsWith("/")) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The route of the table that takes `path`, or null. Longest prefix wins. */
function routeFor(path: string): (typeof routeTable)[number] | null {
  let best: (typeof routeTable)[number] | null = null;
  for (const route of routeTable) {
    if (matches(path, route.prefix, route.exact) && (!best || route.prefix.length > best.prefix.length)) {
      best = route;
    }
  }
  return best;
}

export function upstreamFor(path: string): Upstream | null {
  return routeFor(path)?.upstream ?? null;
}

/**
 * What the edge's access log names for a forwarded request: the table's prefix as a
 * pattern (`/app/*`), never the path, whose segments may be tokens (a reset link's); the
 * product Worker logs its own route pattern under the same request id.
 */
export function routePattern(path: string): string {
  const route = routeFor(path);
  if (!route) return "*";
  if (route.exact) return route.prefix;
  return route.prefix.endsWith("/") ? `${route.prefix}*` : `${route.prefix}/*`;
}
