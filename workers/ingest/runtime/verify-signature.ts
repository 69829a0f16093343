import type { SignatureOutcome } from "../../../shared/classify/agent-identity";
import type { SignedMessage } from "../../../shared/verification/signature-base";
import { verifyWebBotAuth } from "../../../shared/verification/web-bot-auth";
import { keyDirectory } from "./key-directory";

/**
 * Web Bot Auth for one request as received. Production (no DEV_ROUTES) refuses the
 * public RFC 9421 test keys; local runs and tests accept them (traffic-facts §4.2).
 */
export async function verifySignature(env: IngestEnv, msg: SignedMessage, now = Date.now()): Promise<SignatureOutcome> {
  if (!msg.header("signature-input")) return { status: "absent" };
  const result = await verifyWebBotAuth(msg, {
    nowMs: now,
    keys: keyDirectory(env).lookup,
    rejectTestKeys: env.DEV_ROUTES !== "1",
  });
  return { status: result.status, agentOrigin: result.agentOrigin ?? null };
}
