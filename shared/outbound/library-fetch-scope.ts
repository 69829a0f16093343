import { AsyncLocalStorage } from "node:async_hooks";
import { OutboundError } from "./outbound-error";
import type { ResolveMap } from "./resolve-map";
import { safeFetch } from "./safe-fetch";

// A third-party library that fetches with the global `fetch` and takes no fetch of ours:
// @cloudflare/workers-oauth-provider 1.2.3 reads a client's metadata document (CIMD,
// `fetchCimdOrigin` in its dist/oauth-provider.js) and a client's JWKS that way, with
// redirects followed and no address check. Its calls run inside `withGuardedFetch`; there,
// and only there, the global `fetch` is routed through the one guard (host-guard.ts):
// no loopback, private or link-local target, no redirect, a small byte and time bound,
// and an optional admission (a rate window) before connecting. Outside a scope the global
// `fetch` is the platform's, untouched, so nothing else in the Worker changes.

export interface GuardedFetchRules {
  resolve: ResolveMap;
  /** Bytes of body kept; the library bounds its own reading below this. */
  maxBytes: number;
  /** Time for the whole answer, body included. */
  timeoutMs: number;
  /** Runs before connecting; throws an OutboundError (`rate_limited`) to refuse. */
  admit?: (url: URL) => Promise<void>;
}

const scope = new AsyncLocalStorage<GuardedFetchRules>();
let platformFetch: typeof fetch | null = null;

function installOnce(): typeof fetch {
  if (platformFetch) return platformFetch;
  const original = globalThis.fetch.bind(globalThis);
  platformFetch = original;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const rules = scope.getStore();
    return rules ? guardedFetch(rules, original, input, init) : original(input, init);
  }) as typeof fetch;
  return original;
}

async function guardedFetch(
  rules: GuardedFetchRules,
  connect: typeof fetch,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<Response> {
  const request = new Request(input, init);
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw new OutboundError(
      "method_not_allowed",
      request.url,
      `Only GET and HEAD are sent here, not ${request.method}`,
    );
  }
  await rules.admit?.(new URL(request.url));
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  const res = await safeFetch(request.url, {
    resolve: rules.resolve,
    method: request.method,
    headers,
    maxRedirects: 0,
    maxBytes: rules.maxBytes,
    timeoutMs: rules.timeoutMs,
    signal: init?.signal ?? undefined,
    fetcher: connect,
  });
  return new Response(request.method === "HEAD" ? null : res.body, { status: res.status, headers: res.headers });
}

/** Runs `fn` with every global `fetch` it makes (awaited chains included) sent through the guard. */
export function withGuardedFetch<T>(rules: GuardedFetchRules, fn: () => Promise<T>): Promise<T> {
  installOnce();
  return scope.run(rules, fn);
}
