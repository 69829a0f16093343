import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authorizationServer, mcpResource } from "../../shared/oauth/authorization-server";
import { RECENT_SIGN_IN_MS } from "../../workers/app/routes/oauth-authorize";
import { elementText, FormClient, uniqueEmail } from "./form-client";

// Issue 41 #1 and #4 through the app Worker: an OAuth grant made with a stolen session
// cookie is taken back with the account (password change, reset, "End all sessions",
// removal from the workspace), consent to a write scope needs a recent sign-in, and an
// invalid request never sends the browser to an unverified redirect URI by itself.
// Controls: the same flows for the rightful owner still work.

const ORIGIN = "https://app.test";
const REDIRECT = "https://assistant.example/oauth/callback";
const PASSWORD = "correct horse battery";
// A PKCE verifier and its S256 challenge (RFC 7636 §4.2), worked out by hand with node's crypto.
const VERIFIER = "dBjftJeZ4CVP-mJ92K1l3PmqEGpSKf9RAbmX4dvV0wo";
const CHALLENGE = "kQA68AplInMdCHIGGCfrJwG_KjeeQ-Yni1UePdRPAzY";
const WRITE_SCOPES = ["traffic:read", "sites:write", "monitors:write", "events:write"];
const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as never;

const server = () => authorizationServer(ORIGIN);

async function registeredClient(): Promise<string> {
  const client = await server()
    .getOAuthApi(env)
    .createClient({
      clientName: "Thief's assistant",
      redirectUris: [REDIRECT],
      tokenEndpointAuthMethod: "none",
      grantTypes: ["authorization_code", "refresh_token"],
      responseTypes: ["code"],
    });
  return client.clientId;
}

function authorizePath(clientId: string, extra: Record<string, string> = {}) {
  return `/app/oauth/authorize?${new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    state: "s",
    ...extra,
  })}`;
}

async function token(fields: Record<string, string>) {
  const res = await server().fetch(
    new Request(`${ORIGIN}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    env,
    ctx,
  );
  return { status: res.status, body: (await res.json()) as { access_token?: string; refresh_token?: string } };
}

/** Consent through the page with `browser`'s cookie, then the app's tokens: what a thief ends up holding. */
async function connectApp(browser: FormClient, scope = WRITE_SCOPES, extra: Record<string, string> = {}) {
  const clientId = await registeredClient();
  const page = await browser.get(authorizePath(clientId, { scope: scope.join(" ") }));
  expect(page.status, page.html.slice(0, 300)).toBe(200);
  const handle = /name="handle" value="([^"]+)"/.exec(page.html)?.[1] as string;
  const workspace = /<option value="([^"]+)" selected/.exec(page.html)?.[1] as string;
  const approved = await browser.post("/app/oauth/authorize", {
    handle,
    workspace,
    decision: "approve",
    scope,
    ...extra,
  });
  if (approved.status !== 302) return { approved, clientId, tokens: null };
  const code = new URL(approved.location as string).searchParams.get("code") as string;
  const exchanged = await token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: VERIFIER,
  });
  expect(exchanged.status).toBe(200);
  return { approved, clientId, tokens: exchanged.body as { access_token: string; refresh_token: string } };
}

async function grantAlive(clientId: string, tokens: { access_token: string; refresh_token: string }) {
  const access = (await server().validateToken(mcpResource(ORIGIN), tokens.access_token, env)) !== null;
  const refreshed = await token({
    grant_type: "refresh_token",
    refresh_token: tokens.refresh_token,
    client_id: clientId,
  });
  return { access, refresh: refreshed.status === 200 };
}

/** The owner signs up; the thief's browser carries a copy of the owner's session cookie. */
async function ownerAndThief() {
  const email = uniqueEmail("grant-owner");
  const owner = new FormClient(ORIGIN);
  await owner.signUp(email, PASSWORD);
  const thief = new FormClient(ORIGIN);
  for (const [k, v] of owner.cookies) thief.cookies.set(k, v);
  thief.workspace = owner.workspace;
  return { owner, thief, email };
}

async function ageSessions(email: string) {
  await env.DB.prepare("UPDATE app_sessions SET created_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)")
    .bind(Date.now() - RECENT_SIGN_IN_MS - 60_000, email)
    .run();
}

describe("OAuth grants follow the account", () => {
  it("a password change revokes the grant a stolen cookie made, and says so", async () => {
    const { owner, thief } = await ownerAndThief();
    const stolen = await connectApp(thief);
    if (!stolen.tokens) throw new Error("consent failed");
    expect(await grantAlive(stolen.clientId, stolen.tokens)).toMatchObject({ access: true });
    await owner.get("/app/settings/password");
    const changed = await owner.submit("/app/settings/password", {
      current_password: PASSWORD,
      new_password: "a brand new passphrase",
    });
    expect(changed.postStatus).toBe(303);
    expect(changed.html).toContain("the one app connected through OAuth was disconnected");
    expect(await grantAlive(stolen.clientId, stolen.tokens)).toEqual({ access: false, refresh: false });
  });

  it("a reset by mail revokes it too", async () => {
    const { thief, email } = await ownerAndThief();
    const stolen = await connectApp(thief);
    if (!stolen.tokens) throw new Error("consent failed");
    const visitor = new FormClient(ORIGIN);
    await visitor.get("/app/password-reset");
    await visitor.submit("/app/password-reset", { email });
    const link = await (async () => {
      for (let i = 0; i < 100; i++) {
        const row = await env.DB.prepare(
          "SELECT text FROM local_mailbox WHERE to_address = ? ORDER BY sent_at DESC LIMIT 1",
        )
          .bind(email)
          .first<string>("text");
        const match = row ? /(\/app\/password-reset\/[0-9A-Za-z]{43})/.exec(row) : null;
        if (match) return match[1];
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("no reset mail");
    })();
    await visitor.get(link);
    const done = await visitor.submit(link, { new_password: "a brand new passphrase" });
    expect(done.location).toBe("/app/sign-in?reset=done&apps=1");
    expect(done.html).toContain("the one app connected through OAuth was disconnected");
    expect(await grantAlive(stolen.clientId, stolen.tokens)).toEqual({ access: false, refresh: false });
  });

  it('"End all sessions" revokes it too', async () => {
    const { owner, thief } = await ownerAndThief();
    const stolen = await connectApp(thief);
    if (!stolen.tokens) throw new Error("consent failed");
    await owner.get("/app/settings");
    const ended = await owner.submit("/app/sign-out-everywhere", {});
    expect(ended.location).toBe("/app/sign-in?ended=all&apps=1");
    expect(ended.html).toContain("Every session of the account has ended");
    expect(await grantAlive(stolen.clientId, stolen.tokens)).toEqual({ access: false, refresh: false });
  });

  it("removing a member revokes the grants they made for that workspace, and only those", async () => {
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("grant-remover"), PASSWORD);
    const ownersApp = await connectApp(owner, ["traffic:read"]);
    await owner.get("/app/settings/members");
    const invite = await owner.submit("/app/settings/members/invites", { role: "member" });
    const path = new URL(elementText(invite.html, "invite-link") as string).pathname;
    const member = new FormClient(ORIGIN);
    const memberEmail = uniqueEmail("grant-member");
    await member.get(path);
    await member.post("/app/sign-up", {
      email: memberEmail,
      password: PASSWORD,
      invite: path.split("/").at(-1) as string,
    });
    await member.landInWorkspace();
    const membersApp = await connectApp(member, ["traffic:read"]);
    if (!membersApp.tokens || !ownersApp.tokens) throw new Error("consent failed");
    const memberId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(memberEmail)
      .first<string>("id")) as string;
    await owner.get(`/app/settings/members/${memberId}/remove`);
    const removed = await owner.submit(`/app/settings/members/${memberId}/remove`, {});
    expect(removed.html).toContain("the app they connected to it is disconnected");
    expect(await grantAlive(membersApp.clientId, membersApp.tokens)).toEqual({ access: false, refresh: false });
    expect(await grantAlive(ownersApp.clientId, ownersApp.tokens)).toMatchObject({ access: true, refresh: true });
  });

  it("Settings -> Connected apps lists the app and revokes it; another account's revoke of it is a 404", async () => {
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("grant-lister"), PASSWORD);
    const connected = await connectApp(owner, ["traffic:read"]);
    if (!connected.tokens) throw new Error("consent failed");
    const list = await owner.get("/app/settings/connected-apps");
    expect(list.html).toContain("Thief&#39;s assistant");
    const grantId = /connected-apps\/([^/"]+)\/revoke/.exec(list.html)?.[1] as string;
    expect(grantId).toBeTruthy();

    const stranger = new FormClient(ORIGIN);
    await stranger.signUp(uniqueEmail("grant-stranger"), PASSWORD);
    await stranger.get("/app/settings/connected-apps");
    expect((await stranger.get(`/app/settings/connected-apps/${grantId}/revoke`)).status).toBe(404);
    expect((await stranger.post(`/app/settings/connected-apps/${grantId}/revoke`, {})).status).toBe(404);
    expect(await grantAlive(connected.clientId, connected.tokens)).toMatchObject({ access: true, refresh: true });

    expect((await owner.get(`/app/settings/connected-apps/${grantId}/revoke`)).html).toContain("Revoke <strong>");
    const revoked = await owner.submit(`/app/settings/connected-apps/${grantId}/revoke`, {});
    expect(revoked.html).toContain("Revoked. The app&#39;s tokens now get 401");
    expect(await grantAlive(connected.clientId, connected.tokens)).toEqual({ access: false, refresh: false });
  });
});

describe("consent to scopes that change things", () => {
  it("needs a recent sign-in: an old session's cookie alone is refused a write scope", async () => {
    const { thief, email } = await ownerAndThief();
    await ageSessions(email);
    const page = await thief.get(authorizePath(await registeredClient(), { scope: "sites:write" }));
    expect(page.html).toContain('name="current_password"');
    const stolen = await connectApp(thief);
    expect(stolen.approved.status).toBe(401);
    expect(stolen.approved.html).toContain("needs your password");
    // A wrong password is no better.
    expect((await connectApp(thief, WRITE_SCOPES, { current_password: "guess" })).approved.status).toBe(401);
  });

  it("takes the password on the form, and read scopes need only the session (control)", async () => {
    const { owner, email } = await ownerAndThief();
    await ageSessions(email);
    expect((await connectApp(owner, ["traffic:read"])).tokens).not.toBeNull();
    expect((await connectApp(owner, WRITE_SCOPES, { current_password: PASSWORD })).tokens).not.toBeNull();
  });

  it("a fresh sign-in grants write scopes without asking again (control)", async () => {
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("grant-fresh"), PASSWORD);
    const page = await owner.get(authorizePath(await registeredClient(), { scope: "sites:write" }));
    expect(page.html).not.toContain('name="current_password"');
    expect((await connectApp(owner)).tokens).not.toBeNull();
  });
});

describe("redirects to a client's registered URI", () => {
  it("an invalid request (no PKCE) shows where the app wants to go and never redirects by itself", async () => {
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("no-auto-redirect"), PASSWORD);
    const clientId = await registeredClient();
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      state: "s",
    });
    const page = await owner.get(`/app/oauth/authorize?${query}`);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain("https://assistant.example/oauth/callback");
    expect(page.html).toMatch(/<a href="https:\/\/assistant\.example\/oauth\/callback\?[^"]*error=invalid_request/);
  });

  it("right after sign-in too: the next= page is the same page, with no redirect", async () => {
    const email = uniqueEmail("no-auto-redirect-signin");
    await new FormClient(ORIGIN).signUp(email, PASSWORD);
    const clientId = await registeredClient();
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      state: "s",
    });
    const visitor = new FormClient(ORIGIN);
    const sent = await visitor.get(`/app/oauth/authorize?${query}`);
    await visitor.get(sent.location as string);
    const next = new URL(sent.location as string, ORIGIN).searchParams.get("next") as string;
    const signedIn = await visitor.post("/app/sign-in", { email, password: PASSWORD, next });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(next);
    const landed = await visitor.get(signedIn.location as string);
    expect(landed.status).toBe(400);
    expect(landed.location).toBeNull();
  });

  it("a valid request with PKCE and an https redirect still returns the code (control)", async () => {
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("pkce-control"), PASSWORD);
    const connected = await connectApp(owner, ["traffic:read"]);
    expect(new URL(connected.approved.location as string).origin).toBe("https://assistant.example");
    expect(connected.tokens?.access_token).toBeTruthy();
  });
});
