// Possession proofs on a key directory response (draft-ietf-webbotauth-httpsig-protocol,
// appendix "Validating the Domain Binding"): one RFC 9421 signature per key, tag
// `http-message-signatures-directory`, covering `"@authority";req` and
// `content-digest` (RFC 9530), with created, expires and keyid (the key's thumbprint).
// A verifier checks each with the key the directory itself serves and checks the
// digest against the body; a proof that fails is invalid, and a future `created` is
// refused. We drop a key whose proof fails and keep keys the directory does not prove
// (the draft lets a verifier use keys it resolved itself without proof).

import { type PublicJwk, type SignatureAlg, verifyWithJwk } from "./jwk";
import { type SignedMessage, signatureBase } from "./signature-base";
import { type InnerList, parseDictionary, SfError } from "./structured-fields";

export const DIRECTORY_SIGNATURE_TAG = "http-message-signatures-directory";

const DIGESTS: Record<string, "SHA-256" | "SHA-512"> = { "sha-256": "SHA-256", "sha-512": "SHA-512" };

/** RFC 9530 Content-Digest against the body: every known algorithm listed must match, at least one must be listed. */
async function digestMatches(header: string | null, body: Uint8Array): Promise<boolean> {
  if (!header) return false;
  let checked = 0;
  for (const [alg, member] of parseDictionary(header)) {
    const name = DIGESTS[alg];
    if (!name) continue;
    if ("items" in member || !(member.value instanceof Uint8Array)) return false;
    const actual = new Uint8Array(await crypto.subtle.digest(name, body));
    const expected = member.value;
    if (actual.length !== expected.length || actual.some((b, i) => b !== expected[i])) return false;
    checked++;
  }
  return checked > 0;
}

export interface DirectoryResponse {
  /** The directory request as sent (its authority is what `"@authority";req` covers). */
  requestUrl: string;
  headers: Headers;
  body: Uint8Array;
}

/**
 * keyid → whether the response carries a valid proof for it. Keys without a proof are
 * absent from the map; a present `false` means a proof was there and failed.
 */
export async function directoryProofs(
  response: DirectoryResponse,
  keys: ReadonlyMap<string, PublicJwk>,
  nowMs: number,
): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  const inputHeader = response.headers.get("signature-input");
  const sigHeader = response.headers.get("signature");
  if (!inputHeader || !sigHeader) return out;
  let inputs: Map<string, unknown>;
  let sigs: Map<string, unknown>;
  try {
    inputs = parseDictionary(inputHeader);
    sigs = parseDictionary(sigHeader);
  } catch {
    return out;
  }
  const digestOk = await digestMatches(response.headers.get("content-digest"), response.body).catch(() => false);
  const now = Math.floor(nowMs / 1000);
  const msg: SignedMessage = {
    method: "GET",
    url: response.requestUrl,
    header: (name) => response.headers.get(name),
    request: { method: "GET", url: response.requestUrl, header: () => null },
  };
  for (const [label, raw] of inputs) {
    const covered = raw as InnerList;
    if (!("items" in covered) || covered.params.get("tag") !== DIRECTORY_SIGNATURE_TAG) continue;
    const keyid = covered.params.get("keyid");
    if (typeof keyid !== "string") continue;
    const jwk = keys.get(keyid);
    if (!jwk) continue;
    out.set(keyid, await proofValid(covered, sigs.get(label), jwk, msg, digestOk, now));
  }
  return out;
}

async function proofValid(
  covered: InnerList,
  sig: unknown,
  jwk: PublicJwk,
  msg: SignedMessage,
  digestOk: boolean,
  now: number,
): Promise<boolean> {
  const ids = covered.items.map((i) => `${String(i.value)}${i.params.has("req") ? ";req" : ""}`);
  if (!ids.includes("@authority;req") || !ids.includes("content-digest") || !digestOk) return false;
  const created = covered.params.get("created");
  const expires = covered.params.get("expires");
  if (typeof created !== "number" || typeof expires !== "number" || created > now || expires < now) return false;
  const bytes = (sig as { value?: unknown } | undefined)?.value;
  if (!(bytes instanceof Uint8Array)) return false;
  const alg: SignatureAlg = jwk.kty === "OKP" ? "ed25519" : "rsa-pss-sha512";
  try {
    return await verifyWithJwk(alg, jwk, bytes, signatureBase(covered, msg));
  } catch (err) {
    if (err instanceof SfError) return false;
    throw err;
  }
}
