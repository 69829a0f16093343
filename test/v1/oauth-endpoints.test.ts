import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { grantCaller } from "../../shared/accounts/grant-caller";
import { authorizationServer } from "../../shared/oauth/authorization-server";
import { GRACE_SECONDS } from "../../shared/oauth/refresh-rotation";

// The OAuth endpoints of /mcp as an outsider meets them (issue 41): registration bounded
// and counted, client metadata URLs on private addresses refused, refresh tokens single
// use with one grace retry and a reuse revoking the grant. Each control shows the
// legitimate flow still works: a public client with PKCE and an https redirect.

const ORIGIN = "http://localhost";
const REDIRECT = "https://assistant.example/oauth/callback";
// A PKCE verifier and its S256 challenge (RFC 7636 §4.2), worked out once by hand with
// `node -e 'crypto.createHash("sha256").update(V).digest("base64url")'`.
const VERIFIER = "dBjftJeZ4CVP-mJ92K1l3PmqEGpSKf9RAbmX4dvV0wo";
const CHALLENGE = "kQA68AplInMdCHIGGCfrJwG_KjeeQ-Yni1UePdRPAzY";

let addressCounter = 0;
/** A fresh client address per test, so one test's windows never touch another's. */
function address(): string {
  addressCounter++;
  return `203.0.113.${addressCounter}`;
}

function post(path: string, body: string, headers: Record<string, string>) {
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Host: "localhost", ...headers },
    body,
  });
}

function registration(metadata: Record<string, unknown>, ip: string) {
  return post(
    "/oauth/register",
    JSON.stringify({
      client_name: "Assistant",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...metadata,
    }),
    { "Content-Type": "application/json", "CF-Connecting-IP": ip },
  );
}

function tokenRequest(fields: Record<string, string>, ip = "198.51.100.200") {
  return post("/oauth/token", new URLSearchParams(fields).toString(), {
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": ip,
  });
}

async function clientCount(): Promise<number> {
  return (await env.OAUTH_KV.list({ prefix: "client:" })).keys.length;
}

/** A grant made the way the consent page makes one, and its first tokens from /oauth/token. */
async function connectedClient(
  grant: { userId: string; workspaceId: string; scope: string[] } = {
    userId: "user_rotation",
    workspaceId: "ws",
    scope: ["traffic:read"],
  },
) {
  const registered = await registration({}, address());
  expect(registered.status).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  const oauth = authorizationServer(ORIGIN).getOAuthApi(env);
  const query = new URLSearchParams({
    response_type: "code",
    client_id,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    scope: grant.scope.join(" "),
    state: "s",
  });
  const request = await oauth.parseAuthRequest(new Request(`${ORIGIN}/app/oauth/authorize?${query}`));
  const { redirectTo } = await oauth.completeAuthorization({
    request,
    userId: grant.userId,
    metadata: { workspaceId: grant.workspaceId, workspaceName: "W", clientName: "Assistant" },
    scope: grant.scope,
    props: { userId: grant.userId, workspaceId: grant.workspaceId },
  });
  const code = new URL(redirectTo).searchParams.get("code") as string;
  const res = await tokenRequest({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id,
    code_verifier: VERIFIER,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  return { clientId: client_id, ...tokens };
}

async function refresh(clientId: string, refreshToken: string) {
  const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });
  const body = (await res.json()) as { access_token?: string; refresh_token?: string; error?: string };
  return { status: res.status, ...body };
}

async function accessTokenValid(token: string): Promise<boolean> {
  return (await authorizationServer(ORIGIN).validateToken(`${ORIGIN}/mcp`, token, env)) !== null;
}

describe("dynamic client registration", () => {
  it("registers a public client with an https redirect (control)", async () => {
    const res = await registration({}, address());
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" });
  });

  it("refuses 500 redirect URIs, a 68 KB record and an overlong name, and stores none of them", async () => {
    const before = await clientCount();
    const uris = (n: number) => Array.from({ length: n }, (_, i) => `https://assistant.example/cb/${i}`);
    const eleven = await registration({ redirect_uris: uris(11) }, address());
    expect(eleven.status).toBe(400);
    expect(await eleven.json()).toMatchObject({ error: "invalid_redirect_uri" });
    // 500 of them no longer fit the body bound.
    expect((await registration({ redirect_uris: uris(500) }, address())).status).toBe(413);
    const huge = await registration({ client_uri: `https://assistant.example/${"x".repeat(68_000)}` }, address());
    expect(huge.status).toBe(413);
    const longName = await registration({ client_name: "A".repeat(101) }, address());
    expect(longName.status).toBe(400);
    expect(await longName.json()).toMatchObject({ error: "invalid_client_metadata" });
    const longUri = await registration(
      { redirect_uris: [`https://assistant.example/${"y".repeat(1_000)}`] },
      address(),
    );
    expect(longUri.status).toBe(400);
    expect(await clientCount()).toBe(before);
  });

  it("lets 20 registrations an hour through per address under 30 parallel requests, then 429", async () => {
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 30 }, () => registration({}, ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((r) => r.status === 429) as Response;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: "rate_limited" });
    // Another address is not affected.
    expect((await registration({}, address())).status).toBe(201);
  });
});

describe("client metadata documents (CIMD)", () => {
  it.each([
    "https://127.0.0.1:9/client.json",
    "https://localhost:9/client.json",
    "https://[::1]/client.json",
    "https://10.0.0.5/client.json",
    "https://169.254.169.254/latest/meta-data",
    "https://printer.corp/client.json",
  ])("refuses %s as an unknown client without fetching it", async (clientId) => {
    const res = await tokenRequest({
      grant_type: "authorization_code",
      code: "x:y:z",
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: VERIFIER,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_client" });
  });

  it("counts metadata lookups per caller: the 31st in ten minutes is refused before any fetch", async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await tokenRequest(
        { grant_type: "authorization_code", code: "x:y:z", client_id: `https://lookup-${i}.example/client.json` },
        ip,
      );
      statuses.push(res.status);
    }
    // Every one is an unknown client to the caller (the names do not resolve here); what
    // the window changes is whether the service tried to fetch: the guard counts first.
    expect(new Set(statuses)).toEqual(new Set([401]));
    const stub = env.RATE_WINDOW.get(
      env.RATE_WINDOW.idFromName(
        await (await import("../../shared/rate-limit/subject-name")).subjectName("client-metadata-address", ip),
      ),
    );
    const state = await stub.peek([{ name: "client_metadata", limit: 30, periodSeconds: 600 }]);
    expect(state.allowed).toBe(false);
  });
});

describe("refresh tokens", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("rotate on every use, and the new pair works (control)", async () => {
    const c = await connectedClient();
    const first = await refresh(c.clientId, c.refresh_token);
    expect(first.status).toBe(200);
    expect(first.refresh_token).not.toBe(c.refresh_token);
    const second = await refresh(c.clientId, first.refresh_token as string);
    expect(second.status).toBe(200);
    expect(await accessTokenValid(second.access_token as string)).toBe(true);
  });

  it("accept the rotated-out token once within the grace, and revoke the grant on its next use", async () => {
    const c = await connectedClient();
    const rotated = await refresh(c.clientId, c.refresh_token);
    expect(rotated.status).toBe(200);
    // The client lost the answer and retries with the old token: accepted once.
    const retry = await refresh(c.clientId, c.refresh_token);
    expect(retry.status).toBe(200);
    // A third use of the same token is a reuse: refused, and the whole grant is gone.
    const reuse = await refresh(c.clientId, c.refresh_token);
    expect(reuse).toMatchObject({ status: 400, error: "invalid_grant" });
    expect(await accessTokenValid(retry.access_token as string)).toBe(false);
    expect((await refresh(c.clientId, retry.refresh_token as string)).status).toBe(400);
    // The token the first refresh issued (held by whoever refreshed first) is dead too.
    expect((await refresh(c.clientId, rotated.refresh_token as string)).status).toBe(400);
  });

  it("revoke the grant when a rotated-out token comes back after the grace", async () => {
    const c = await connectedClient();
    const rotated = await refresh(c.clientId, c.refresh_token);
    expect(rotated.status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (GRACE_SECONDS + 5) * 1000);
    const late = await refresh(c.clientId, c.refresh_token);
    expect(late).toMatchObject({ status: 400, error: "invalid_grant" });
    expect(await accessTokenValid(rotated.access_token as string)).toBe(false);
    expect((await refresh(c.clientId, rotated.refresh_token as string)).status).toBe(400);
  });

  it("revoke the grant when an older token (two rotations back) is used", async () => {
    const c = await connectedClient();
    const one = await refresh(c.clientId, c.refresh_token);
    const two = await refresh(c.clientId, one.refresh_token as string);
    expect(two.status).toBe(200);
    expect((await refresh(c.clientId, c.refresh_token)).status).toBe(400);
    expect((await refresh(c.clientId, two.refresh_token as string)).status).toBe(400);
  });

  it("a made-up token with a real grant id is refused without revoking the grant", async () => {
    const c = await connectedClient();
    const [userId, grantId] = c.refresh_token.split(":");
    expect((await refresh(c.clientId, `${userId}:${grantId}:madeup`)).status).toBe(400);
    expect((await refresh(c.clientId, c.refresh_token)).status).toBe(200);
  });
});

/** A user who belongs to a fresh workspace with `role`. */
async function member(role: "owner" | "member") {
  const suffix = crypto.randomUUID().slice(0, 8);
  const userId = `user_${suffix}`;
  const workspaceId = `ws_${suffix}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'x', 0)").bind(
      userId,
      `${suffix}@example.com`,
    ),
    env.DB.prepare("INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, 0)").bind(workspaceId, suffix),
    env.DB.prepare("INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, 0)").bind(
      workspaceId,
      userId,
      role,
    ),
  ]);
  return { userId, workspaceId };
}

// The use case behind the bearer of /mcp (workers/v1/mcp/oauth-bearer.ts only translates it).
describe("grantCaller: the caller an access token stands for", () => {
  const ctx = { env: env as never };

  it("is the grant's workspace with the granted scopes, counted as grant_<id> (control)", async () => {
    const who = await member("owner");
    const c = await connectedClient({ ...who, scope: ["traffic:read", "sites:write"] });
    const grantId = c.access_token.split(":")[1];
    expect(await grantCaller(ctx, { origin: ORIGIN, token: c.access_token })).toEqual({
      ok: true,
      value: { keyId: `grant_${grantId}`, workspaceId: who.workspaceId, scopes: ["traffic:read", "sites:write"] },
    });
  });

  it("cuts the scopes to what the role allows today: a member keeps only the read scopes", async () => {
    const who = await member("owner");
    const c = await connectedClient({ ...who, scope: ["traffic:read", "sites:write"] });
    await env.DB.prepare("UPDATE memberships SET role = 'member' WHERE user_id = ?").bind(who.userId).run();
    const caller = await grantCaller(ctx, { origin: ORIGIN, token: c.access_token });
    expect(caller.ok && caller.value.scopes).toEqual(["traffic:read"]);
  });

  it("refuses unauthorized once the person no longer belongs to the workspace", async () => {
    const who = await member("owner");
    const c = await connectedClient({ ...who, scope: ["traffic:read"] });
    await env.DB.prepare("DELETE FROM memberships WHERE user_id = ?").bind(who.userId).run();
    expect(await grantCaller(ctx, { origin: ORIGIN, token: c.access_token })).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
  });

  it("refuses a made-up token, a token for another origin's /mcp, and a refresh token", async () => {
    const who = await member("owner");
    const c = await connectedClient({ ...who, scope: ["traffic:read"] });
    const [userId, grantId] = c.access_token.split(":");
    for (const [origin, token] of [
      [ORIGIN, `${userId}:${grantId}:madeup`],
      [ORIGIN, "not-a-token"],
      ["https://other.example", c.access_token],
      [ORIGIN, c.refresh_token],
    ]) {
      expect(await grantCaller(ctx, { origin, token })).toMatchObject({ ok: false, code: "unauthorized" });
    }
  });
});
