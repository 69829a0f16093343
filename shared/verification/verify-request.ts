import { localSwitchOn } from "../config/local-switches";
import { keyDirectoryFor } from "./key-directory";
import type { SignedMessage } from "./signature-base";
import type { SignatureOutcome } from "./signature-outcome";
import { type KeyLookup, verifyWebBotAuth } from "./web-bot-auth";

type VerifyEnv = { ACCEPT_TEST_SIGNATURE_KEYS?: string; OUTBOUND_RESOLVE?: string };

/**
 * Key sources one request may fetch that the isolate does not hold yet. A beacon names
 * one; a server-side batch (`POST /api/v1/events`, up to 500 records) names the handful
 * of agents that visited, and the cache keeps them for the next batch. Without a bound a
 * batch naming 500 made-up agents fetched 500 directories in turn (docs/ingest.md).
 */
export const KEY_FETCHES_PER_REQUEST = 4;

/** The key lookup for one incoming request: the isolate's cache, with this request's fetch budget. */
export function requestKeyLookup(env: VerifyEnv): KeyLookup {
  return keyDirectoryFor(env.OUTBOUND_RESOLVE).budgeted(KEY_FETCHES_PER_REQUEST);
}

/**
 * Web Bot Auth for one request as received, with the isolate's key-directory cache.
 * Production (ACCEPT_TEST_SIGNATURE_KEYS unset) refuses the public RFC 9421 test keys; local runs and
 * tests accept them (traffic-facts §4.2).
 */
export async function verifyRequestSignature(
  env: VerifyEnv,
  msg: SignedMessage,
  nowMs = Date.now(),
  keys: KeyLookup = requestKeyLookup(env),
): Promise<SignatureOutcome> {
  if (!msg.header("signature-input")) return { status: "absent" };
  const result = await verifyWebBotAuth(msg, {
    nowMs,
    keys,
    rejectTestKeys: !localSwitchOn(env, "ACCEPT_TEST_SIGNATURE_KEYS"),
  });
  // Which Signature-Agent form the request sent goes with every outcome (issue 45).
  const form = result.signatureAgentForm ? { signatureAgentForm: result.signatureAgentForm } : {};
  if (result.status !== "verified" || !result.signer) return { status: result.status, ...form };
  // The card a `cimd` source was read from (its metadata names who the signer says it is).
  const card = keyDirectoryFor(env.OUTBOUND_RESOLVE).cardOf(result.signer.source);
  return { status: "verified", signer: { source: result.signer.source, card }, ...form };
}
