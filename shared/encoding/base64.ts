// Base64 (RFC 4648 §4, padded) and base64url (§5, unpadded) over bytes, for the places
// that need them: Standard Webhooks secrets and signatures, daily salts, structured
// field byte sequences, cursors and JWK thumbprints.

function binary(bytes: Uint8Array): string {
  // A loop, not String.fromCharCode(...bytes): spreading a large array overflows the stack.
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return bin;
}

export function toBase64(bytes: Uint8Array): string {
  return btoa(binary(bytes));
}

/** The bytes, or null when `text` is not padded base64. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes, or null when `text` is not unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}
