// The production Workers routes on the public hostname (docs/deploy.md, step 6): the
// edge takes every path, and the paths the edge forwards to ingest (its route table,
// workers/edge/routes.ts, read here so the two cannot drift) also go straight to the
// ingest Worker, so a beacon is one Worker invocation instead of two. The more specific
// pattern wins (Cloudflare Workers routes). The host is the deployer's: given as
// SERVICE_HOST in the environment, never committed.
import { routeTable } from "../workers/edge/routes.ts";

/** The public hostname, or an error message when it is not a bare lowercase host name. */
export function checkHost(host) {
  let url;
  try {
    url = new URL(`https://${host}`);
  } catch {
    return `SERVICE_HOST "${host}" is not a host name`;
  }
  if (url.hostname !== host || url.port !== "" || url.pathname !== "/" || !host.includes("."))
    return `SERVICE_HOST "${host}" must be a bare lowercase host name such as agents.example.com (no scheme, port or path)`;
  return null;
}

/** `--route` patterns per Worker name (scripts/workers.mjs) for `host`. */
export function productionRoutes(host) {
  const ingest = routeTable.filter((r) => r.upstream === "INGEST").map((r) => `${host}${r.prefix}*`);
  return { edge: [`${host}/*`], ingest };
}
