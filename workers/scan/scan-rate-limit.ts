import { ApiError } from "@shared/errors/api-error";
import { rateLimitHeaders } from "@shared/rate-limit/rate-limit-headers";
import { PER_DOMAIN, PER_IP } from "@shared/rate-limit/scan-limits";
import type { HitResult } from "@shared/rate-limit/window";

// The scan limits are declared in shared/rate-limit/scan-limits.ts; this Worker enforces them.
export { PER_DOMAIN, PER_IP };

export const TOO_MANY_SCANS = "Too many scans. Please wait before scanning again.";

function refuse(result: HitResult, subject: string): never {
  throw new ApiError("rate_limited", `${TOO_MANY_SCANS} (${subject})`, {
    headers: rateLimitHeaders(result.windows[0], result.retryAfter),
  });
}

/** The per-domain window of `domain`, shared by interactive scans and rescans asked through the API. */
export function domainScanWindow(env: ScanEnv, domain: string) {
  return env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`scan-domain:${domain}`));
}

/**
 * Counts one scan against the client IP and the domain: both windows are hit at once, one
 * round trip each (in parallel, and beside the stream's replay lookup), where a peek then
 * a hit took two before the first request to the shop (issue 45, bench:scan). A window
 * that refuses counts nothing, and the other window's hit is given back (RateWindow
 * `refund`, at the same instant) before the refusal is answered, so a request refused by
 * one window never spends the other; a replayed stream gives both back (`release`), so a
 * replay is never counted. Each hit decides atomically inside its Durable Object, so
 * concurrent requests never pass more than the limit; a hit given back a moment later can
 * only refuse a concurrent request at the edge of the limit, never admit one too many.
 * `headers` are those of the tighter window.
 */
export function takeScanSlot(
  env: ScanEnv,
  ip: string,
  domain: string,
): { headers: Promise<Record<string, string>>; release: () => Promise<void> } {
  const ipLimiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`scan-ip:${ip}`));
  const domainLimiter = domainScanWindow(env, domain);
  const domainRule = `at most ${PER_DOMAIN[0].limit} per hour for ${domain}`;
  const ipRule = `at most ${PER_IP[0].limit} per hour from one address`;
  const at = Date.now();
  const hits = Promise.all([domainLimiter.hit(PER_DOMAIN, at), ipLimiter.hit(PER_IP, at)]);
  const giveBack = async ([domainHit, ipHit]: [HitResult, HitResult]) => {
    await Promise.all([
      domainHit.allowed ? domainLimiter.refund(PER_DOMAIN, at) : null,
      ipHit.allowed ? ipLimiter.refund(PER_IP, at) : null,
    ]);
  };
  const headers = hits.then(async ([domainHit, ipHit]) => {
    if (!domainHit.allowed || !ipHit.allowed) {
      await giveBack([domainHit, ipHit]);
      refuse(domainHit.allowed ? ipHit : domainHit, domainHit.allowed ? ipRule : domainRule);
    }
    const tighter = domainHit.windows[0].remaining < ipHit.windows[0].remaining ? domainHit : ipHit;
    return rateLimitHeaders(tighter.windows[0]);
  });
  // A window that cannot be reached to give a hit back leaves it counted (the scan's own
  // answer does not depend on it).
  return { headers, release: () => hits.then(giveBack).catch(() => {}) };
}
