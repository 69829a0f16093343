import { localSwitchOn } from "../config/local-switches";
import { fromBase64, toBase64 } from "../encoding/base64";

// Webhook signing secrets are needed again for every delivery, so they cannot be
// hashed like API keys; they are sealed with AES-256-GCM instead. The key comes from
// the Worker secret WEBHOOK_SECRET_KEY (any string; its SHA-256 is the AES key), set
// on both the v1 Worker (seals at creation) and the scan Worker (opens to sign):
//   wrangler secret put WEBHOOK_SECRET_KEY -c workers/v1/wrangler.toml   (and scan)
// The built-in key exists only for local runs and tests (BUILT_IN_WEBHOOK_KEY=1): whoever reads
// this source could open what it seals, so outside them sealing without the secret is
// refused (the monitor is not created; the error is logged) rather than silently weak.
// Each sealed value names the key it used (`env` or `builtin`), so values sealed
// locally with the built-in key still open after a key is configured.

const BUILT_IN_KEY = "agent-readiness/webhooks/secret-box/built-in";
type KeyName = "env" | "builtin";

const keys = new Map<string, Promise<CryptoKey>>();

function importKey(material: string): Promise<CryptoKey> {
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(material))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(material, key);
  }
  return key;
}

function configured(env: object): string | null {
  const value = (env as { WEBHOOK_SECRET_KEY?: unknown }).WEBHOOK_SECRET_KEY;
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** `v1.<key name>.<base64 iv>.<base64 ciphertext>`. */
export async function sealSecret(env: object, secret: string): Promise<string> {
  const material = configured(env);
  if (!material && !localSwitchOn(env, "BUILT_IN_WEBHOOK_KEY")) {
    throw new Error("WEBHOOK_SECRET_KEY is not set: refusing to seal a webhook secret with the built-in key");
  }
  const name: KeyName = material ? "env" : "builtin";
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await importKey(material ?? BUILT_IN_KEY);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(secret)),
  );
  return `v1.${name}.${toBase64(iv)}.${toBase64(sealed)}`;
}

/** The secret inside `sealed`; throws if the value was tampered with or its key is not configured. */
export async function openSecret(env: object, sealed: string): Promise<string> {
  const [version, name, ivText, dataText, extra] = sealed.split(".");
  const iv = fromBase64(ivText ?? "");
  const data = fromBase64(dataText ?? "");
  if (version !== "v1" || extra !== undefined || !iv || !data) throw new Error("Malformed sealed webhook secret");
  let material: string;
  if (name === "builtin") material = BUILT_IN_KEY;
  else if (name === "env") {
    const fromEnv = configured(env);
    if (!fromEnv) throw new Error("Sealed with WEBHOOK_SECRET_KEY, which this Worker does not have");
    material = fromEnv;
  } else throw new Error("Malformed sealed webhook secret");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await importKey(material), data);
  return new TextDecoder().decode(plain);
}
