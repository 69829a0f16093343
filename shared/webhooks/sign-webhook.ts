import { prefixedId } from "../auth/random-token";
import { toBase64 } from "../encoding/base64";
import { webhookSecretKey } from "./webhook-secret";

// Standard Webhooks (standardwebhooks.com, spec "Signature scheme"): the signed content
// is `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 with the secret's bytes,
// sent as `v1,<base64>` in `webhook-signature`. Web Crypto is used instead of the
// reference library's pure-JS SHA-256: native, and the tests check our output with the
// library's own verifier.

export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** A new `webhook-id`: the spec's message id, kept across every retry of one delivery. */
export function newWebhookId(): string {
  return prefixedId("msg", 24);
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export async function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", webhookSecretKey(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const content = new TextEncoder().encode(`${id}.${timestampSeconds}.${body}`);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, content));
  return `v1,${toBase64(mac)}`;
}

/** The three headers of one attempt; the timestamp is the attempt's own (spec: replay window). */
export async function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  now: number = Date.now(),
): Promise<WebhookHeaders> {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": await signWebhook(secret, id, timestamp, body),
  };
}
