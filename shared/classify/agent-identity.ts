import { type Purpose, signatureAgents } from "./agents";
import type { AutomationKind } from "./automation";
import { type IpRangeIndex, ipInLists } from "./ip-ranges";
import type { AiPlatform } from "./platforms";
import { readUserAgent } from "./user-agent";

/** Verification tiers (contract: traffic verification), declared once; reports and zod enums use this list. */
export const TIERS = ["verified", "declared", "heuristic"] as const;
export type Tier = (typeof TIERS)[number];
export type DetectionSignal =
  | "signature_verified"
  | "known_ip_range"
  | "declared_user_agent"
  | "automation_flag"
  // docs/decisions.md#5-traffic-reports lists it; never produced: per-page behaviour cannot tell an agent from a
  // human without storage or fingerprinting (docs/ingest.md, Classification).
  | "behaviour";

/** What Web Bot Auth verification concluded (traffic-facts §4.2 outcomes). */
export interface SignatureOutcome {
  status: "verified" | "invalid" | "unverified" | "absent";
  /** Origin of the Signature-Agent whose key verified, when verified. */
  agentOrigin?: string | null;
}

export interface IdentityInput {
  userAgent: string | null;
  /** Full client IP, in memory only; never stored. */
  clientIp: string | null;
  signature: SignatureOutcome;
  /** Automation hints the snippet reported (navigator.webdriver, headless UA hints). */
  automation: { webdriver?: boolean; headless?: boolean };
  ipRanges: IpRangeIndex;
}

export interface AgentIdentity {
  platform: AiPlatform | null;
  purpose: Purpose | null;
  tier: Tier | null;
  confidence: number | null;
  signals: DetectionSignal[];
  /** Set when the client names itself as non-AI automation: not an agent, not a human. */
  namedAutomation?: AutomationKind;
}

export const HUMAN: AgentIdentity = { platform: null, purpose: null, tier: null, confidence: null, signals: [] };

// How much an identity can be trusted, by the strongest method that confirmed it.
// Verification methods in order of strength: traffic-facts §2 (end).
const CONFIDENCE = { signature: 0.99, ip: 0.95, declared: 0.6, spoofedToken: 0.1, heuristic: 0.3 } as const;

/**
 * Platform, purpose and verification tier of a visitor (contract "Verification
 * breakdown"; docs/reports.md "Who counts as an AI agent"): verified by a valid Web Bot
 * Auth signature or by the full client IP in the vendor's published range for the
 * declared token; declared by User-Agent alone; heuristic only for automation that names
 * nobody (automation flags, a bare headless browser). Clients that name themselves as
 * non-AI automation (monitors, prerenderers, SEO crawlers, link previewers, search
 * engines) are no agent: `namedAutomation` says which kind. robots.txt-only tokens
 * (Google-Extended, Applebot-Extended) never make requests, so they are never verified.
 */
export function identifyAgent(input: IdentityInput): AgentIdentity {
  const claim = readUserAgent(input.userAgent);
  const declared = claim.kind === "ai_agent" ? claim.agent : null;
  const signals: DetectionSignal[] = [];
  if (declared) signals.push("declared_user_agent");

  if (input.signature.status === "verified") {
    const byOrigin = input.signature.agentOrigin ? signatureAgents[input.signature.agentOrigin] : undefined;
    const platform = byOrigin?.platform ?? declared?.platform ?? "other_ai";
    const purpose = declared && !declared.robotsOnly ? declared.purpose : (byOrigin?.purpose ?? "unknown");
    return {
      platform,
      purpose,
      tier: "verified",
      confidence: CONFIDENCE.signature,
      signals: ["signature_verified", ...signals],
    };
  }

  if (declared?.robotsOnly) {
    return {
      platform: declared.platform,
      purpose: "unknown",
      tier: "declared",
      confidence: CONFIDENCE.spoofedToken,
      signals,
    };
  }

  if (declared) {
    if (ipInLists(input.clientIp, declared.ipLists ?? [], input.ipRanges)) {
      return {
        platform: declared.platform,
        purpose: declared.purpose,
        tier: "verified",
        confidence: CONFIDENCE.ip,
        signals: ["known_ip_range", ...signals],
      };
    }
    return {
      platform: declared.platform,
      purpose: declared.purpose,
      tier: "declared",
      confidence: CONFIDENCE.declared,
      signals,
    };
  }

  if (claim.kind === "named_automation") return { ...HUMAN, namedAutomation: claim.automation };

  if (input.automation.webdriver || input.automation.headless || claim.kind === "headless") {
    return {
      platform: "other_ai",
      purpose: "unknown",
      tier: "heuristic",
      confidence: CONFIDENCE.heuristic,
      signals: ["automation_flag"],
    };
  }
  return HUMAN;
}
