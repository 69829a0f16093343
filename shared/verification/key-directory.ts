import { parseResolveMap, type ResolveMap } from "../outbound/resolve-map";
import { safeFetch } from "../outbound/safe-fetch";
import { jwkThumbprint, type PublicJwk } from "./jwk";
import type { KeyLookup } from "./web-bot-auth";

// traffic-facts §4.2: directory at /.well-known/http-message-signatures-directory,
// only a 200 counts, no redirects, negative cache ≤ 5 min, a failed fetch never evicts
// a cached key, lookups keyed by (URL, keyid).
export const DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";
const MEDIA_TYPE = "application/http-message-signatures-directory+json";
const NEGATIVE_TTL_MS = 5 * 60_000;
const DEFAULT_TTL_MS = 3600_000;
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 24 * 3600_000;

interface CacheEntry {
  /** keyid (kid and RFC 7638 thumbprint) → key. */
  keys: Map<string, PublicJwk>;
  freshUntil: number;
}

export interface KeyDirectoryOptions {
  resolve: ResolveMap;
  now?: () => number;
}

function ttlFrom(cacheControl: string | null): number {
  const m = cacheControl?.match(/max-age=(\d+)/i);
  if (!m) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(m[1]) * 1000));
}

async function indexKeys(doc: unknown): Promise<Map<string, PublicJwk>> {
  const keys = new Map<string, PublicJwk>();
  const list = (doc as { keys?: unknown })?.keys;
  if (!Array.isArray(list)) return keys;
  for (const raw of list.slice(0, 50)) {
    if (!raw || typeof raw !== "object") continue;
    const jwk = raw as PublicJwk;
    const thumb = await jwkThumbprint(jwk);
    if (thumb) keys.set(thumb, jwk);
    if (typeof jwk.kid === "string") keys.set(jwk.kid, jwk);
  }
  return keys;
}

/**
 * A per-isolate cache of key directories, fetched through the SSRF guard. One instance
 * lives for the Worker isolate; `lookup` is the KeyLookup the verifier needs.
 */
export class KeyDirectoryCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly failures = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: KeyDirectoryOptions) {
    this.now = options.now ?? Date.now;
  }

  lookup: KeyLookup = async (agentOrigin, keyid) => {
    if (!agentOrigin) return null;
    const url = `${agentOrigin}${DIRECTORY_PATH}`;
    const cached = this.entries.get(url);
    if (cached && cached.freshUntil > this.now()) return cached.keys.get(keyid) ?? null;
    const failedAt = this.failures.get(url);
    if (failedAt !== undefined && this.now() - failedAt < NEGATIVE_TTL_MS) return cached?.keys.get(keyid) ?? null;
    const fresh = await this.fetchDirectory(url);
    if (!fresh) {
      this.failures.set(url, this.now());
      // A failed refresh keeps serving the keys we had.
      return cached?.keys.get(keyid) ?? null;
    }
    this.failures.delete(url);
    this.entries.set(url, fresh);
    return fresh.keys.get(keyid) ?? null;
  };

  private async fetchDirectory(url: string): Promise<CacheEntry | null> {
    try {
      const res = await safeFetch(url, {
        resolve: this.options.resolve,
        headers: { Accept: MEDIA_TYPE },
        maxRedirects: 0,
        maxBytes: 64 * 1024,
        timeoutMs: 3000,
      });
      if (res.status !== 200 || res.truncated) return null;
      const keys = await indexKeys(JSON.parse(res.text()));
      if (keys.size === 0) return null;
      return { keys, freshUntil: this.now() + ttlFrom(res.headers.get("Cache-Control")) };
    } catch {
      return null;
    }
  }
}

const isolateCaches = new Map<string, KeyDirectoryCache>();

/** One cache per isolate (and per OUTBOUND_RESOLVE value, which only local runs set). */
export function keyDirectoryFor(outboundResolve: string | undefined): KeyDirectoryCache {
  const raw = outboundResolve ?? "";
  let cache = isolateCaches.get(raw);
  if (!cache) {
    cache = new KeyDirectoryCache({ resolve: parseResolveMap(raw) });
    isolateCaches.set(raw, cache);
  }
  return cache;
}
