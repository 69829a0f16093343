import { REJECT_REASONS, SKIP_REASONS } from "./accept-drain-batch";
import type { DrainRefusal } from "./drain-auth";

/** Why a request to a drain's endpoint was refused, in words (its status' `last_refusal_reason`). */
export const REFUSAL_REASONS: Record<DrainRefusal, string> = {
  invalid_drain_secret: "a request came with a missing or wrong secret: the vendor holds another drain's secret",
  invalid_signature: "a batch's signature did not match this drain's secret: Vercel holds another drain's secret",
  revoked: "a batch arrived after the drain was revoked",
};

/**
 * A reason code of a drain's status in plain words: the batch's skip and reject reasons
 * (shared/drains/accept-drain-batch.ts) and the endpoint's refusals, one table each, so the
 * app and the docs say what the API's codes mean without spelling them twice.
 */
export function drainReasonText(code: string): string {
  if (Object.hasOwn(REJECT_REASONS, code)) return REJECT_REASONS[code as keyof typeof REJECT_REASONS];
  if (Object.hasOwn(SKIP_REASONS, code)) return SKIP_REASONS[code as keyof typeof SKIP_REASONS];
  if (Object.hasOwn(REFUSAL_REASONS, code)) return REFUSAL_REASONS[code as DrainRefusal];
  return code;
}

/** Whether a reason code counts a rejected line (rather than a skipped one). */
export function isRejectReason(code: string): boolean {
  return Object.hasOwn(REJECT_REASONS, code);
}
