// JWK helpers for Web Bot Auth keys: RFC 7638 thumbprints (keyid) and WebCrypto import.

import { toBase64Url } from "../encoding/base64";

export interface PublicJwk {
  kty: string;
  crv?: string;
  x?: string;
  n?: string;
  e?: string;
  kid?: string;
  nbf?: number;
  exp?: number;
}

/** RFC 7638 JWK SHA-256 thumbprint (RFC 8037 A.3 for OKP), base64url. */
export async function jwkThumbprint(jwk: PublicJwk): Promise<string | null> {
  let canonical: string;
  if (jwk.kty === "OKP" && jwk.crv && jwk.x) canonical = JSON.stringify({ crv: jwk.crv, kty: "OKP", x: jwk.x });
  else if (jwk.kty === "RSA" && jwk.e && jwk.n) canonical = JSON.stringify({ e: jwk.e, kty: "RSA", n: jwk.n });
  else return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return toBase64Url(new Uint8Array(digest));
}

export type SignatureAlg = "ed25519" | "rsa-pss-sha512";

/** Verifies raw signature bytes over `data` with a public JWK; false on any mismatch. */
export async function verifyWithJwk(
  alg: SignatureAlg,
  jwk: PublicJwk,
  signature: Uint8Array,
  data: string,
): Promise<boolean> {
  const bytes = new TextEncoder().encode(data);
  try {
    if (alg === "ed25519") {
      if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || !jwk.x) return false;
      const key = await crypto.subtle.importKey(
        "jwk",
        { kty: "OKP", crv: "Ed25519", x: jwk.x },
        { name: "Ed25519" },
        false,
        ["verify"],
      );
      return await crypto.subtle.verify({ name: "Ed25519" }, key, signature, bytes);
    }
    if (jwk.kty !== "RSA" || !jwk.n || !jwk.e) return false;
    const key = await crypto.subtle.importKey(
      "jwk",
      { kty: "RSA", n: jwk.n, e: jwk.e },
      { name: "RSA-PSS", hash: "SHA-512" },
      false,
      ["verify"],
    );
    return await crypto.subtle.verify({ name: "RSA-PSS", saltLength: 64 }, key, signature, bytes);
  } catch {
    return false;
  }
}

/**
 * Test keys that "MUST NOT be used in production" (web-bot-auth protocol draft §
 * Security): the RFC 9421 Appendix B.1.4 Ed25519 key. Rejected only in production.
 */
export const publicTestKeyXs: readonly string[] = ["JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"];
