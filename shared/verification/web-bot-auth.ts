import type { SignatureOutcome } from "../classify/agent-identity";
import { type PublicJwk, publicTestKeyXs, type SignatureAlg, verifyWithJwk } from "./jwk";
import { type SignedMessage, signatureBase } from "./signature-base";
import { type InnerList, parseDictionary, parseItem, SfError } from "./structured-fields";

/** Finds the public key for `keyid` published by `agentOrigin`; null when unknown or unreachable. */
export type KeyLookup = (agentOrigin: string | null, keyid: string) => Promise<PublicJwk | null>;

export interface VerifyOptions {
  nowMs: number;
  keys: KeyLookup;
  /** Production refuses the public RFC 9421 test keys; local runs and tests allow them. */
  rejectTestKeys: boolean;
  /** Clock skew allowed on `created` (seconds). */
  skewSeconds?: number;
}

export interface WebBotAuthResult extends SignatureOutcome {
  /** Why the signature was not accepted, for logs and tests. */
  reason?: string;
}

const ALGS: Record<string, SignatureAlg> = { ed25519: "ed25519", "rsa-pss-sha512": "rsa-pss-sha512" };

const invalid = (reason: string): WebBotAuthResult => ({ status: "invalid", reason });

/** The agent origin a covered Signature-Agent names: a Dictionary member, or the legacy bare String. */
function agentOriginOf(covered: InnerList, header: string | null): { origin: string | null; error?: string } {
  if (header === null) return { origin: null };
  const component = covered.items.find((i) => i.value === "signature-agent");
  if (!component) return { origin: null, error: "Signature-Agent present but not covered" };
  const key = component.params.get("key");
  let value: unknown;
  if (typeof key === "string") value = parseDictionary(header).get(key);
  else value = parseItem(header); // legacy form: Signature-Agent: "https://chatgpt.com"
  const text = (value as { value?: unknown } | undefined)?.value;
  if (typeof text !== "string") return { origin: null, error: "Signature-Agent member is not a string" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { origin: null, error: "Signature-Agent is not a URL" };
  }
  if (url.protocol !== "https:") return { origin: null, error: "Signature-Agent must be https" };
  return { origin: url.origin };
}

/**
 * Verifies a Web Bot Auth request signature (RFC 9421 + draft-meunier-webbotauth-
 * httpsig-protocol, traffic-facts §4.5): a `tag="web-bot-auth"` label, `created` and
 * `expires` present and fresh, `@authority` or `@target-uri` covered, `Signature-Agent`
 * covered when present, key found by (agent origin, keyid), Ed25519 or RSA-PSS-SHA512.
 * Outcomes: `absent` (no web-bot-auth signature), `invalid`, `unverified` (key not
 * found), `verified` (with the agent origin).
 */
export async function verifyWebBotAuth(msg: SignedMessage, options: VerifyOptions): Promise<WebBotAuthResult> {
  const inputHeader = msg.header("signature-input");
  const sigHeader = msg.header("signature");
  if (!inputHeader) return { status: "absent" };
  try {
    const inputs = parseDictionary(inputHeader);
    const label = [...inputs.keys()].find((l) => {
      const m = inputs.get(l);
      return m && "items" in m && m.params.get("tag") === "web-bot-auth";
    });
    if (!label) return { status: "absent" };
    const covered = inputs.get(label) as InnerList;
    if (!sigHeader) return invalid("Signature header missing");
    const sig = parseDictionary(sigHeader).get(label);
    if (!sig || "items" in sig || !(sig.value instanceof Uint8Array))
      return invalid("no signature bytes for the label");

    const created = covered.params.get("created");
    const expires = covered.params.get("expires");
    const keyid = covered.params.get("keyid");
    const alg = covered.params.get("alg");
    if (typeof created !== "number" || typeof expires !== "number") return invalid("created and expires are required");
    if (typeof keyid !== "string" || !keyid) return invalid("keyid is required");
    const now = Math.floor(options.nowMs / 1000);
    if (created > now + (options.skewSeconds ?? 60)) return invalid("created is in the future");
    if (expires < now) return invalid("signature expired");
    // The draft only RECOMMENDS a lifetime of at most 24 h; published vectors use longer
    // ones, so a long lifetime is not a refusal reason (docs/decisions.md, Ingest).
    if (expires <= created) return invalid("expires must be after created");
    const names = covered.items.map((i) => i.value);
    if (!names.includes("@authority") && !names.includes("@target-uri")) {
      return invalid("signature must cover @authority or @target-uri");
    }

    const agent = agentOriginOf(covered, msg.header("signature-agent"));
    if (agent.error) return invalid(agent.error);
    const jwk = await options.keys(agent.origin, keyid);
    if (!jwk) return { status: "unverified", reason: "key not found" };
    if (options.rejectTestKeys && jwk.x && publicTestKeyXs.includes(jwk.x)) return invalid("public test key");
    if (jwk.nbf !== undefined && now < jwk.nbf) return invalid("key not yet valid");
    if (jwk.exp !== undefined && now > jwk.exp) return invalid("key expired");
    const algorithm = typeof alg === "string" ? ALGS[alg] : jwk.kty === "OKP" ? "ed25519" : "rsa-pss-sha512";
    if (!algorithm) return invalid("unsupported alg");
    const ok = await verifyWithJwk(algorithm, jwk, sig.value, signatureBase(covered, msg));
    return ok ? { status: "verified", agentOrigin: agent.origin } : invalid("signature does not verify");
  } catch (err) {
    if (err instanceof SfError) return invalid(err.message);
    throw err;
  }
}
