import { type PublicJwk, publicTestKeyXs, type SignatureAlg, verifyWithJwk } from "./jwk";
import { type KeySource, keySourceOf, parseSignatureAgent, signatureAgentForm } from "./signature-agent";
import { type SignedMessage, signatureBase } from "./signature-base";
import type { SignatureOutcome } from "./signature-outcome";
import { type InnerList, parseDictionary, SfError } from "./structured-fields";

/**
 * Finds the public key for `keyid` at a key source (keyed by the pair, never by keyid
 * alone); null when unknown or unreachable. `null` source: the request named none.
 */
export type KeyLookup = (source: KeySource | null, keyid: string) => Promise<PublicJwk | null>;

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

/** The outcome with the form of the Signature-Agent header the request sent, when it sent one. */
function withForm(result: WebBotAuthResult, header: string | null): WebBotAuthResult {
  return header === null ? result : { ...result, signatureAgentForm: signatureAgentForm(header) };
}

const ALGS: Record<string, SignatureAlg> = { ed25519: "ed25519", "rsa-pss-sha512": "rsa-pss-sha512" };

const invalid = (reason: string): WebBotAuthResult => ({ status: "invalid", reason });

/**
 * The key source the covered Signature-Agent member names for this signature: the
 * Dictionary member the `key` parameter selects, or the legacy bare String. `ignored`
 * when the draft says to ignore the member (unsupported type, not an origin, not https).
 */
function keySourceFor(
  covered: InnerList,
  label: string,
  header: string | null,
): { source: KeySource | null; ignored?: true; error?: string } {
  if (header === null) return { source: null };
  const component = covered.items.find((i) => i.value === "signature-agent");
  if (!component) return { source: null, error: "Signature-Agent present but not covered" };
  const key = component.params.get("key");
  const entries = parseSignatureAgent(header, label);
  const entry =
    typeof key === "string" ? entries.find((e) => e.label === key) : entries.length === 1 ? entries[0] : undefined;
  if (!entry) return { source: null, error: "no Signature-Agent member for the covered key" };
  if (typeof key !== "string" && !header.trim().startsWith('"')) {
    return { source: null, error: "a Dictionary Signature-Agent must be covered with its key" };
  }
  const source = keySourceOf(entry);
  return source ? { source } : { source: null, ignored: true };
}

/**
 * Verifies a Web Bot Auth request signature (RFC 9421 + draft-ietf-webbotauth-httpsig-
 * protocol, traffic-facts §4.5): a `tag="web-bot-auth"` label, `created` and `expires`
 * present and fresh, `@authority` or `@target-uri` covered, the Signature-Agent member
 * for the label covered (Dictionary `key`, or the legacy bare String), key found by
 * (key source, keyid), Ed25519 or RSA-PSS-SHA512. Outcomes: `absent` (no web-bot-auth
 * signature), `invalid`, `unverified` (member ignored or key not found), `verified`
 * (with the key source: who signed, for classification to weigh against its listed signers).
 */
export async function verifyWebBotAuth(msg: SignedMessage, options: VerifyOptions): Promise<WebBotAuthResult> {
  const result = await verifySignature(msg, options);
  return result.status === "absent" ? result : withForm(result, msg.header("signature-agent"));
}

async function verifySignature(msg: SignedMessage, options: VerifyOptions): Promise<WebBotAuthResult> {
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
    // ones, so a long lifetime is not a refusal reason (docs/decisions.md#ingest).
    if (expires <= created) return invalid("expires must be after created");
    const names = covered.items.map((i) => i.value);
    if (!names.includes("@authority") && !names.includes("@target-uri")) {
      return invalid("signature must cover @authority or @target-uri");
    }

    const agent = keySourceFor(covered, label, msg.header("signature-agent"));
    if (agent.error) return invalid(agent.error);
    if (agent.ignored)
      return { status: "unverified", reason: "Signature-Agent member ignored (type or URI not usable)" };
    const jwk = await options.keys(agent.source, keyid);
    if (!jwk) return { status: "unverified", reason: "key not found" };
    if (options.rejectTestKeys && jwk.x && publicTestKeyXs.includes(jwk.x)) return invalid("public test key");
    if (jwk.nbf !== undefined && now < jwk.nbf) return invalid("key not yet valid");
    if (jwk.exp !== undefined && now > jwk.exp) return invalid("key expired");
    const algorithm = typeof alg === "string" ? ALGS[alg] : jwk.kty === "OKP" ? "ed25519" : "rsa-pss-sha512";
    if (!algorithm) return invalid("unsupported alg");
    const ok = await verifyWithJwk(algorithm, jwk, sig.value, signatureBase(covered, msg));
    if (!ok) return invalid("signature does not verify");
    // A valid signature proves who holds the key, not who the User-Agent says it is:
    // shared/classify/listed-signers.ts decides what the key source is worth.
    return { status: "verified", signer: { source: agent.source, card: null } };
  } catch (err) {
    if (err instanceof SfError) return invalid(err.message);
    throw err;
  }
}
