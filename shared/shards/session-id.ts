/**
 * Session ids say which site's shard holds them, so a journey (which names only the
 * session) reaches one shard instead of every site of the workspace. The id stays a
 * UUID: its first 8 hex digits are a 32-bit FNV-1a hash of the site id instead of random
 * bits (122 - 32 = 90 random bits remain, ample against collisions within one site).
 * It is a routing hint, not a secret: the shard still checks workspace and site.
 */
export function siteHint(siteId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < siteId.length; i++) {
    h ^= siteId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** A new session id for a session of `siteId`. */
export function newSessionId(siteId: string): string {
  return `${siteHint(siteId)}${crypto.randomUUID().slice(8)}`;
}

/** True when `sessionId` carries the hint of `siteId`. */
export function hintsSite(sessionId: string, siteId: string): boolean {
  return sessionId.slice(0, 8).toLowerCase() === siteHint(siteId);
}
