import { parseResolveMap } from "../../../shared/outbound/resolve-map";
import { KeyDirectoryCache } from "../../../shared/verification/key-directory";

const caches = new Map<string, KeyDirectoryCache>();

/** One key-directory cache per isolate (and per OUTBOUND_RESOLVE map, for local runs). */
export function keyDirectory(env: IngestEnv): KeyDirectoryCache {
  const raw = env.OUTBOUND_RESOLVE ?? "";
  let cache = caches.get(raw);
  if (!cache) {
    cache = new KeyDirectoryCache({ resolve: parseResolveMap(raw) });
    caches.set(raw, cache);
  }
  return cache;
}
