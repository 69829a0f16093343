import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signInFailureLimits, throttleSubject } from "../../shared/accounts/login-throttle";
import { SIGN_IN_FAILED } from "../../workers/app/routes/sign-in";
import { FormClient, uniqueEmail } from "./form-client";

const PASSWORD = "correct horse battery";

/** The page's text without the parts that differ per request (tokens, request ids). */
function stable(html: string): string {
  return html.replace(/value="[0-9A-Za-z]{43}"/g, 'value="TOKEN"').replace(/<code>[0-9a-f-]{36}<\/code>/g, "");
}

describe("CSRF", () => {
  it("refuses a form without the token, with another browser's token, or from another site", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("csrf"));
    await owner.get("/app/settings/api-keys");
    const own = owner.csrf();
    expect((await owner.post("/app/settings/api-keys", { _csrf: "", name: "a", preset: "full" })).status).toBe(403);

    const other = new FormClient();
    await other.get("/app/sign-in");
    const foreign = other.csrf();
    expect(foreign).not.toBe(own);
    expect((await owner.post("/app/settings/api-keys", { _csrf: foreign, name: "b", preset: "full" })).status).toBe(
      403,
    );

    const crossSite = await owner.post(
      "/app/settings/api-keys",
      { _csrf: own, name: "c", preset: "full" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const fetchMeta = await owner.post(
      "/app/settings/api-keys",
      { _csrf: own, name: "d", preset: "full" },
      { "Sec-Fetch-Site": "cross-site" },
    );
    expect(fetchMeta.status).toBe(403);

    // None of the refused forms created a key; the real one does.
    const list = await owner.get("/app/settings/api-keys");
    expect(list.html).not.toMatch(/data-key-id/);
    expect((await owner.post("/app/settings/api-keys", { name: "ok", preset: "full" })).status).toBe(303);
  });

  it("protects the signed-out forms too: sign-in without the token is refused", async () => {
    const email = uniqueEmail("csrf-signin");
    await new FormClient().signUp(email);
    const client = new FormClient();
    await client.get("/app/sign-in");
    const res = await client.post("/app/sign-in", { _csrf: "x".repeat(43), email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.setCookies.some((c) => c.startsWith("ar_session="))).toBe(false);
  });
});

describe("sessions", () => {
  it("session fixation is impossible: a planted cookie is never adopted and sign-in mints a new one", async () => {
    const email = uniqueEmail("fixation");
    await new FormClient().signUp(email);
    const victim = new FormClient();
    const planted = "A".repeat(43);
    victim.cookies.set("ar_session", planted);
    expect((await victim.get("/app")).status).toBe(303); // the planted value opens nothing
    victim.cookies.set("ar_session", planted);
    const signedIn = await victim.signIn(email);
    expect(signedIn.status).toBe(303);
    const issued = victim.cookies.get("ar_session");
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);

    // The attacker's browser, still holding the planted value, is not signed in.
    const attacker = new FormClient();
    attacker.cookies.set("ar_session", planted);
    expect((await attacker.get("/app")).status).toBe(303);
  });

  it("signing in again replaces the previous session of that browser", async () => {
    const email = uniqueEmail("renew");
    const client = new FormClient();
    await client.signUp(email);
    const first = client.cookies.get("ar_session") as string;
    await client.signIn(email);
    const second = client.cookies.get("ar_session") as string;
    expect(second).not.toBe(first);
    const old = new FormClient();
    old.cookies.set("ar_session", first);
    expect((await old.get("/app")).status).toBe(303);
  });

  it("sign out ends this session; sign out everywhere ends every session of the account", async () => {
    const email = uniqueEmail("everywhere");
    const laptop = new FormClient();
    await laptop.signUp(email);
    const phone = new FormClient();
    await phone.signIn(email);
    expect((await phone.get("/app")).status).toBe(200);

    await laptop.get("/app/settings");
    expect((await laptop.post("/app/sign-out-everywhere", {})).status).toBe(303);
    expect((await laptop.get("/app")).status).toBe(303);
    expect((await phone.get("/app")).status).toBe(303);

    await phone.signIn(email);
    const token = phone.cookies.get("ar_session") as string;
    await phone.get("/app");
    expect((await phone.post("/app/sign-out", {})).status).toBe(303);
    const replay = new FormClient();
    replay.cookies.set("ar_session", token);
    expect((await replay.get("/app")).status).toBe(303);
  });

  it("flags cookies HttpOnly, Secure with the __Host- prefix on https, SameSite", async () => {
    const client = new FormClient("https://app.example");
    await client.get("/app/sign-up");
    const res = await client.post("/app/sign-up", { email: uniqueEmail("flags"), password: PASSWORD });
    expect(res.status).toBe(303);
    const session = res.setCookies.find((c) => c.startsWith("__Host-ar_session="));
    const csrf = res.setCookies.find((c) => c.startsWith("__Host-ar_csrf="));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Domain=/i);
    expect(csrf).toMatch(/; HttpOnly/);
    expect(csrf).toMatch(/; Secure/);
    expect(csrf).toMatch(/; SameSite=Strict/);
    expect((await client.get("/app")).status).toBe(200);

    // Plain-http local runs: same flags without Secure (browsers would drop the cookie).
    const local = new FormClient("http://127.0.0.1:8787");
    await local.get("/app/sign-up");
    const plain = await local.post("/app/sign-up", { email: uniqueEmail("plain"), password: PASSWORD });
    const plainSession = plain.setCookies.find((c) => c.startsWith("ar_session="));
    expect(plainSession).toMatch(/; HttpOnly/);
    expect(plainSession).toMatch(/; SameSite=Lax/);
    expect(plainSession).not.toMatch(/Secure/);
  });

  it("pages carry a strict Content-Security-Policy and are never cached", async () => {
    const res = await exports.default.fetch("http://app.test/app/sign-in");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });
});

describe("sign-in", () => {
  it("does not reveal whether an email is registered", async () => {
    const email = uniqueEmail("known");
    await new FormClient().signUp(email);
    const a = new FormClient();
    await a.get("/app/sign-in");
    const wrongPassword = await a.post("/app/sign-in", { email, password: "not the password" });
    const b = new FormClient();
    await b.get("/app/sign-in");
    const unknown = await b.post("/app/sign-in", { email: uniqueEmail("unknown"), password: "not the password" });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.html).toContain(SIGN_IN_FAILED);
    // Identical pages apart from the typed email and per-request tokens.
    expect(stable(unknown.html).replace(/value="[^"]*@example.com"/, "")).toBe(
      stable(wrongPassword.html).replace(/value="[^"]*@example.com"/, ""),
    );
  });

  it("throttles an account after 10 failures, even with the right password, without naming the cause", async () => {
    const email = uniqueEmail("throttle");
    await new FormClient().signUp(email);
    const attacker = new FormClient();
    for (let i = 0; i < 10; i++) {
      await attacker.get("/app/sign-in");
      expect((await attacker.post("/app/sign-in", { email, password: `guess ${i} wrong` })).status).toBe(401);
    }
    await attacker.get("/app/sign-in");
    const blocked = await attacker.post("/app/sign-in", { email, password: "guess 11 wrong" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);

    // The owner, from another address, is held back too while the window lasts.
    const owner = new FormClient();
    expect((await owner.signIn(email)).status).toBe(429);
    // An unregistered email is throttled the same way, so throttling reveals nothing.
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < 10; i++) {
      await attacker.get("/app/sign-in");
      await attacker.post("/app/sign-in", { email: ghost, password: "nope nope nope" });
    }
    await attacker.get("/app/sign-in");
    expect((await attacker.post("/app/sign-in", { email: ghost, password: "nope nope nope" })).status).toBe(429);
  }, 120_000);

  it("throttles one address that sprays many accounts", async () => {
    const sprayer = new FormClient(undefined, "203.0.113.77");
    await sprayer.get("/app/sign-in");
    expect((await sprayer.post("/app/sign-in", { email: uniqueEmail("spray"), password: "spray spray" })).status).toBe(
      401,
    );
    // The other failures of the window, counted straight into the address's Durable
    // Object (each real attempt would cost a password hash).
    const limit = signInFailureLimits.address[0].limit;
    const window = env.LOGIN_THROTTLE.get(
      env.LOGIN_THROTTLE.idFromName(await throttleSubject.address(sprayer.address)),
    );
    for (let i = 1; i < limit; i++) await window.hit(signInFailureLimits.address);
    await sprayer.get("/app/sign-in");
    const blocked = await sprayer.post("/app/sign-in", { email: uniqueEmail("fresh"), password: "spray spray" });
    expect(blocked.status).toBe(429);
    // Another address is unaffected.
    const neighbour = new FormClient();
    await neighbour.get("/app/sign-in");
    expect((await neighbour.post("/app/sign-in", { email: uniqueEmail("n"), password: "spray spray" })).status).toBe(
      401,
    );
  });

  it("counts IPv6 addresses by their /64, so one subscriber cannot rotate around the limit", async () => {
    const limit = signInFailureLimits.address[0].limit;
    const window = env.LOGIN_THROTTLE.get(
      env.LOGIN_THROTTLE.idFromName(await throttleSubject.address("2001:db8:1:2::/64")),
    );
    for (let i = 0; i < limit; i++) await window.hit(signInFailureLimits.address);
    const neighbour = new FormClient(undefined, "2001:db8:1:2:abcd::99");
    await neighbour.get("/app/sign-in");
    expect((await neighbour.post("/app/sign-in", { email: uniqueEmail("v6"), password: "whatever pw" })).status).toBe(
      429,
    );
    const otherNetwork = new FormClient(undefined, "2001:db8:1:3::99");
    await otherNetwork.get("/app/sign-in");
    expect(
      (await otherNetwork.post("/app/sign-in", { email: uniqueEmail("v6"), password: "whatever pw" })).status,
    ).toBe(401);
  });

  it("refuses a next= with CR/LF, spaces, non-ASCII or other bad values cleanly: /app, never a 500", async () => {
    const email = uniqueEmail("next-crlf");
    await new FormClient().signUp(email);
    const page = await new FormClient().get("/app/sign-in?next=/app/%0D%0ASet-Cookie:%20x=1");
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="next" value="/app"');
    for (const next of [
      "/app/\r\nSet-Cookie: x=1",
      "/app/\nLocation: https://evil.example",
      "/app/with space",
      "/app/caf\u00e9",
      "/app\u0000",
      "/app/\u202eevil",
      `/app/${"a".repeat(3000)}`,
      "/app\\evil",
    ]) {
      const client = new FormClient();
      await client.get("/app/sign-in");
      const res = await client.post("/app/sign-in", { email, password: PASSWORD, next });
      expect(res.status, JSON.stringify(next)).toBe(303);
      expect(res.location).toBe("/app");
    }
    const kept = new FormClient();
    await kept.get("/app/sign-in");
    expect((await kept.post("/app/sign-in", { email, password: PASSWORD, next: "/app/sites?x=%0D%0A" })).location).toBe(
      "/app/sites?x=%0D%0A",
    );
  }, 120_000);

  it("follows only paths inside the application after sign-in", async () => {
    const email = uniqueEmail("next");
    await new FormClient().signUp(email);
    const client = new FormClient();
    await client.get("/app/sign-in?next=https://evil.example/");
    expect((await client.post("/app/sign-in", { email, password: PASSWORD, next: "//evil.example" })).location).toBe(
      "/app",
    );
    await client.get("/app/sign-in");
    expect(
      (await client.post("/app/sign-in", { email, password: PASSWORD, next: "/app/settings/api-keys" })).location,
    ).toBe("/app/settings/api-keys");
    await client.get("/app/sign-in");
    const inWorkspace = `/app/w/${client.workspace}/sites?period=7d`;
    expect((await client.post("/app/sign-in", { email, password: PASSWORD, next: inWorkspace })).location).toBe(
      inWorkspace,
    );
  });
});

describe("wrong methods", () => {
  it("answers a page asked for with another method 405 with Allow, after the form token check", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("method"));
    await owner.get("/app/settings");
    const token = owner.csrf();
    const post = await owner.post("/app/settings", { _csrf: token });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    expect(post.headers.get("X-Request-Id")).toBeTruthy();
    expect(post.html).toContain("/app/settings answers GET, HEAD only, not POST.");

    const put = await owner.request("/app/sites", {
      method: "PUT",
      body: new URLSearchParams({ _csrf: token }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");

    // Without the form token the CSRF refusal comes first; an unknown path stays 404.
    expect((await owner.post("/app/settings", { _csrf: "" })).status).toBe(403);
    expect((await owner.post("/app/no-such-page", { _csrf: token })).status).toBe(404);
  });
});
