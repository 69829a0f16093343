// Who a Web Bot Auth signature can verify as a platform (docs/ingest.md, "Who counts as
// verified"). A valid signature proves that the sender holds a key its key source
// serves; it says who the sender is only when that key source is the operator's own.
// One row per operator that documents signing with Web Bot Auth, with the origins it
// serves its keys (directory, JWK Set or Signature Agent Card) from, the document that
// says so and the day the row was checked against it. Any other signer, whatever its
// User-Agent or its card claims, is recorded as itself (`signature_unlisted`).

import type { AgentCardMeta } from "../verification/agent-card";
import type { KeySource } from "../verification/signature-agent";
import type { Purpose } from "./agents";
import type { AiPlatform } from "./platforms";
import { matchAgent } from "./user-agent";

export interface ListedSigner {
  operator: string;
  platform: AiPlatform;
  /** The operator's documented purpose for the signing agent; a card on its origin may say more. */
  purpose: Purpose;
  /** Origins whose key sources (any path, any member type) are the operator's. */
  origins: readonly string[];
  ref: string;
  /** When the row was last read against `ref` (ISO date). */
  checked: string;
}

export const listedSigners: readonly ListedSigner[] = [
  {
    // ChatGPT agent signs every request: `Signature-Agent: "https://chatgpt.com"`, keys at
    // chatgpt.com's well-known directory (traffic-facts §0.2 and §4.4).
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "user_action",
    origins: ["https://chatgpt.com"],
    ref: "https://help.openai.com/en/articles/11845367",
    checked: "2026-11-22",
  },
  {
    // Google-Agent's Web Bot Auth identity (experimental), traffic-facts §2.
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    origins: ["https://agent.bot.goog"],
    ref: "https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent",
    checked: "2026-11-22",
  },
];

const byOrigin = new Map(listedSigners.flatMap((row) => row.origins.map((o) => [o, row] as const)));

/** The listed operator serving keys at this origin, or null. */
export function listedSignerAt(origin: string): ListedSigner | null {
  return byOrigin.get(origin) ?? null;
}

/** The origin of a key source: the party that controls what it serves. */
export function signerOrigin(source: KeySource | null): string | null {
  if (!source) return null;
  try {
    return new URL(source.url).origin;
  } catch {
    return null;
  }
}

/**
 * A card's purpose in our vocabulary (contract "Purpose split"): a fetch a user
 * triggered acts for that user; a search index builds search; text-and-data mining or
 * training with no user is a crawl. Anything else is `unknown`, never guessed.
 */
export function cardPurpose(card: AgentCardMeta | null): Purpose | null {
  if (!card) return null;
  const trigger = card.trigger?.toLowerCase() ?? "";
  const purpose = card.purpose?.toLowerCase() ?? "";
  if (/^(fetcher|user|user[-_]?triggered|agent)$/.test(trigger)) return "user_action";
  if (/search/.test(purpose)) return "search";
  if (/^(tdm|train|training|ai[-_]?train(ing)?)$/.test(purpose) || trigger === "crawler") return "crawl";
  return null;
}

export interface SignerReading {
  /** The operator's row when the key source is on one of its origins, else null. */
  listed: ListedSigner | null;
  /** The signer's own identity: its key source's origin. */
  origin: string | null;
  platform: AiPlatform;
  purpose: Purpose;
}

/**
 * What a verified signature says about its sender. Listed: the operator's platform,
 * and the purpose its card states (or, when the card names one of the operator's own
 * product tokens, that token's documented purpose), else the row's. Unlisted:
 * `other_ai`, with the purpose its card states or `unknown`. The User-Agent plays no
 * part here.
 */
export function readSigner(signer: { source: KeySource | null; card: AgentCardMeta | null }): SignerReading {
  const origin = signerOrigin(signer.source);
  const listed = (origin && byOrigin.get(origin)) || null;
  const stated = cardPurpose(signer.card);
  if (!listed) return { listed: null, origin, platform: "other_ai", purpose: stated ?? "unknown" };
  const token = signer.card?.productToken ? matchAgent(signer.card.productToken) : null;
  const tokenPurpose = token && token.platform === listed.platform && !token.robotsOnly ? token.purpose : null;
  return { listed, origin, platform: listed.platform, purpose: stated ?? tokenPurpose ?? listed.purpose };
}
