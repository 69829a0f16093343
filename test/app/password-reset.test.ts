import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_TOKEN_LIFETIME_MS, issueAccountToken } from "../../shared/accounts/account-token-repository";
import { passwordResetLimits } from "../../shared/accounts/login-throttle";
import { database } from "../../shared/db/client";
import { buildApp } from "../../workers/app/app";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "../../workers/app/routes/password-reset";
import { FormClient, uniqueEmail } from "./form-client";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";

interface KeptMail {
  to_address: string;
  subject: string;
  text: string;
}

async function mailTo(address: string): Promise<KeptMail[]> {
  const { results } = await env.DB.prepare("SELECT to_address, subject, text FROM local_mailbox WHERE to_address = ?")
    .bind(address)
    .all<KeptMail>();
  return results;
}

/** The reset link of the newest mail to `address`, waiting for the mail sent after the answer. */
async function resetLinkFor(address: string): Promise<string> {
  return vi.waitFor(async () => {
    const mail = await mailTo(address);
    const match = /https:\/\/app\.test(\/app\/password-reset\/[0-9A-Za-z]{43})/.exec(mail.at(-1)?.text ?? "");
    if (!match) throw new Error("no reset mail yet");
    return match[1];
  });
}

async function requestReset(client: FormClient, email: string) {
  await client.get("/app/password-reset");
  return client.submit("/app/password-reset", { email });
}

function userIdOf(email: string) {
  return env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id");
}

describe("password reset by email", () => {
  it("answers a registered and an unknown address alike, and mails only the registered one", async () => {
    const email = uniqueEmail("reset-known");
    await new FormClient().signUp(email);
    const unknown = uniqueEmail("reset-unknown");
    const known = await requestReset(new FormClient(), email);
    const stranger = await requestReset(new FormClient(), unknown);
    // Post/Redirect/Get to one address for both: a reload sends no second mail.
    for (const answer of [known, stranger]) {
      expect(answer.postStatus).toBe(303);
      expect(answer.location).toBe("/app/password-reset?sent=1");
      expect(answer.status).toBe(200);
    }
    const strip = (html: string) =>
      html.replace(/value="[0-9A-Za-z]{43}"/g, "").replace(/<code>[0-9a-f-]{36}<\/code>/g, "");
    expect(strip(known.html)).toBe(strip(stranger.html));
    expect(known.html).toContain(RESET_REQUESTED);

    const link = await resetLinkFor(email);
    expect(link).toMatch(/^\/app\/password-reset\//);
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe("Reset your Agent Readiness password");
    // Only the hash of the token is stored.
    const token = link.split("/").at(-1) as string;
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM account_tokens WHERE token_hash = ?")
      .bind(token)
      .first<number>("n");
    expect(stored).toBe(0);
    expect(await mailTo(unknown)).toEqual([]);
  });

  it("sets a new password once through the link: every session ends, the old password stops working", async () => {
    const email = uniqueEmail("reset-use");
    const owner = new FormClient();
    await owner.signUp(email);
    await requestReset(new FormClient(), email);
    const link = await resetLinkFor(email);

    const browser = new FormClient();
    const form = await browser.get(link);
    expect(form.status).toBe(200);
    expect(form.html).toContain('autocomplete="new-password"');
    const weak = await browser.post(link, { new_password: "short" });
    expect(weak.status).toBe(400);
    const done = await browser.post(link, { new_password: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/app/sign-in?reset=done&apps=0");
    expect((await browser.get("/app/sign-in?reset=done&apps=0")).html).toContain("Your password is changed");

    // The session opened before the reset is over; only the new password signs in.
    expect((await owner.get("/app/settings")).status).toBe(303);
    expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(401);
    expect((await new FormClient().signIn(email, NEW_PASSWORD)).status).toBe(303);

    // Single use.
    const again = new FormClient();
    const reused = await again.get(link);
    expect(reused.status).toBe(404);
    expect(reused.html).toContain(RESET_LINK_INVALID);
  }, 120_000);

  it("refuses an expired link and a second reset from an older mail once one succeeded", async () => {
    const email = uniqueEmail("reset-expired");
    await new FormClient().signUp(email);
    const userId = (await userIdOf(email)) as string;
    const db = database(env.DB);
    const old = await issueAccountToken(
      db,
      { userId, purpose: "password_reset" },
      Date.now() - ACCOUNT_TOKEN_LIFETIME_MS.password_reset - 1,
    );
    expect((await new FormClient().get(`/app/password-reset/${old.token}`)).status).toBe(404);

    const first = await issueAccountToken(db, { userId, purpose: "password_reset" });
    const second = await issueAccountToken(db, { userId, purpose: "password_reset" });
    const client = new FormClient();
    await client.get(`/app/password-reset/${second.token}`);
    expect((await client.post(`/app/password-reset/${second.token}`, { new_password: NEW_PASSWORD })).status).toBe(303);
    expect((await new FormClient().get(`/app/password-reset/${first.token}`)).status).toBe(404);
  });

  it("limits requests per address typed: the fourth in an hour is 429, registered or not", async () => {
    const unknown = uniqueEmail("reset-flood");
    const limit = passwordResetLimits.account[0].limit;
    for (let i = 0; i < limit; i++) expect((await requestReset(new FormClient(), unknown)).status).toBe(200);
    const blocked = await requestReset(new FormClient(), unknown);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("the local mailbox lists the mail in a local run and does not exist without the switch", async () => {
    const email = uniqueEmail("mailbox");
    await new FormClient().signUp(email);
    await requestReset(new FormClient(), email);
    await resetLinkFor(email);
    const page = await new FormClient().get("/app/__mailbox");
    expect(page.status).toBe(200);
    expect(page.html).toContain(email);
    expect(page.html).toMatch(/<a href="https:\/\/app\.test\/app\/password-reset\/[0-9A-Za-z]{43}">/);

    const deployed = await buildApp().request(
      "http://app.test/app/__mailbox",
      {},
      { ...env, LOCAL_MAILBOX: "" },
      { waitUntil: () => {}, passThroughOnException: () => {}, props: {} },
    );
    expect(deployed.status).toBe(404);
  });
});
