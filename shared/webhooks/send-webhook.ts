import { OutboundError } from "../outbound/outbound-error";
import type { ResolveMap } from "../outbound/resolve-map";
import { safeFetch } from "../outbound/safe-fetch";
import { webhookHeaders } from "./sign-webhook";

/** Per-attempt deadline: connect, answer and (bounded) body (issue 8: 10 s timeout). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * Only this much of the answer body is read (so the connection can close) and kept as the
 * attempt's response excerpt, shown to the monitor's workspace on its deliveries page.
 */
export const MAX_ANSWER_BYTES = 1024;

export interface AttemptResult {
  ok: boolean;
  /** HTTP status, or null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  /** Why it failed; null on success. */
  error: string | null;
  /** The start of the answer body as text, control characters removed; null when no answer came. */
  responseExcerpt: string | null;
}

/**
 * C0 controls other than tab and line feed, DEL and the C1 controls: a receiver's answer
 * is shown as text, so nothing in it may move a terminal's cursor or hide what follows.
 */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
}

/** The kept excerpt of an answer body: decoded as UTF-8 (bad bytes replaced), controls removed, trimmed. */
export function responseExcerpt(text: string): string {
  let kept = "";
  for (const ch of text) if (!isControl(ch.codePointAt(0) ?? 0)) kept += ch;
  return kept.trim();
}

export interface SendWebhookInput {
  url: string;
  webhookId: string;
  secret: string;
  body: string;
  resolve: ResolveMap;
}

/**
 * One signed POST through the SSRF guard. Any 2xx acknowledges (the contract's 200 and
 * the Standard Webhooks spec's 2xx); redirects are not followed, so a 3xx is a failed
 * attempt, as are other statuses, timeouts and refused or unreachable targets.
 */
export async function sendWebhook(input: SendWebhookInput, now: number = Date.now()): Promise<AttemptResult> {
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "AgentReadiness-Webhooks/1.0",
    ...(await webhookHeaders(input.secret, input.webhookId, input.body, now)),
  };
  const started = Date.now();
  try {
    const res = await safeFetch(input.url, {
      resolve: input.resolve,
      method: "POST",
      headers,
      body: input.body,
      maxRedirects: 0,
      failOnRedirect: false,
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      statusCode: res.status,
      durationMs: res.elapsedMs,
      error: ok ? null : `Receiver answered HTTP ${res.status}`,
      responseExcerpt: responseExcerpt(res.text()),
    };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    return {
      ok: false,
      statusCode: null,
      durationMs: Date.now() - started,
      error: `${err.code}: ${err.message}`,
      responseExcerpt: null,
    };
  }
}
