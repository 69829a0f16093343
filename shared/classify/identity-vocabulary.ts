// The words of an agent's identity, declared once, below the classifier that assigns them
// (agent-identity.ts) and every step, report and page that reads them.

/** Verification tiers (contract: traffic verification), declared once; reports and zod enums use this list. */
export const TIERS = ["verified", "declared", "heuristic"] as const;
export type Tier = (typeof TIERS)[number];
/** How an agent was recognised, declared once; a session keeps every signal its events had. */
export const DETECTION_SIGNALS = [
  "signature_verified",
  "known_ip_range",
  "declared_user_agent",
  // A valid Web Bot Auth signature whose key source is not a listed operator's
  // (listed-signers.ts): it proves who holds the key, not who the User-Agent names.
  "signature_unlisted",
  // `UCP-Agent: profile="…"` named the caller (ucp-agent.ts): a claim, like a UA token.
  "declared_ucp_agent",
  // The client IP's reverse DNS lies under the declared operator's documented domains
  // and resolves back to the IP (shared/verification/reverse-dns.ts).
  "reverse_dns",
  // The browser says it is automated: navigator.webdriver, a headless build.
  "automation_flag",
  // The page caught a driver at work: a global it injected, its script dispatching a
  // click or submit (page-automation.ts). Never input timing or pointer paths: those
  // also come from people (docs/ingest.md, "Agentic browsers").
  "behaviour",
  // Issue 45: the form of the Signature-Agent header a signed request sent, recorded per
  // agent (shared/verification/signature-agent.ts): the working group's Dictionary (draft
  // -01) or the bare String Cloudflare's production still sends.
  "signature_agent_dictionary",
  "signature_agent_string",
  // A declared agent whose operator publishes a way to verify it (IP ranges, reverse DNS,
  // or: it never makes requests at all) and that failed it: likely spoofed
  // (verification-result.ts; docs/ingest.md "Failed verification").
  "verification_failed",
  // A declared agent whose operator publishes no way to verify it: it cannot be verified.
  "verification_unavailable",
  // Issue 41, lower findings: the address that passed the IP-range or reverse-DNS check
  // came from the merchant's own logs (a server-side event, a drain or an uploaded line),
  // which choose it freely, not from a connection this service saw: the tier stays
  // `declared` (docs/ingest.md "Who counts as verified").
  "address_from_merchant_logs",
] as const;
export type DetectionSignal = (typeof DETECTION_SIGNALS)[number];
