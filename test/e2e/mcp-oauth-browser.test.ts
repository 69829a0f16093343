import { mkdirSync } from "node:fs";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { beforeAll, expect, inject, it } from "vitest";
import { SCOPE_PRESETS, SCOPES } from "../../shared/vocabulary/scopes";
import {
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  expectOne,
  inWorkspace,
  SCREENSHOT_DIR,
  screenshots,
} from "./browser";
import { signUpOnce } from "./workspace-seed";

// OAuth for /mcp end to end, as ChatGPT or Claude would do it, with the TypeScript SDK
// 1.x's own OAuth client (auth(): RFC 9728 discovery from the 401, RFC 8414 metadata,
// RFC 7591 registration, PKCE) and a person giving consent in Chromium: then tool calls
// with the token, scopes enforced as chosen, refresh rotation, revocation under Settings
// -> Connected apps, and 401 afterwards.

const baseUrl = inject("baseUrl");
// Where the client listens for the code; Chromium's request to it is answered by the test.
const REDIRECT = "http://127.0.0.1:9/oauth-callback";

/** The client side of the flow, in memory: what an MCP client stores per server. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "E2E assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

async function connect(provider: MemoryProvider) {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider });
  const client = new Client({ name: "e2e-oauth", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

describeInChromium("OAuth for /mcp with the SDK's OAuth client and consent in Chromium", (chrome) => {
  beforeAll(() => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  it("discovers, registers, gets consent, calls tools within the chosen scopes, refreshes, and is revoked", async () => {
    // 1. Discovery from the 401: the challenge names the protected-resource metadata.
    const challenge = await fetch(`${baseUrl}/mcp`, { method: "POST" });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("WWW-Authenticate")).toContain(
      `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    const prm = (await (await fetch(`${baseUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(prm).toMatchObject({ resource: `${baseUrl}/mcp`, authorization_servers: [baseUrl] });
    const asm = (await (await fetch(`${baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(asm).toMatchObject({
      issuer: baseUrl,
      authorization_endpoint: `${baseUrl}/app/oauth/authorize`,
      token_endpoint: `${baseUrl}/oauth/token`,
      registration_endpoint: `${baseUrl}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
    });

    // 2. The SDK client: discovery, dynamic registration, PKCE, then the browser.
    const provider = new MemoryProvider();
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toBeTruthy();
    const authorizationUrl = provider.authorizationUrl;
    if (!authorizationUrl) throw new Error("the SDK did not ask for authorization");
    expect(authorizationUrl.href.startsWith(`${baseUrl}/app/oauth/authorize?`)).toBe(true);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    // The challenge names the read scopes, and the SDK asks for what it names.
    expect(authorizationUrl.searchParams.get("scope")).toBe(SCOPE_PRESETS["read-only"].join(" "));

    // 3. Consent in Chromium: sign up (first visit goes through sign-in), pick the scopes.
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.80" });
    let code: string | null = null;
    await page.route(`${REDIRECT}**`, async (route) => {
      code = new URL(route.request().url()).searchParams.get("code");
      await route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
    });
    await signUpOnce(page, baseUrl, "oauth");
    await page.goto(authorizationUrl.href);
    await expectOne(page.getByRole("heading", { name: "Connect E2E assistant" }));
    await expectOne(page.getByText("Access goes to 127.0.0.1"));
    await expectAccessible(page, "consent");
    await expectNoHorizontalScroll(page, "consent");
    await screenshots(page, "oauth-consent");
    // The form starts with what the SDK asked for (the read scopes) ticked, and nothing else.
    const asked: readonly string[] = SCOPE_PRESETS["read-only"];
    for (const scope of SCOPES) {
      expect(await page.getByRole("checkbox", { name: scope }).isChecked(), scope).toBe(asked.includes(scope));
    }
    // Add sites:write and take conversions:read away: the grant is the asked reads less
    // conversions:read, plus sites:write.
    await page.getByRole("checkbox", { name: "sites:write" }).check();
    await page.getByRole("checkbox", { name: "conversions:read" }).uncheck();
    const granted = [...asked.filter((s) => s !== "conversions:read"), "sites:write"].sort();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect.poll(() => code, { timeout: 10_000 }).not.toBeNull();

    // 4. Token, then tool calls with it: bound to the workspace and the ticked scopes.
    const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider });
    await transport.finishAuth(code as unknown as string);
    const tokens = provider.saved;
    expect(tokens?.access_token).toBeTruthy();
    expect(tokens?.refresh_token).toBeTruthy();
    const { client } = await connect(provider);
    const who = await client.callTool({ name: "whoami", arguments: {} });
    expect(who.isError).toBeFalsy();
    const identity = who.structuredContent as { key_id: string; scopes: string[] };
    expect(identity.key_id).toMatch(/^grant_/);
    expect(identity.scopes.sort()).toEqual(granted);
    const site = await client.callTool({ name: "register_site", arguments: { domain: "oauth-shop.example" } });
    expect(site.isError).toBeFalsy();
    const refused = await client.callTool({ name: "list_conversions", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0].text)).toMatchObject({ code: "insufficient_scope" });
    await client.close();

    // 5. Refresh: the refresh token rotates, and the new access token works.
    const refreshed = await fetch(`${baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens?.refresh_token ?? "",
        client_id: provider.client?.client_id ?? "",
      }),
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as OAuthTokens;
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens?.refresh_token);
    provider.saved = next;
    const again = await connect(provider);
    expect((await again.client.callTool({ name: "whoami", arguments: {} })).isError).toBeFalsy();
    await again.client.close();

    // 6. Settings -> Connected apps lists it; revoking it ends its tokens: 401.
    await page.goto(`${baseUrl}/app/settings`);
    await page.getByRole("link", { name: "Connected apps" }).click();
    await expectOne(page.getByRole("cell", { name: "E2E assistant", exact: true }));
    await expectAccessible(page, "connected apps");
    await expectNoHorizontalScroll(page, "connected apps");
    await screenshots(page, "connected-apps");
    await page.getByRole("link", { name: "Revoke E2E assistant" }).click();
    await page.getByRole("button", { name: "Revoke" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/settings/connected-apps?revoked`));
    await expectOne(page.getByText("No app is connected to this workspace yet."));
    const after = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${next.access_token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(after.status).toBe(401);
    expect(after.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    await page.context().close();
  }, 180_000);
});
