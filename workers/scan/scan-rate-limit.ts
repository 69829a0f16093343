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
 * Counts one scan against the client IP and the domain, in two halves. Both windows are
 * peeked first (in parallel), which spends nothing, so a request refused by one window
 * does not spend the other and the stream can ask beside its replay lookup (a replayed
 * stream never takes the slot); then `take()` refuses, or hits both (in parallel). Each
 * hit decides atomically inside its Durable Object, so a race between peek and hit can
 * never let more than the limit through. `take()` returns the headers of the tighter window.
 */
export async function peekScanSlot(
  env: ScanEnv,
  ip: string,
  domain: string,
): Promise<{ take: () => Promise<Record<string, string>> }> {
  const ipLimiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`scan-ip:${ip}`));
  const domainLimiter = domainScanWindow(env, domain);
  const domainRule = `at most ${PER_DOMAIN[0].limit} per hour for ${domain}`;
  const ipRule = `at most ${PER_IP[0].limit} per hour from one address`;
  const [domainPeek, ipPeek] = await Promise.all([domainLimiter.peek(PER_DOMAIN), ipLimiter.peek(PER_IP)]);
  return {
    take: async () => {
      if (!domainPeek.allowed) refuse(domainPeek, domainRule);
      if (!ipPeek.allowed) refuse(ipPeek, ipRule);
      const [ipHit, domainHit] = await Promise.all([ipLimiter.hit(PER_IP), domainLimiter.hit(PER_DOMAIN)]);
      if (!ipHit.allowed) refuse(ipHit, ipRule);
      if (!domainHit.allowed) refuse(domainHit, domainRule);
      const tighter = domainHit.windows[0].remaining < ipHit.windows[0].remaining ? domainHit : ipHit;
      return rateLimitHeaders(tighter.windows[0]);
    },
  };
}
