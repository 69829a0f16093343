import { type AgentEntry, type Purpose, signatureAgents } from "./agents";
import { type IpRangeIndex, ipInLists } from "./ip-ranges";
import { matchAgent } from "./user-agent";

export type Tier = "verified" | "declared" | "heuristic";
export type DetectionSignal =
  | "signature_verified"
  | "known_ip_range"
  | "declared_user_agent"
  | "automation_flag"
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
  platform: string | null;
  purpose: Purpose | null;
  tier: Tier | null;
  confidence: number | null;
  signals: DetectionSignal[];
}

export const HUMAN: AgentIdentity = { platform: null, purpose: null, tier: null, confidence: null, signals: [] };

// How much an identity can be trusted, by the strongest method that confirmed it.
// Verification methods in order of strength: traffic-facts §2 (end).
const CONFIDENCE = { signature: 0.99, ip: 0.95, declared: 0.6, spoofedToken: 0.1, heuristic: 0.3 } as const;

/**
 * Platform, purpose and verification tier of a visitor (contract "Verification
 * breakdown"): verified by a valid Web Bot Auth signature or by the full client IP in
 * the vendor's published range for the declared token; declared by User-Agent alone;
 * heuristic from automation flags. robots.txt-only tokens (Google-Extended,
 * Applebot-Extended) never make requests, so they are never verified.
 */
export function identifyAgent(input: IdentityInput): AgentIdentity {
  const declared: AgentEntry | null = matchAgent(input.userAgent);
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
    if (ipInLists(input.clientIp, declared.ipLists, input.ipRanges)) {
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

  const headlessUa = /headlesschrome|phantomjs|puppeteer|playwright/i.test(input.userAgent ?? "");
  if (input.automation.webdriver || input.automation.headless || headlessUa) {
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
