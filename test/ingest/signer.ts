import { jwkThumbprint, type PublicJwk } from "../../shared/verification/jwk";

/** A fresh Ed25519 Web Bot Auth signer: its public JWK, keyid (RFC 7638) and a signing function. */
export async function newSigner() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const exported = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as PublicJwk;
  const jwk = { kty: "OKP", crv: "Ed25519", x: exported.x as string };
  const keyid = (await jwkThumbprint(jwk)) as string;
  const sign = async (base: string) =>
    btoa(
      String.fromCharCode(
        ...new Uint8Array(
          await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(base)),
        ),
      ),
    );
  return { jwk, keyid, sign };
}

export type Signer = Awaited<ReturnType<typeof newSigner>>;

/**
 * Web Bot Auth headers for a request to `authority` (RFC 9421 §2.5 base written by
 * hand): `@authority` and the Signature-Agent member covered, `key="sig1"` for the
 * Dictionary form, none for the legacy bare String.
 */
export async function signatureHeaders(
  s: Signer,
  authority: string,
  signatureAgent: string,
  nowMs = Date.now(),
): Promise<Record<string, string>> {
  const created = Math.floor(nowMs / 1000) - 5;
  const legacy = signatureAgent.trim().startsWith('"');
  const component = legacy ? '"signature-agent"' : '"signature-agent";key="sig1"';
  const member = legacy ? signatureAgent : signatureAgent.slice(signatureAgent.indexOf("=") + 1);
  const params = `("@authority" ${component});created=${created};keyid="${s.keyid}";alg="ed25519";expires=${created + 600};tag="web-bot-auth"`;
  const base = [`"@authority": ${authority}`, `${component}: ${member}`, `"@signature-params": ${params}`].join("\n");
  return {
    "signature-agent": signatureAgent,
    "signature-input": `sig1=${params}`,
    signature: `sig1=:${await s.sign(base)}:`,
  };
}

const CHATGPT_SIGNER = Symbol.for("agent-readiness.test.chatgpt-signer");

/**
 * The one key chatgpt.com's directory serves in this runtime. The Worker keeps a fetched key
 * directory for its freshness lifetime per isolate (shared/verification/key-directory.ts),
 * and the project's files share one runtime (test/worker-project.ts): a file serving a new
 * key there would be judged against the key an earlier file's directory held.
 */
export function chatgptSigner(): Promise<Signer> {
  const slot = globalThis as Record<symbol, Promise<Signer> | undefined>;
  slot[CHATGPT_SIGNER] ??= newSigner();
  return slot[CHATGPT_SIGNER];
}
