import { fromBase64Url, toBase64Url } from "../encoding/base64";
import { isNotificationKind, type NotificationKind } from "../vocabulary/notification-kinds";

// The unsubscribe link of every notification mail (docs/app.md "Notifications"): it
// names one member, one workspace and one kind, and is signed so nobody can unsubscribe
// someone else by editing it. HMAC-SHA256 (RFC 2104) with the app Worker's secret
// UNSUBSCRIBE_KEY (docs/deploy.md); checked with `crypto.subtle.verify`, which compares
// in constant time. The token does not expire: an old mail's link must still work
// (Gmail and Yahoo's bulk-sender rules ask for a working one-click unsubscribe).
// There is no built-in key: a key written in the source is everyone's, and anyone who
// reaches a local instance could sign any member off any kind (issue 41, lower). A local
// run gets a random key of its own from `npm start` (scripts/local-secrets.mjs, kept
// with the local state so old links in the local mailbox still work); the tests set one
// per run. A deployment without the secret sends no notification mail.

const VERSION = "u1";

export interface UnsubscribeSubject {
  workspaceId: string;
  userId: string;
  kind: NotificationKind;
}

/** The key material for this Worker, or null when notification mail cannot be signed here. */
export function unsubscribeKeyOf(env: object): string | null {
  const value = (env as { UNSUBSCRIBE_KEY?: unknown }).UNSUBSCRIBE_KEY;
  return typeof value === "string" && value.length > 0 ? value : null;
}

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(material: string): Promise<CryptoKey> {
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(material), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(material, key);
  }
  return key;
}

const encode = (text: string) => toBase64Url(new TextEncoder().encode(text));

/** `u1.<base64url "workspace user kind">.<base64url HMAC>`: URL-safe, one path segment. */
export async function signUnsubscribe(material: string, subject: UnsubscribeSubject): Promise<string> {
  const body = `${VERSION}.${encode(`${subject.workspaceId} ${subject.userId} ${subject.kind}`)}`;
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(material), new TextEncoder().encode(body)));
  return `${body}.${toBase64Url(mac)}`;
}

/** The subject a token names, or null when it is malformed, tampered with or signed with another key. */
export async function verifyUnsubscribe(material: string, token: string): Promise<UnsubscribeSubject | null> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const mac = fromBase64Url(parts[2]);
  const named = fromBase64Url(parts[1]);
  if (!mac || !named) return null;
  const body = `${parts[0]}.${parts[1]}`;
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(material), mac, new TextEncoder().encode(body));
  if (!valid) return null;
  const [workspaceId, userId, kind, extra] = new TextDecoder().decode(named).split(" ");
  if (!workspaceId || !userId || extra !== undefined || !isNotificationKind(kind)) return null;
  return { workspaceId, userId, kind };
}
