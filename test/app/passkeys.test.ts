import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHALLENGE_LIFETIME_MS, saveChallenge, takeChallenge } from "../../shared/accounts/passkey-repository";
import { database } from "../../shared/db/client";
import { FormClient, uniqueEmail } from "./form-client";

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
    const options = await owner.post("/app/passkeys/registration-options", {});
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
});
