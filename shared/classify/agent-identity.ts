import { parseIp } from "../ip/cidr";
import type { DnsVerdict } from "../verification/reverse-dns";
import type { SignatureOutcome } from "../verification/signature-outcome";
import type { AgentEntry, Purpose } from "./agents";
import type { AutomationKind } from "./automation";
import type { DetectionSignal, Tier } from "./identity-vocabulary";
import { type IpRangeIndex, ipInLists } from "./ip-ranges";
import { listedSignerAt, readSigner, type SignerReading } from "./listed-signers";
import { automationSignals, type PageAutomation } from "./page-automation";
import type { AiPlatform } from "./platforms";
import { ucpAgentOrigin } from "./ucp-agent";
import { readUserAgent } from "./user-agent";

export interface IdentityInput {
  userAgent: string | null;
  /** Full client IP, in memory only; never stored. */
  clientIp: string | null;
  signature: SignatureOutcome;
  /** The `UCP-Agent` header as received, or null. */
  ucpAgent?: string | null;
  /** Forward-confirmed reverse DNS of the client IP against the declared operator's domains. */
  reverseDns?: DnsVerdict;
  /** What the snippet saw of automation on the page (page-automation.ts). */
  automation: PageAutomation;
  ipRanges: IpRangeIndex;
  /**
   * True when `clientIp` is what the merchant's logs report (server-side events, drains,
   * uploads), false or absent when it is the address of a connection this service saw
   * (a beacon's CF-Connecting-IP). A reported address that passes the operator's check
   * labels the agent, never verifies it.
   */
  addressReported?: boolean;
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
 * breakdown"; docs/ingest.md "Who counts as verified"): verified by a valid Web Bot Auth
 * signature whose key source is a listed operator's (listed-signers.ts; platform and
 * purpose from that row or the operator's card, never from the User-Agent), or by the
 * full client IP in the vendor's published range for the declared token. Declared by a
 * User-Agent token, a `UCP-Agent` profile, or a valid signature from a signer nobody
 * lists (recorded as `signature_unlisted`, `other_ai` unless the UA names more).
 * Heuristic only for automation that names nobody. Clients that name themselves as
 * non-AI automation are no agent: `namedAutomation` says which kind. robots.txt-only
 * tokens (Google-Extended, Applebot-Extended) never make requests, so they are never
 * verified.
 */
export function identifyAgent(input: IdentityInput): AgentIdentity {
  const who = identifyClaim(input);
  // What the page saw of automation is added to any identity, never raising its tier:
  // a verified or declared agent stays what it proved or said it is.
  const seen = automationSignals(input.automation);
  if (seen.length === 0 || who.namedAutomation || who.tier === "heuristic") return who;
  return { ...who, signals: [...who.signals, ...seen] };
}

function identifyClaim(input: IdentityInput): AgentIdentity {
  const claim = readUserAgent(input.userAgent);
  const declared = claim.kind === "ai_agent" ? claim.agent : null;
  const signals: DetectionSignal[] = [];
  if (declared) signals.push("declared_user_agent");
  const ucpOrigin = ucpAgentOrigin(input.ucpAgent);
  if (ucpOrigin) signals.push("declared_ucp_agent");

  let unlisted: SignerReading | null = null;
  if (input.signature.status === "verified" && input.signature.signer) {
    const signer = readSigner(input.signature.signer);
    if (signer.listed) {
      return {
        platform: signer.platform,
        purpose: signer.purpose,
        tier: "verified",
        confidence: CONFIDENCE.signature,
        signals: ["signature_verified", ...signals],
      };
    }
    unlisted = signer;
    signals.push("signature_unlisted");
  }

  if (declared?.robotsOnly) {
    // Its operator says the token never makes a request (traffic-facts §0.6): whoever sent
    // it fails the one check there is.
    return {
      platform: declared.platform,
      purpose: "unknown",
      tier: "declared",
      confidence: CONFIDENCE.spoofedToken,
      signals: [...signals, "verification_failed"],
    };
  }

  if (declared) {
    const byAddress: DetectionSignal | null = ipInLists(input.clientIp, declared.ipLists ?? [], input.ipRanges)
      ? "known_ip_range"
      : declared.rdns && input.reverseDns === "confirmed"
        ? "reverse_dns"
        : null;
    if (byAddress && input.addressReported) {
      // The merchant's logs say the request came from the operator's address: a claim
      // the merchant (or whoever writes its logs) makes, so declared, and labelled.
      return {
        platform: declared.platform,
        purpose: declared.purpose,
        tier: "declared",
        confidence: CONFIDENCE.declared,
        signals: [byAddress, "address_from_merchant_logs", ...signals],
      };
    }
    if (byAddress) {
      return {
        platform: declared.platform,
        purpose: declared.purpose,
        tier: "verified",
        confidence: CONFIDENCE.ip,
        signals: [byAddress, ...signals],
      };
    }
    // The tier stays `declared` (contract: passed neither method); the signals say whether
    // a published check failed or none is published (issue 40, additive).
    const check = publishedCheck(declared, input);
    const verdict: DetectionSignal[] =
      check === "failed" ? ["verification_failed"] : check === "unavailable" ? ["verification_unavailable"] : [];
    return {
      platform: declared.platform,
      purpose: declared.purpose,
      tier: "declared",
      confidence: CONFIDENCE.declared,
      signals: [...signals, ...verdict],
    };
  }

  if (claim.kind === "named_automation") return { ...HUMAN, namedAutomation: claim.automation };

  if (unlisted || ucpOrigin) {
    // A signer nobody lists, or a UCP profile: an agent that says who it is, unproven.
    // UCP callers are platforms acting for a buyer (UCP overview), so `user_action`.
    const ucpListed = ucpOrigin ? listedSignerAt(ucpOrigin) : null;
    const purpose =
      unlisted && unlisted.purpose !== "unknown" ? unlisted.purpose : ucpOrigin ? "user_action" : "unknown";
    return {
      platform: ucpListed?.platform ?? "other_ai",
      purpose,
      tier: "declared",
      confidence: CONFIDENCE.declared,
      signals,
    };
  }

  const seen = automationSignals(input.automation);
  if (claim.kind === "headless" && !seen.includes("automation_flag")) seen.unshift("automation_flag");
  if (seen.length > 0) {
    // Automation that names nobody: an agentic browser, a scraper or a test run. Which
    // one the page cannot tell, so the platform is `other_ai` and the purpose unknown.
    return {
      platform: "other_ai",
      purpose: "unknown",
      tier: "heuristic",
      confidence: CONFIDENCE.heuristic,
      signals: seen,
    };
  }
  return HUMAN;
}

/**
 * What the operator's published checks said of a declared agent that none of them
 * verified (traffic-facts §2: IP ranges, reverse DNS): `failed` when a check could be
 * made and refuted it (its client IP is outside every loaded list of its token, or its
 * reverse DNS is refuted where the operator publishes no list), `unavailable` when the
 * operator publishes no check for the token, `unchecked` when one is published but could
 * not be made (no client IP, no list loaded, the resolver did not answer). An IP outside
 * the published ranges is enough: the operators publish the ranges their agents use.
 */
function publishedCheck(
  declared: AgentEntry,
  input: Pick<IdentityInput, "clientIp" | "reverseDns" | "ipRanges">,
): "failed" | "unavailable" | "unchecked" {
  const lists = declared.ipLists ?? [];
  const rdns = declared.rdns ?? [];
  if (lists.length === 0 && rdns.length === 0) return "unavailable";
  const listsLoaded = lists.some((id) => (input.ipRanges.get(id)?.length ?? 0) > 0);
  if (listsLoaded && input.clientIp !== null && parseIp(input.clientIp) !== null) return "failed";
  if (lists.length === 0 && input.reverseDns === "refuted") return "failed";
  return "unchecked";
}
