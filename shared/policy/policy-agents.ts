import type { AgentEntry } from "../classify/agents";
import type { AiPlatform } from "../classify/platforms";
import { aiAgents } from "../classify/user-agent";
import { productToken } from "../robots/parse-robots";
import type { PolicyPurpose } from "../vocabulary/policy-purposes";

// The agents a policy names, read from the one catalogue (shared/classify/agents.ts,
// agents-listed.ts): each with the purpose the policy files it under and the robots.txt
// product token it is addressed by. The collectors get this table inside the policy
// document (collector-document.ts), so the service stays its one source.

/**
 * Agents that drive a whole browser for a person (render pages, click, fill forms)
 * rather than fetch one page for an answer: the policy's `agentic_browser` purpose.
 * traffic-facts §0 ("browser agents (ChatGPT agent/Operator, Google-Agent/Project
 * Mariner, Nova Act, Manus ...)") and §2 (NovaAct "browser agent"; AmazonBuyForMe "buys
 * on third-party shops"); each entry's own `ref` documents it.
 */
export const AGENTIC_BROWSER_TOKENS: ReadonlySet<string> = new Set([
  "ChatGPT Agent",
  "Operator",
  "Google-Agent",
  "GoogleAgent-Mariner",
  "NovaAct",
  "AmazonBuyForMe",
  "Manus-User",
]);

/**
 * robots.txt-only tokens (they never make requests) and what they control: Google-Extended
 * "manage[s] whether content Google crawls from their sites may be used for training
 * future generations of Gemini models"
 * (https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers);
 * Applebot-Extended lets a site "opt out of their website content being used to train
 * Apple's foundation models" (https://support.apple.com/en-us/119829). Both are a
 * training crawl's permission, so the policy files them under `crawl`.
 */
const ROBOTS_ONLY_PURPOSE: Readonly<Record<string, PolicyPurpose>> = {
  "Google-Extended": "crawl",
  "Applebot-Extended": "crawl",
};

/**
 * Catalogue tokens another crawler also sends (agents-listed.ts matches them only with
 * or without a second clue): a robots.txt group for them would also address that other
 * crawler, so the managed file leaves them out; the collector still tells them apart.
 */
const SHARED_TOKENS: ReadonlySet<string> = new Set(["ExaBot"]);

/** RFC 9309 §2.2.1: a product token is letters, `-` and `_` only; anything else cannot name a group. */
const ROBOTS_IDENTIFIER = /^[A-Za-z_-]+$/;

export interface PolicyAgent {
  /** The catalogue's spelling, as the merchant names it in rules. */
  token: string;
  /** Lower-cased token: `agent_requests.agent`, what the reports key agents by. */
  key: string;
  /** Every spelling, lower-cased, that the User-Agent matcher looks for. */
  spellings: string[];
  onlyWith: RegExp | undefined;
  notWith: RegExp | undefined;
  operator: string;
  platform: AiPlatform;
  purpose: PolicyPurpose;
  /** Vendor IP-range list ids that verify it (shared/classify/ip-range-sources.ts). */
  ipLists: readonly string[];
  /** The token written in a robots.txt `User-agent` line, or null when it is not a valid one. */
  robotsToken: string | null;
  /** The group the compliance report and the collector read for it: RFC 9309 `productToken` of the token. */
  robotsKey: string;
  /** Where the token is documented: the vendor's page or the list it comes from. */
  ref: string;
  robotsOnly: boolean;
}

/** The policy's purpose of a catalogue entry. */
export function policyPurposeOf(entry: Pick<AgentEntry, "token" | "purpose" | "robotsOnly">): PolicyPurpose {
  if (AGENTIC_BROWSER_TOKENS.has(entry.token)) return "agentic_browser";
  if (entry.robotsOnly) return ROBOTS_ONLY_PURPOSE[entry.token] ?? "unknown";
  return entry.purpose;
}

function policyAgent(entry: AgentEntry): PolicyAgent {
  return {
    token: entry.token,
    key: entry.token.toLowerCase(),
    spellings: [entry.token, ...(entry.aliases ?? [])].map((s) => s.toLowerCase()),
    onlyWith: entry.onlyWith,
    notWith: entry.notWith,
    operator: entry.operator,
    platform: entry.platform,
    purpose: policyPurposeOf(entry),
    ipLists: entry.ipLists ?? [],
    // Peer-only entries are tokens seen on the wire, not documented for robots.txt;
    // `onlyWith` entries share their token with unrelated bots (Diffbot's `Snap`).
    robotsToken:
      entry.source !== "peer" &&
      !entry.onlyWith &&
      !SHARED_TOKENS.has(entry.token) &&
      ROBOTS_IDENTIFIER.test(entry.token)
        ? entry.token
        : null,
    robotsKey: productToken(entry.token),
    ref: entry.ref,
    robotsOnly: entry.robotsOnly === true,
  };
}

/** Every agent of the catalogue, in its order (vendor-documented first). */
export const policyAgents: readonly PolicyAgent[] = aiAgents.map(policyAgent);

const byKey = new Map(policyAgents.map((a) => [a.key, a]));

/** The catalogue agent a rule names (any case), or undefined. */
export function policyAgentNamed(token: string): PolicyAgent | undefined {
  return byKey.get(token.toLowerCase());
}

/** Operators of the catalogue, by name (each once, in catalogue order). */
export const policyOperators: readonly string[] = [
  ...new Set(policyAgents.map((a) => a.operator).filter((o) => o !== "unknown")),
];
