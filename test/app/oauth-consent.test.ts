import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authorizationServer } from "../../shared/oauth/authorization-server";
import { elementText, FormClient, uniqueEmail } from "./form-client";

// The consent page of /mcp's OAuth server (/app/oauth/authorize) through the app Worker:
// sign-in first, the client's facts shown, one workspace and scopes chosen, never more
// than the role allows, a code sent back only for a vetted client and redirect URI.

// PUBLIC_BASE_URL is https://app.test in this project (test/app/vitest.config.ts): the
// service origin, the OAuth issuer.
const ORIGIN = "https://app.test";
const REDIRECT = "http://127.0.0.1:9/callback";
// RFC 7636 Appendix B's verifier and challenge.
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

async function registeredClient(name: string) {
  const oauth = authorizationServer(ORIGIN).getOAuthApi(env);
  return oauth.createClient({
    clientName: name,
    redirectUris: [REDIRECT],
    tokenEndpointAuthMethod: "none",
    grantTypes: ["authorization_code", "refresh_token"],
    responseTypes: ["code"],
  });
}

function authorizePath(clientId: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    state: "state-123",
    ...extra,
  });
  return `/app/oauth/authorize?${query}`;
}

async function memberOfOwnersWorkspace() {
  const owner = new FormClient(ORIGIN);
  await owner.signUp(uniqueEmail("oauth-owner"));
  await owner.get("/app/settings/members");
  const res = await owner.submit("/app/settings/members/invites", { role: "member" });
  const path = new URL(elementText(res.html, "invite-link") as string).pathname;
  const member = new FormClient(ORIGIN);
  await member.get(path);
  await member.post("/app/sign-up", {
    email: uniqueEmail("oauth-member"),
    password: "another long password",
    invite: path.split("/").at(-1) as string,
  });
  return { owner, member };
}

describe("/app/oauth/authorize", () => {
  it("sends a signed-out visitor to sign-in and back to the same request", async () => {
    const client = await registeredClient("Sign-in first");
    const res = await new FormClient(ORIGIN).get(authorizePath(client.clientId));
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/app/sign-in?next=${encodeURIComponent(authorizePath(client.clientId))}`);
  });

  it("shows the client, where access goes, and a form whose CSP admits only that redirect origin", async () => {
    const client = await registeredClient('Robot <script>alert("x")</script>');
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("oauth-show"));
    const page = await owner.get(authorizePath(client.clientId));
    expect(page.status).toBe(200);
    expect(page.html).toContain("Robot &lt;script&gt;");
    expect(page.html).not.toContain("<script>alert");
    expect(page.html).toContain("This app registered itself");
    expect(page.html).toContain("<strong>127.0.0.1</strong>");
    expect(page.headers.get("Content-Security-Policy")).toContain("form-action 'self' http://127.0.0.1:9");
    expect(page.setCookies.some((c) => c.startsWith("__Host-oauth-consent-"))).toBe(true);
    // Other pages keep form-action 'self' alone.
    const settings = await owner.get("/app/settings");
    expect(settings.headers.get("Content-Security-Policy")).not.toContain("127.0.0.1:9");
  });

  it("refuses a member's write scope, then sends a read-only grant's code back to the client", async () => {
    const client = await registeredClient("Member's app");
    const { member } = await memberOfOwnersWorkspace();
    const page = await member.get(authorizePath(client.clientId, { scope: "traffic:read sites:write" }));
    const workspace = /<option value="([^"]+)" selected/.exec(page.html)?.[1] as string;
    const handle = /name="handle" value="([^"]+)"/.exec(page.html)?.[1] as string;
    // The form starts with what the app asked for, within the member's role.
    expect(page.html).toMatch(/value="traffic:read" checked/);
    expect(page.html).not.toMatch(/value="sites:write" checked/);

    const refused = await member.post("/app/oauth/authorize", {
      handle,
      workspace,
      decision: "approve",
      scope: ["traffic:read", "sites:write"],
    });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("cannot grant sites:write");

    await member.get(authorizePath(client.clientId));
    const fresh = /name="handle" value="([^"]+)"/.exec(member.lastHtml)?.[1] as string;
    const allowed = await member.post("/app/oauth/authorize", {
      handle: fresh,
      workspace,
      decision: "approve",
      scope: "traffic:read",
    });
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("state-123");
    expect(back.searchParams.get("iss")).toBe(ORIGIN);
    expect(back.searchParams.get("code")).toBeTruthy();

    const apps = await member.get("/app/settings/connected-apps");
    expect(apps.html).toContain("Member&#39;s app");
    expect(apps.html).toContain("traffic:read");
  });

  it("answers Deny with access_denied at the client, and never redirects for an unknown client", async () => {
    const client = await registeredClient("Denied app");
    const owner = new FormClient(ORIGIN);
    await owner.signUp(uniqueEmail("oauth-deny"));
    const page = await owner.get(authorizePath(client.clientId));
    const handle = /name="handle" value="([^"]+)"/.exec(page.html)?.[1] as string;
    const denied = await owner.post("/app/oauth/authorize", { handle, decision: "deny" });
    expect(denied.status).toBe(302);
    expect(new URL(denied.location as string).searchParams.get("error")).toBe("access_denied");

    const unknown = await owner.get(authorizePath("no-such-client"));
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
  });

  it("is not served on a host that is not this service's (PUBLIC_BASE_URL's host only)", async () => {
    const owner = new FormClient("http://evil.example");
    await owner.signUp(uniqueEmail("oauth-host"));
    expect((await owner.get(authorizePath("any"))).status).toBe(404);
  });
});
