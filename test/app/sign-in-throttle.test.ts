import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signInFailureLimits, throttleSubject } from "../../shared/accounts/login-throttle";
import { FormClient, uniqueEmail } from "./form-client";

// Issue 25 #1: the failure limit must hold when the attempts arrive together, not only one
// at a time. Each attempt costs a real scrypt hash, hence the long timeouts.
const PASSWORD = "correct horse battery";
const ACCOUNT_LIMIT = signInFailureLimits.account[0].limit; // 10

function statuses(pages: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const page of pages) counts[page.status] = (counts[page.status] ?? 0) + 1;
  return counts;
}

async function accountUsed(email: string): Promise<number> {
  const window = env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(await throttleSubject.account(email)));
  return (await window.peek(signInFailureLimits.account)).windows[0].used;
}

describe("sign-in throttle under parallel attempts", () => {
  it("lets at most the limit of 25 parallel guesses reach the password check, and refuses the right password after", async () => {
    const email = uniqueEmail("parallel");
    await new FormClient().signUp(email);
    const attacker = new FormClient();
    await attacker.get("/app/sign-in");
    const csrf = attacker.csrf();
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        attacker.post("/app/sign-in", { _csrf: csrf, email, password: `guess ${i}` }),
      ),
    );
    const counts = statuses(guesses);
    // 10 wrong guesses are evaluated (401), the other 15 are refused before any hash (429).
    expect(counts).toEqual({ 401: ACCOUNT_LIMIT, 429: 25 - ACCOUNT_LIMIT });
    expect(await accountUsed(email)).toBe(ACCOUNT_LIMIT);

    const owner = new FormClient();
    expect((await owner.signIn(email, PASSWORD)).status).toBe(429);
  }, 180_000);

  it("counts the right password among 30 parallel attempts as one of the limited few", async () => {
    const email = uniqueEmail("parallel-right");
    await new FormClient().signUp(email);
    const attacker = new FormClient();
    await attacker.get("/app/sign-in");
    const csrf = attacker.csrf();
    const passwords = Array.from({ length: 30 }, (_, i) => (i === 29 ? PASSWORD : `guess ${i}`));
    const pages = await Promise.all(
      passwords.map((password) => attacker.post("/app/sign-in", { _csrf: csrf, email, password })),
    );
    const counts = statuses(pages);
    const evaluated = (counts[401] ?? 0) + (counts[303] ?? 0);
    expect(evaluated).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(counts[429]).toBe(30 - evaluated);
  }, 180_000);

  it("gives a right password's reservation back, so signing in never uses up the window", async () => {
    const email = uniqueEmail("success-free");
    await new FormClient().signUp(email);
    for (let i = 0; i < 3; i++) expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(303);
    expect(await accountUsed(email)).toBe(0);
    const wrong = new FormClient();
    await wrong.signIn(email, "not the password");
    expect(await accountUsed(email)).toBe(1);
  }, 120_000);

  it("holds the same limit for parallel wrong current passwords on the password form", async () => {
    const email = uniqueEmail("parallel-change");
    const client = new FormClient();
    await client.signUp(email);
    await client.get("/app/settings/password");
    const csrf = client.csrf();
    const pages = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        client.post("/app/settings/password", {
          _csrf: csrf,
          current_password: `guess ${i}`,
          new_password: "a different long password",
        }),
      ),
    );
    expect(statuses(pages)).toEqual({ 401: ACCOUNT_LIMIT, 429: 25 - ACCOUNT_LIMIT });
    const right = await client.post("/app/settings/password", {
      _csrf: csrf,
      current_password: PASSWORD,
      new_password: "a different long password",
    });
    expect(right.status).toBe(429);
  }, 180_000);

  it("names its Durable Objects by a hash, never by the raw email or address", async () => {
    const email = "someone@example.com";
    const account = await throttleSubject.account(email);
    const address = await throttleSubject.address("203.0.113.5");
    expect(account).toMatch(/^account:[0-9a-f]{32}$/);
    expect(address).toMatch(/^address:[0-9a-f]{32}$/);
    expect(account).not.toContain("someone");
    expect(address).not.toContain("203.0.113");
    // Stable per subject (the window must be the same object on every request) and distinct per kind.
    expect(await throttleSubject.account(email)).toBe(account);
    expect((await throttleSubject.address(email)).slice("address:".length)).not.toBe(account.slice("account:".length));
  });
});
