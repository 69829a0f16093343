import { withGuardedFetch } from "../outbound/library-fetch-scope";
import { OutboundError } from "../outbound/outbound-error";
import { parseResolveMap } from "../outbound/resolve-map";
import { hitSubjects } from "../rate-limit/hit-subjects";
import type { RateWindow } from "../rate-limit/rate-window";
import { METADATA_FETCH_MAX_BYTES, METADATA_FETCH_TIMEOUT_MS, metadataFetchSubjects } from "./oauth-limits";

/** What a call into the OAuth library needs to have its fetches guarded and counted. */
export interface OAuthLibraryContext {
  env: { OUTBOUND_RESOLVE?: string };
  /** The Worker's RateWindow namespace: metadata fetches are counted there. */
  windows: DurableObjectNamespace<RateWindow>;
  /** CF-Connecting-IP of the request that makes the service fetch. */
  clientIp: string | null;
}

/**
 * Runs a call into @cloudflare/workers-oauth-provider (token endpoint, registration,
 * consent page) so that every fetch it makes (a client metadata document, a client's
 * JWKS) goes through the one guard (shared/outbound, docs/security.md): no loopback,
 * private or link-local target, no redirect, at most 64 KiB in 3 s, and within the
 * per-address and per-host windows of `metadataFetchLimits`. A refused fetch is the
 * library's "client metadata could not be read": `invalid_client` at the token endpoint,
 * the refusal page at consent.
 */
export function withOAuthLibraryGuard<T>(ctx: OAuthLibraryContext, fn: () => Promise<T>): Promise<T> {
  return withGuardedFetch(
    {
      resolve: parseResolveMap(ctx.env.OUTBOUND_RESOLVE),
      maxBytes: METADATA_FETCH_MAX_BYTES,
      timeoutMs: METADATA_FETCH_TIMEOUT_MS,
      admit: async (url) => {
        const retryAfter = await hitSubjects(ctx.windows, await metadataFetchSubjects(ctx.clientIp, url.hostname));
        if (retryAfter > 0) {
          throw new OutboundError(
            "rate_limited",
            url.href,
            `Too many client metadata lookups; retry in ${retryAfter} s`,
          );
        }
      },
    },
    fn,
  );
}
