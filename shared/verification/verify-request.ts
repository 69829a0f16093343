import type { SignatureOutcome } from "../classify/agent-identity";
import { localSwitchOn } from "../config/local-switches";
import { keyDirectoryFor } from "./key-directory";
import type { SignedMessage } from "./signature-base";
import { verifyWebBotAuth } from "./web-bot-auth";

/**
 * Web Bot Auth for one request as received, with the isolate's key-directory cache.
 * Production (ACCEPT_TEST_SIGNATURE_KEYS unset) refuses the public RFC 9421 test keys; local runs and
 * tests accept them (traffic-facts §4.2).
 */
export async function verifyRequestSignature(
  env: { ACCEPT_TEST_SIGNATURE_KEYS?: string; OUTBOUND_RESOLVE?: string },
  msg: SignedMessage,
  nowMs = Date.now(),
): Promise<SignatureOutcome> {
  if (!msg.header("signature-input")) return { status: "absent" };
  const result = await verifyWebBotAuth(msg, {
    nowMs,
    keys: keyDirectoryFor(env.OUTBOUND_RESOLVE).lookup,
    rejectTestKeys: !localSwitchOn(env, "ACCEPT_TEST_SIGNATURE_KEYS"),
  });
  return { status: result.status, agentOrigin: result.agentOrigin ?? null };
}
