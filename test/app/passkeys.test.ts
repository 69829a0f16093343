import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signInFailureLimits, throttleSubject } from "../../shared/accounts/login-throttle";
import {
  CHALLENGE_LIFETIME_MS,
  insertPasskey,
  listUserPasskeys,
  saveChallenge,
  takeChallenge,
} from "../../shared/accounts/passkey-repository";
import { database } from "../../shared/db/client";
import { FormClient, uniqueEmail } from "./form-client";
import { registerSoftwarePasskey } from "./software-passkey";

/** Signs `client` in with `passkey` through the sign-in page's two requests. */
async function signInWithPasskey(client: FormClient, passkey: { answer: (c: string, o: string) => Promise<string> }) {
  await client.get("/app/sign-in");
  const start = JSON.parse((await client.post("/app/passkeys/sign-in-options", {})).html) as {
    challengeId: string;
    options: { challenge: string };
  };
  const credential = await passkey.answer(start.options.challenge, client.origin);
  const res = await client.post("/app/passkeys/sign-in", { challenge_id: start.challengeId, credential });
  return res;
}

/** True when the client's session still opens a signed-in page. */
async function signedIn(client: FormClient): Promise<boolean> {
  await client.landInWorkspace();
  const page = await client.get("/app/settings");
  return page.status === 200;
}

// The full ceremony runs in Chromium with a virtual authenticator (test/e2e/app-browser.test.ts);
// these prove the refusals around it.
describe("passkeys", () => {
  it("a challenge answers once, only for its purpose and user, and only while fresh", async () => {
    const db = database(env.DB);
    const now = Date.now();
    const id = await saveChallenge(db, { challenge: "abc", purpose: "sign_in", userId: null }, now);
    expect(await takeChallenge(db, { id, purpose: "register", userId: null }, now)).toBeNull();
    const again = await saveChallenge(db, { challenge: "abc", purpose: "sign_in", userId: null }, now);
    expect(await takeChallenge(db, { id: again, purpose: "sign_in", userId: null }, now)).toBe("abc");
    expect(await takeChallenge(db, { id: again, purpose: "sign_in", userId: null }, now)).toBeNull();
    const old = await saveChallenge(db, { challenge: "old", purpose: "sign_in", userId: null }, now);
    expect(
      await takeChallenge(db, { id: old, purpose: "sign_in", userId: null }, now + CHALLENGE_LIFETIME_MS),
    ).toBeNull();
  });

  it("offers sign-in options to anyone, with a fresh challenge each time, behind the CSRF check", async () => {
    const client = new FormClient();
    await client.get("/app/sign-in");
    expect((await client.post("/app/passkeys/sign-in-options", { _csrf: "" })).status).toBe(403);
    await client.get("/app/sign-in");
    const first = await client.post("/app/passkeys/sign-in-options", {});
    const second = await client.post("/app/passkeys/sign-in-options", {});
    expect(first.status).toBe(200);
    const a = JSON.parse(first.html) as { challengeId: string; options: { challenge: string; rpId: string } };
    const b = JSON.parse(second.html) as { challengeId: string; options: { challenge: string } };
    expect(a.options.rpId).toBe("app.test");
    expect(a.options.challenge).not.toBe(b.options.challenge);
  });

  it("refuses a forged answer with the sign-in sentence and counts it as a failure", async () => {
    const client = new FormClient();
    await client.get("/app/sign-in");
    const start = JSON.parse((await client.post("/app/passkeys/sign-in-options", {})).html) as { challengeId: string };
    const forged = JSON.stringify({ id: "bm90LWEta2V5", rawId: "bm90LWEta2V5", type: "public-key", response: {} });
    const res = await client.post("/app/passkeys/sign-in", { challenge_id: start.challengeId, credential: forged });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.html)).toEqual({ error: "The email or password is not right." });
    expect(res.setCookies.some((c) => c.startsWith("ar_session="))).toBe(false);
  });

  it("adding a passkey needs a signed-in session and a challenge issued to that user", async () => {
    const stranger = new FormClient();
    await stranger.get("/app/sign-in");
    expect((await stranger.post("/app/passkeys/registration-options", {})).status).toBe(303);

    const owner = new FormClient();
    await owner.signUp(uniqueEmail("passkey-owner"));
    await owner.get("/app/settings");
    const options = await owner.post("/app/passkeys/registration-options", { password: "correct horse battery" });
    expect(options.status).toBe(200);
    const { challengeId } = JSON.parse(options.html) as { challengeId: string };

    const other = new FormClient();
    await other.signUp(uniqueEmail("passkey-other"));
    await other.get("/app/settings");
    const stolen = await other.post("/app/passkeys", {
      challenge_id: challengeId,
      credential: JSON.stringify({ id: "x", rawId: "x", type: "public-key", response: {} }),
    });
    expect(stolen.status).toBe(400);
  });

  it("adding a passkey needs the current password again: an open session alone is refused", async () => {
    const email = uniqueEmail("passkey-reauth");
    const victim = new FormClient();
    await victim.signUp(email);
    // The attacker holds the victim's session cookie (a stolen or borrowed browser).
    const attacker = new FormClient();
    for (const [name, value] of victim.cookies) attacker.cookies.set(name, value);
    attacker.workspace = victim.workspace;
    await attacker.get("/app/settings");
    expect(attacker.lastHtml).toContain('name="passkey_password"');

    const bare = await attacker.post("/app/passkeys/registration-options", {});
    expect(bare.status).toBe(401);
    expect(JSON.parse(bare.html)).toEqual({ error: "The current password is not right." });
    const guessed = await attacker.post("/app/passkeys/registration-options", { password: "a wrong guess" });
    expect(guessed.status).toBe(401);
    expect(JSON.parse(guessed.html)).not.toHaveProperty("challengeId");
    // The guess counts in the sign-in failure window of the account, as at sign-in.
    const window = env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(await throttleSubject.account(email)));
    expect((await window.peek(signInFailureLimits.account)).windows[0].used).toBe(1);
    for (let i = 1; i < signInFailureLimits.account[0].limit; i++) await window.hit(signInFailureLimits.account);
    // Once the window is full even the right password is refused.
    await victim.get("/app/settings");
    const throttled = await victim.post("/app/passkeys/registration-options", { password: "correct horse battery" });
    expect(throttled.status).toBe(429);
  });

  it("lists each passkey with the time it was added and removes it on request", async () => {
    const email = uniqueEmail("passkey-list");
    const owner = new FormClient();
    await owner.signUp(email);
    const userId = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id");
    const added = Date.UTC(2026, 10, 20, 9, 30);
    await insertPasskey(
      database(env.DB),
      { id: "cred-listed", userId: userId ?? "", publicKey: "AAAA", counter: 0, transports: ["internal"] },
      added,
    );
    const page = await owner.get("/app/settings");
    expect(page.html).toContain('Passkey added <time datetime="2026-11-20T09:30:00.000Z">2026-11-20 09:30 UTC</time>');
    expect(page.html).toContain("last used never");
    const removed = await owner.post("/app/passkeys/cred-listed/delete", {});
    expect(removed.status).toBe(303);
    expect(await listUserPasskeys(database(env.DB), userId ?? "")).toEqual([]);
  });

  it("removing a passkey ends the sessions it signed in, and only those", async () => {
    const email = uniqueEmail("passkey-stolen");
    const owner = new FormClient();
    await owner.signUp(email);
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id")) ?? "";
    const db = database(env.DB);
    // A passkey the attacker planted while holding the session, and one the owner uses.
    const planted = await registerSoftwarePasskey(db, userId, "cred-planted");
    const owned = await registerSoftwarePasskey(db, userId, "cred-owned");

    const attacker = new FormClient();
    const attackerIn = await signInWithPasskey(attacker, planted);
    expect(attackerIn.status, attackerIn.html).toBe(200);
    expect(await signedIn(attacker), "attacker").toBe(true);
    const ownerDevice = new FormClient();
    expect((await signInWithPasskey(ownerDevice, owned)).status).toBe(200);

    await owner.get("/app/settings");
    expect((await owner.post("/app/passkeys/cred-planted/delete", {})).status).toBe(303);
    // The session the removed passkey opened is over; the password session and the
    // other passkey's session go on.
    expect(await signedIn(attacker), "attacker").toBe(false);
    expect(await signedIn(owner), "owner").toBe(true);
    expect(await signedIn(ownerDevice), "ownerDevice").toBe(true);
    // And the removed passkey opens no new one.
    expect((await signInWithPasskey(attacker, planted)).status).toBe(401);
  });

  it("ending all sessions ends passkey sessions too, and keeps the passkeys listed to remove", async () => {
    const email = uniqueEmail("passkey-end-all");
    const owner = new FormClient();
    await owner.signUp(email);
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id")) ?? "";
    const passkey = await registerSoftwarePasskey(database(env.DB), userId, "cred-end-all");
    const device = new FormClient();
    expect((await signInWithPasskey(device, passkey)).status).toBe(200);

    await owner.get("/app/settings");
    expect((await owner.post("/app/sign-out-everywhere", {})).status).toBe(303);
    expect(await signedIn(device)).toBe(false);
    expect(await signedIn(owner), "owner").toBe(false);
    // The passkey is a credential, not a session: it stays until removed (docs/app.md).
    expect((await listUserPasskeys(database(env.DB), userId)).map((p) => p.id)).toEqual(["cred-end-all"]);
  });
});
