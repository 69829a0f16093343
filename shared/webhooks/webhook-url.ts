import { OUTBOUND_REASONS } from "../display/answer-text";
import { guardOutboundUrl } from "../outbound/host-guard";
import { OutboundError } from "../outbound/outbound-error";
import type { ResolveMap } from "../outbound/resolve-map";

/** Longest webhook URL accepted; browsers' practical limit, far above any real endpoint. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Whether `raw` may receive webhooks: https, and allowed by the same SSRF guard that
 * delivery uses (no IP literals, no private or internal names, default port only, no
 * credentials). A host mapped by OUTBOUND_RESOLVE (local runs) may use http as well,
 * as the guard treats it as its https origin (docs/decisions.md#1-running-it).
 */
export function checkWebhookUrl(raw: string, resolve: ResolveMap): WebhookUrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, message: `The webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.` };
  }
  let target: ReturnType<typeof guardOutboundUrl>;
  try {
    target = guardOutboundUrl(raw, resolve);
  } catch (err) {
    // Words for a person (the app shows this message as it is); the API adds `field: webhook_url`.
    if (err instanceof OutboundError) {
      return { ok: false, message: `The webhook URL cannot be used: ${OUTBOUND_REASONS[err.code]}.` };
    }
    throw err;
  }
  const url = new URL(raw);
  if (url.protocol !== "https:" && !target.mapped) {
    return { ok: false, message: `The webhook URL cannot be used: ${OUTBOUND_REASONS.scheme_not_allowed}.` };
  }
  url.hash = "";
  return { ok: true, url: url.href };
}
