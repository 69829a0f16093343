import type { AgentCardMeta } from "./agent-card";
import type { KeySource, SignatureAgentForm } from "./signature-agent";

/** What Web Bot Auth verification concluded (traffic-facts §4.2 outcomes). */
export interface SignatureOutcome {
  status: "verified" | "invalid" | "unverified" | "absent";
  /**
   * When verified: the key source the key came from (null when the request named none)
   * and the Signature Agent Card it was read from, if any. Who that makes the sender is
   * shared/classify/listed-signers.ts's question.
   */
  signer?: { source: KeySource | null; card: AgentCardMeta | null };
  /** Issue 45: which form of Signature-Agent the request sent (none sent: absent). */
  signatureAgentForm?: SignatureAgentForm;
}
