// Signature Agent Cards (draft-meunier-webbotauth-registry-04): a Client ID Metadata
// Document whose `client_id` equals the URL it was fetched from, carrying `jwks` or
// `jwks_uri` (never both) and a `web_bot_auth` object describing the agent:
// `rfc9309-product-token` (the token it answers to in robots.txt and its User-Agent),
// `purpose`, `trigger` (e.g. `fetcher` for a user's request, `crawler`), `ips_uri`.
// The card is the signer's own description: it names who the signer says it is. Whether
// that makes a platform verified is decided against our listed signers
// (shared/classify/listed-signers.ts), never by the card alone.

/** What a card says about its agent, bounded and typed; absent members are null. */
export interface AgentCardMeta {
  clientName: string | null;
  productToken: string | null;
  purpose: string | null;
  trigger: string | null;
  ipsUri: string | null;
}

const text = (v: unknown, max = 200): string | null =>
  typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, max) : null;

/** The card's `web_bot_auth` metadata (and `client_name`), whatever else it holds. */
export function agentCardMeta(card: unknown): AgentCardMeta {
  const c = (card ?? {}) as { client_name?: unknown; web_bot_auth?: unknown };
  const w = (c.web_bot_auth && typeof c.web_bot_auth === "object" ? c.web_bot_auth : {}) as Record<string, unknown>;
  return {
    clientName: text(c.client_name),
    productToken: text(w["rfc9309-product-token"], 100),
    purpose: text(w.purpose, 100),
    trigger: text(w.trigger, 100),
    ipsUri: text(w.ips_uri, 2048),
  };
}

/**
 * A Signature Agent Card as the registry draft requires it: `client_id` must equal the
 * URL it was fetched from, and it carries either `jwks` or `jwks_uri`, never both.
 * Returns the inline JWK Set or the URL to fetch, with the card's metadata.
 */
export function readAgentCard(
  url: string,
  card: unknown,
): (({ jwks: unknown } | { jwksUri: string }) & { meta: AgentCardMeta }) | { error: string } {
  if (!card || typeof card !== "object") return { error: "card is not a JSON object" };
  const c = card as { client_id?: unknown; jwks?: unknown; jwks_uri?: unknown };
  if (c.client_id !== url) return { error: "client_id must match the card URL" };
  if (c.jwks !== undefined && c.jwks_uri !== undefined)
    return { error: "card must not contain both jwks and jwks_uri" };
  const meta = agentCardMeta(card);
  if (c.jwks !== undefined) return { jwks: c.jwks, meta };
  if (typeof c.jwks_uri === "string") return { jwksUri: c.jwks_uri, meta };
  return { error: "card has neither jwks nor jwks_uri" };
}
