import { isoCBOR } from "@simplewebauthn/server/helpers";
import { insertPasskey } from "../../shared/accounts/passkey-repository";
import type { Database } from "../../shared/db/client";
import { toBase64Url } from "../../shared/encoding/base64";

// A passkey held in the test: an ES256 key pair registered for a user, answering sign-in
// challenges exactly as an authenticator does (WebAuthn L3 §6.1 authenticator data, §7.2
// assertion: the signature covers authenticatorData || SHA-256(clientDataJSON), ES256
// signatures in ASN.1 DER per §6.5.6), so the app's real verification runs on it.

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** One DER INTEGER from a 32-byte big-endian value (leading zeros stripped, a 0 added if the top bit is set). */
function derInteger(value: Uint8Array): number[] {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const bytes = [...value.slice(start)];
  if (bytes[0] & 0x80) bytes.unshift(0);
  return [0x02, bytes.length, ...bytes];
}

/** WebCrypto's ECDSA signature is r || s (IEEE P1363); WebAuthn wants SEQUENCE { r, s }. */
function derSignature(raw: Uint8Array): Uint8Array {
  const body = [...derInteger(raw.slice(0, 32)), ...derInteger(raw.slice(32))];
  return new Uint8Array([0x30, body.length, ...body]);
}

export interface SoftwarePasskey {
  id: string;
  /** The `credential` field the page's script would post to /app/passkeys/sign-in. */
  answer(challenge: string, origin: string): Promise<string>;
}

export async function registerSoftwarePasskey(db: Database, userId: string, id: string): Promise<SoftwarePasskey> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
  // COSE_Key (RFC 9053 §7.1.1): kty EC2, alg ES256, crv P-256, x, y.
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]),
  );
  await insertPasskey(db, { id, userId, publicKey: toBase64Url(cose), counter: 0, transports: ["internal"] });
  let counter = 0;
  return {
    id,
    async answer(challenge, origin) {
      counter++;
      const clientData = utf8(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
      // rpIdHash, flags UP|UV, the signature counter (big-endian).
      const authData = new Uint8Array([
        ...(await sha256(utf8(new URL(origin).hostname))),
        0x05,
        (counter >>> 24) & 0xff,
        (counter >>> 16) & 0xff,
        (counter >>> 8) & 0xff,
        counter & 0xff,
      ]);
      const signed = new Uint8Array([...authData, ...(await sha256(clientData))]);
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed),
      );
      return JSON.stringify({
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: toBase64Url(clientData),
          authenticatorData: toBase64Url(authData),
          signature: toBase64Url(derSignature(signature)),
          userHandle: toBase64Url(utf8(userId)),
        },
        clientExtensionResults: {},
      });
    },
  };
}
