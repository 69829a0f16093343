// The secrets of a local run (`npm start`), made at random the first time a local state
// directory is used and kept in it (`local-secrets.json`, readable by its owner only):
// never a key written in the source, which every copy of the project would share and
// anyone reaching a local instance could sign with (docs/security.md, issue 41 lower
// findings). Kept with the state, so links in mail already in the local mailbox keep
// working across restarts; a fresh state directory gets fresh keys.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The secrets a local run needs, by binding name, and the bytes of randomness each gets. */
const LOCAL_SECRETS = { UNSUBSCRIBE_KEY: 32 };

/**
 * This state directory's local secrets, made for any not made yet.
 * @param {string} stateDir the directory wrangler persists local state to
 * @returns {Record<keyof typeof LOCAL_SECRETS, string>}
 */
export function localSecrets(stateDir) {
  const file = path.join(stateDir, "local-secrets.json");
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  let changed = false;
  for (const [name, bytes] of Object.entries(LOCAL_SECRETS)) {
    if (typeof stored[name] === "string" && stored[name].length > 0) continue;
    stored[name] = randomBytes(bytes).toString("base64url");
    changed = true;
  }
  if (changed) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return stored;
}
