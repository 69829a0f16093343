import { parseResolveMap, type ResolveMap } from "../outbound/resolve-map";
import { safeFetch } from "../outbound/safe-fetch";
import { MINUTE_MS } from "../time/durations";
import { type AgentCardMeta, readAgentCard } from "./agent-card";
import { directoryProofs } from "./directory-proof";
import { jwkThumbprint, type PublicJwk } from "./jwk";
import { DIRECTORY_PATH, type KeySource } from "./signature-agent";
import type { KeyLookup } from "./web-bot-auth";

// draft-ietf-webbotauth-httpsig-protocol, "Key Distribution and Discovery": a
// `directory` member resolves at /.well-known/http-message-signatures-directory of its
// origin, a `jwks_uri` member is a JWK Set URL, a `cimd` member a Client ID Metadata
// Document holding `jwks` or `jwks_uri`. The fetch rules of draft -01 (2026-10-29):
// only an HTTP 200 counts, a redirect is never followed (a 3xx is a failure), and the
// answer must carry its media type: `application/http-message-signatures-directory+json`
// for a directory, `application/jwk-set+json` (RFC 7517 §8.5) or `application/json` for a
// JWK Set, `application/json` for a card; anything else is no key source. Lookups keyed
// by (URL, keyid); a failed fetch never evicts cached keys, negative cache ≤ 5 min
// (traffic-facts §4.2). SSRF limits: size, key count, time, address ranges (safeFetch).
const DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json";
const JWK_SET_MEDIA_TYPES = ["application/jwk-set+json", "application/json"] as const;
const CARD_MEDIA_TYPES = ["application/json"] as const;
const NEGATIVE_TTL_MS = 5 * MINUTE_MS;
const DEFAULT_TTL_MS = 3600_000;
const MIN_TTL_MS = MINUTE_MS;
const MAX_TTL_MS = 24 * 3600_000;
const MAX_KEYS = 50;
// Sources named by Signature-Agent are the sender's choice, so the isolate keeps at
// most this many (and as many failures), dropping the oldest first.
const MAX_SOURCES = 1000;
const MAX_BYTES = 64 * 1024;

interface CacheEntry {
  /** keyid (kid and RFC 7638 thumbprint) → key. */
  keys: Map<string, PublicJwk>;
  freshUntil: number;
  /** The Signature Agent Card's metadata, for a `cimd` source. */
  card?: AgentCardMeta;
}

export interface KeyDirectoryOptions {
  resolve: ResolveMap;
  now?: () => number;
  /** Sources (and failures) held at most; MAX_SOURCES unless a test sets it. */
  maxSources?: number;
}

/** Whether a Content-Type names one of `types` (parameters such as charset aside). */
export function hasMediaType(contentType: string | null, types: readonly string[]): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return types.includes(type);
}

/** Sets `key` as the newest entry of `map`, dropping the oldest past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as string);
}

function ttlFrom(cacheControl: string | null): number {
  const m = cacheControl?.match(/max-age=(\d+)/i);
  if (!m) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(m[1]) * 1000));
}

/** Indexes a JWK Set by thumbprint and by `kid` (a jwks_uri `kid` may be any label). */
async function indexKeys(doc: unknown): Promise<Map<string, PublicJwk>> {
  const keys = new Map<string, PublicJwk>();
  const list = (doc as { keys?: unknown })?.keys;
  if (!Array.isArray(list)) return keys;
  for (const raw of list.slice(0, MAX_KEYS)) {
    if (!raw || typeof raw !== "object") continue;
    const jwk = raw as PublicJwk;
    const thumb = await jwkThumbprint(jwk);
    if (!thumb) continue;
    keys.set(thumb, jwk);
    if (typeof jwk.kid === "string") keys.set(jwk.kid, jwk);
  }
  return keys;
}

/**
 * A per-isolate cache of key sources, fetched through the SSRF guard. One instance
 * lives for the Worker isolate; `lookup` is the KeyLookup the verifier needs.
 */
export class KeyDirectoryCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly failures = new Map<string, number>();
  private readonly now: () => number;
  private readonly maxSources: number;

  constructor(private readonly options: KeyDirectoryOptions) {
    this.now = options.now ?? Date.now;
    this.maxSources = options.maxSources ?? MAX_SOURCES;
  }

  lookup: KeyLookup = (source, keyid) => this.find(source, keyid, () => true);

  /** The card metadata held for a `cimd` source (after a lookup fetched it), else null. */
  cardOf(source: KeySource | null): AgentCardMeta | null {
    if (!source) return null;
    return this.entries.get(`${source.type} ${source.url}`)?.card ?? null;
  }

  /**
   * A lookup for one request that may fetch at most `maxFetches` key sources it does
   * not hold; past that it answers from the cache only (null: "key not found", so the
   * record stays unverified). A server-side batch of 500 records naming 500 different
   * Signature-Agents would otherwise fetch one after another, up to 3 s each.
   */
  budgeted(maxFetches: number): KeyLookup {
    let left = maxFetches;
    return (source, keyid) => this.find(source, keyid, () => left-- > 0);
  }

  private async find(source: KeySource | null, keyid: string, mayFetch: () => boolean): Promise<PublicJwk | null> {
    if (!source) return null;
    const cacheKey = `${source.type} ${source.url}`;
    const cached = this.entries.get(cacheKey);
    if (cached && cached.freshUntil > this.now()) return cached.keys.get(keyid) ?? null;
    const failedAt = this.failures.get(cacheKey);
    if (failedAt !== undefined && this.now() - failedAt < NEGATIVE_TTL_MS) return cached?.keys.get(keyid) ?? null;
    if (!mayFetch()) return cached?.keys.get(keyid) ?? null;
    const fresh = await this.resolve(source);
    if (!fresh) {
      remember(this.failures, cacheKey, this.now(), this.maxSources);
      // A failed refresh keeps serving the keys we had.
      return cached?.keys.get(keyid) ?? null;
    }
    // A directory that resolves is newer evidence and replaces what we held.
    this.failures.delete(cacheKey);
    remember(this.entries, cacheKey, fresh, this.maxSources);
    return fresh.keys.get(keyid) ?? null;
  }

  private async resolve(source: KeySource): Promise<CacheEntry | null> {
    try {
      if (source.type === "directory") return await this.fetchKeySet(`${source.url}${DIRECTORY_PATH}`, true);
      if (source.type === "jwks_uri") return await this.fetchKeySet(source.url, false);
      const card = await this.fetchJson(source.url, "application/json", CARD_MEDIA_TYPES);
      if (!card) return null;
      const read = readAgentCard(source.url, card.doc);
      if ("error" in read) return null;
      if ("jwksUri" in read) {
        const set = await this.fetchKeySet(read.jwksUri, false);
        return set && { ...set, card: read.meta };
      }
      const keys = await indexKeys(read.jwks);
      return keys.size ? { keys, freshUntil: this.now() + card.ttl, card: read.meta } : null;
    } catch {
      return null;
    }
  }

  private async fetchJson(url: string, accept: string, mediaTypes: readonly string[]) {
    const res = await safeFetch(url, {
      resolve: this.options.resolve,
      headers: { Accept: accept },
      maxRedirects: 0,
      maxBytes: MAX_BYTES,
      timeoutMs: 3000,
    });
    if (res.status !== 200 || res.truncated) return null;
    if (!hasMediaType(res.headers.get("Content-Type"), mediaTypes)) return null;
    return { doc: JSON.parse(res.text()) as unknown, ttl: ttlFrom(res.headers.get("Cache-Control")), res };
  }

  private async fetchKeySet(url: string, wellKnown: boolean): Promise<CacheEntry | null> {
    const got = await this.fetchJson(
      url,
      wellKnown ? DIRECTORY_MEDIA_TYPE : "application/jwk-set+json, application/json",
      wellKnown ? [DIRECTORY_MEDIA_TYPE] : JWK_SET_MEDIA_TYPES,
    );
    if (!got) return null;
    const keys = await indexKeys(got.doc);
    if (wellKnown) {
      // Drop every key whose possession proof the directory carries but that fails.
      const byThumb = new Map<string, PublicJwk>();
      for (const [id, jwk] of keys) if ((await jwkThumbprint(jwk)) === id) byThumb.set(id, jwk);
      const proofs = await directoryProofs(
        { requestUrl: url, headers: got.res.headers, body: got.res.body },
        byThumb,
        this.now(),
      );
      for (const [thumb, ok] of proofs) {
        if (ok) continue;
        const failed = byThumb.get(thumb);
        for (const [id, jwk] of keys) if (jwk === failed) keys.delete(id);
      }
    }
    if (keys.size === 0) return null;
    return { keys, freshUntil: this.now() + got.ttl };
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
