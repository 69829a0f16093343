import { identifyAgent } from "../../classify/agent-identity";
import type { DetectionSignal } from "../../classify/identity-vocabulary";
import { deviceInfo } from "../../classify/user-agent";
import type { SignatureOutcome } from "../../verification/signature-outcome";
import type { Draft, Dropped, PipelineDeps } from "../pipeline-types";

/**
 * Platform, purpose, tier, confidence, detection signals and device from UA, IP and
 * signature. Clients that name themselves as non-AI automation are dropped: they are
 * neither AI sessions nor human visits (docs/reports.md, "Who counts as an AI agent").
 */
export function identify(d: Draft, deps: PipelineDeps): Draft | Dropped {
  const who = identifyAgent({
    userAgent: d.userAgent,
    clientIp: d.clientIp,
    signature: d.signature,
    ucpAgent: d.ucpAgent,
    reverseDns: d.reverseDns,
    automation: d.automation,
    ipRanges: deps.ipRanges,
    // A server-side record's address is what the merchant's logs say; a beacon's is the
    // connection's (issue 41, lower findings).
    addressReported: d.channel === "server",
  });
  if (who.namedAutomation) return { dropped: "named_automation" };
  const device = deviceInfo(d.userAgent, who.platform !== null);
  return {
    ...d,
    platform: who.platform,
    purpose: who.purpose,
    tier: who.tier,
    confidence: who.confidence,
    signals: formSignal(d.signature) ? [...who.signals, formSignal(d.signature) as DetectionSignal] : who.signals,
    signerOrigin: signerOrigin(d.signature),
    browser: device.browser,
    os: device.os,
    deviceType: device.deviceType,
  };
}

/** The origin a valid signature's key came from: who the signature proves the sender is. */
function signerOrigin(signature: SignatureOutcome): string | null {
  const url = signature.status === "verified" ? signature.signer?.source?.url : undefined;
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Which form of Signature-Agent a signed request sent (issue 45), kept with the session's
 * signals so each agent's form is on record: the working group's Dictionary or the
 * String Cloudflare's production sends.
 */
function formSignal(signature: SignatureOutcome): DetectionSignal | null {
  if (signature.status === "absent" || !signature.signatureAgentForm) return null;
  return signature.signatureAgentForm === "dictionary" ? "signature_agent_dictionary" : "signature_agent_string";
}
