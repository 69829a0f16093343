// When a failed webhook is tried again (docs/decisions.md#9-monitors-and-webhooks: exponential backoff for 24 h on
// non-2xx or timeout). Delays grow 4x from 30 s with "equal jitter" (each delay falls
// between half and all of its base; AWS Architecture Blog, "Exponential Backoff and
// Jitter"), so receivers recovering from an outage are not hit by every sender at once,
// and since 4 > 2 a delay is always longer than the one before it. Each delay is
// capped at the queue's maximum message delay and at what is left of the 24 h window,
// so no attempt starts later than 24 h after the first.

export const RETRY_POLICY = {
  firstDelaySeconds: 30,
  factor: 4,
  /** 30 s, 2 min, 8 min, 32 min, ~2 h, ~8.5 h, then up to 12 h: 8 attempts fill the day. */
  maxAttempts: 8,
  windowSeconds: 24 * 60 * 60,
  /** Cloudflare Queues' maximum `delaySeconds` (12 h). */
  maxQueueDelaySeconds: 12 * 60 * 60,
} as const;

/**
 * Seconds to wait before the next attempt, or null to give up.
 * @param attemptsMade attempts already made, at least 1
 * @param sinceFirstSeconds seconds from the first attempt to now
 * @param random uniform in [0, 1); injectable so tests can pin the jitter
 */
export function nextRetryDelay(
  attemptsMade: number,
  sinceFirstSeconds: number,
  random: number = Math.random(),
): number | null {
  const p = RETRY_POLICY;
  if (attemptsMade >= p.maxAttempts) return null;
  const base = p.firstDelaySeconds * p.factor ** (attemptsMade - 1);
  const jittered = Math.floor(base / 2 + (random * base) / 2);
  const remaining = Math.floor(p.windowSeconds - sinceFirstSeconds);
  const delay = Math.min(jittered, p.maxQueueDelaySeconds, remaining);
  return delay >= 1 ? delay : null;
}
