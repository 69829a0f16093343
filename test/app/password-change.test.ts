import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signInFailureLimits, throttleSubject } from "../../shared/accounts/login-throttle";
import { SAME_PASSWORD } from "../../shared/accounts/password-change";
import { passwordProblem } from "../../shared/accounts/password-policy";
import { CURRENT_PASSWORD_WRONG } from "../../workers/app/routes/password";
import { FormClient, uniqueEmail } from "./form-client";
import { TEST_PASSWORD_HASH_PARAMS } from "./password-cost";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new long phrase";
const PATH = "/app/settings/password";

async function storedHash(email: string): Promise<string | null> {
  return env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind(email).first<string>("password_hash");
}

async function accountWindow(email: string) {
  return env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(await throttleSubject.account(email)));
}

async function changePassword(client: FormClient, fields: Record<string, string>) {
  await client.get(PATH);
  return client.submit(PATH, fields);
}

describe("password change", () => {
  it("is linked from Settings → Account, with labelled fields a password manager understands", async () => {
    const client = new FormClient();
    await client.signUp(uniqueEmail("pw-form"));
    expect((await client.get("/app/settings")).html).toContain('href="/app/settings/password"');
    const page = await client.get(PATH);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<label for="current_password">Current password<\/label>/);
    expect(page.html).toMatch(/<label for="new_password">New password<\/label>/);
    expect(page.html).toMatch(
      /id="current_password" name="current_password" type="password" autocomplete="current-password"/,
    );
    expect(page.html).toMatch(/id="new_password" name="new_password" type="password" autocomplete="new-password"/);
    expect(page.html).toMatch(/<button type="submit">Change password<\/button>/);
    expect(page.html).toContain('name="_csrf"');
  });

  it("replaces the password: the old one no longer signs in, the new one does", async () => {
    const email = uniqueEmail("pw-change");
    const client = new FormClient();
    await client.signUp(email);
    const before = await storedHash(email);
    const res = await changePassword(client, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    // Post/Redirect/Get: the answer is a GET, so a reload posts nothing again.
    expect(res.postStatus).toBe(303);
    expect(res.location).toBe("/app/settings/password?changed=1&apps=0");
    expect(res.status).toBe(200);
    expect(res.html).toContain("Your password is changed.");
    expect(res.html).not.toContain(NEW_PASSWORD);
    expect(res.html).not.toContain(PASSWORD);
    // Stored as a fresh hash with today's cost parameters.
    const after = await storedHash(email);
    expect(after).not.toBe(before);
    const { N, r, p } = TEST_PASSWORD_HASH_PARAMS;
    expect(after?.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);

    expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(401);
    expect((await new FormClient().signIn(email, NEW_PASSWORD)).status).toBe(303);
  });

  it("ends every other session and rotates this one, which keeps working", async () => {
    const email = uniqueEmail("pw-sessions");
    const here = new FormClient();
    await here.signUp(email);
    const elsewhere = new FormClient();
    expect((await elsewhere.signIn(email)).status).toBe(303);
    expect((await elsewhere.get("/app/settings")).status).toBe(200);
    const oldToken = here.cookies.get("ar_session");
    const oldCsrf = here.cookies.get("ar_csrf");

    expect((await changePassword(here, { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(200);

    // This browser: a newly minted session and CSRF token, as after sign-in.
    const newToken = here.cookies.get("ar_session");
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(oldToken);
    expect(here.cookies.get("ar_csrf")).not.toBe(oldCsrf);
    expect((await here.get("/app/settings")).status).toBe(200);
    // The forms it now shows work with the rotated token.
    expect((await here.post("/app/workspaces", { name: "after the change" })).status).toBe(303);

    // The other device and the old cookie are signed out.
    const other = await elsewhere.get("/app/settings");
    expect(other.status).toBe(303);
    expect(other.location).toMatch(/^\/app\/sign-in/);
    const replay = new FormClient();
    replay.cookies.set("ar_session", oldToken ?? "");
    expect((await replay.get("/app/settings")).status).toBe(303);
  });

  it("refuses a wrong current password with 401 and counts it against the sign-in throttle", async () => {
    const email = uniqueEmail("pw-wrong");
    const client = new FormClient();
    await client.signUp(email);
    const before = await storedHash(email);
    const window = await accountWindow(email);
    expect((await window.peek(signInFailureLimits.account)).windows[0].used).toBe(0);

    const res = await changePassword(client, { current_password: "not my password", new_password: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.html).toContain(CURRENT_PASSWORD_WRONG);
    expect(res.html).not.toContain("not my password");
    expect((await window.peek(signInFailureLimits.account)).windows[0].used).toBe(1);
    expect(await storedHash(email)).toBe(before);
    // Still signed in: a wrong guess does not end the session.
    expect((await client.get("/app/settings")).status).toBe(200);
  });

  it("answers 429 once the account's sign-in failures reach the limit, even with the right password", async () => {
    const email = uniqueEmail("pw-throttle");
    const client = new FormClient();
    await client.signUp(email);
    const before = await storedHash(email);
    // The window's failures, counted straight into the account's Durable Object (each real
    // attempt would cost a password hash); sign-in and this form share them.
    const window = await accountWindow(email);
    for (let i = 0; i < signInFailureLimits.account[0].limit; i++) await window.hit(signInFailureLimits.account);

    const res = await changePassword(client, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.html).toMatch(/Too many wrong passwords\. Try again in \d+ minutes?\./);
    expect(await storedHash(email)).toBe(before);
    expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(429);
  });

  it("counts failures per client address too, as sign-in does", async () => {
    const client = new FormClient(undefined, "203.0.113.91");
    await client.signUp(uniqueEmail("pw-address"));
    const window = env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(await throttleSubject.address(client.address)));
    for (let i = 0; i < signInFailureLimits.address[0].limit; i++) await window.hit(signInFailureLimits.address);
    expect((await changePassword(client, { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(429);
  });

  it("holds the new password to the sign-up policy and refuses the current one, with 400", async () => {
    const email = uniqueEmail("pw-policy");
    const client = new FormClient();
    await client.signUp(email);
    const before = await storedHash(email);

    const short = await changePassword(client, { current_password: PASSWORD, new_password: "short" });
    expect(short.status).toBe(400);
    expect(short.html).toContain(passwordProblem("short"));
    expect(short.html).not.toContain('value="short"');

    const missing = await changePassword(client, { current_password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain(passwordProblem(""));

    const same = await changePassword(client, { current_password: PASSWORD, new_password: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.html).toContain(SAME_PASSWORD);

    expect(await storedHash(email)).toBe(before);
    // A policy refusal is no failed guess: nothing is counted.
    expect((await (await accountWindow(email)).peek(signInFailureLimits.account)).windows[0].used).toBe(0);
  });

  it("refuses a form without the CSRF token", async () => {
    const email = uniqueEmail("pw-csrf");
    const client = new FormClient();
    await client.signUp(email);
    const before = await storedHash(email);
    await client.get(PATH);
    const own = client.csrf();
    const res = await client.post(PATH, { _csrf: "", current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(403);
    const foreign = await client.post(
      PATH,
      { _csrf: own, current_password: PASSWORD, new_password: NEW_PASSWORD },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(await storedHash(email)).toBe(before);
  });

  it("sends a signed-out visitor to sign-in, and back here afterwards", async () => {
    const client = new FormClient();
    const page = await client.get(PATH);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/app/sign-in?next=${encodeURIComponent(PATH)}`);
    await client.get("/app/sign-in");
    const post = await client.post(PATH, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(post.status).toBe(303);
    expect(post.location).toBe("/app/sign-in");
  });
});
