import { ApiError } from "@shared/errors/api-error";
import { log } from "@shared/http/log";
import { type ApiLimitClass, apiLimitClasses } from "@shared/rate-limit/api-limits";
import { rateLimitHeaders } from "@shared/rate-limit/rate-limit-headers";
import type { HitResult, WindowState } from "@shared/rate-limit/window";
import type { MiddlewareHandler } from "hono";
import type { ApiKeyContext } from "./caller";
import { RefusalCache } from "./refusal-cache";

// A refusal stays true until its window resets, so this isolate answers repeated
// over-limit calls itself instead of asking the Durable Object again. Allowed requests
// always take the one round trip, because only the DO can count exactly.
const refusals = new RefusalCache();

function minuteWindow(result: HitResult): WindowState | undefined {
  return result.windows.find((w) => w.name.endsWith(".minute"));
}

function refused(result: HitResult, retryAfter: number): ApiError {
  return new ApiError("rate_limited", `Rate limit exceeded; retry in ${retryAfter} s`, {
    headers: rateLimitHeaders(minuteWindow(result), retryAfter),
  });
}

/**
 * Per-key fixed windows of `limitClass` (docs/decisions.md#3-rate-limits) in the key's RateWindow DO: one
 * RPC per request, exactly `limit` pass per window. Sets X-RateLimit-* (minute window)
 * on the response, errors included; 429 `rate_limited` with Retry-After when over.
 * If the DO cannot be reached the request passes without headers (contract: headers are
 * omitted when the quota cannot be determined).
 */
export function rateLimit(
  limitClass: ApiLimitClass,
): MiddlewareHandler<{ Bindings: V1Env; Variables: { auth: ApiKeyContext } }> {
  const specs = apiLimitClasses[limitClass];
  return async (c, next) => {
    const subject = c.get("auth").keyId;
    const now = Date.now();
    const cached = refusals.get(subject, limitClass, now);
    if (cached) throw refused(cached.result, cached.retryAfterAt(now));

    let result: HitResult | null = null;
    try {
      const stub = c.env.RATE_WINDOW.get(c.env.RATE_WINDOW.idFromName(subject));
      result = await stub.hit(specs, now);
    } catch (err) {
      log("error", "rate window unavailable", { key_id: subject, error: String(err) });
    }
    if (result && !result.allowed) {
      refusals.put(subject, limitClass, result, now);
      throw refused(result, result.retryAfter);
    }
    await next();
    const minute = result ? minuteWindow(result) : undefined;
    if (minute) for (const [name, value] of Object.entries(rateLimitHeaders(minute))) c.res.headers.set(name, value);
  };
}
