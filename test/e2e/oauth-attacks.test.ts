import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, inject, it } from "vitest";
import { SCOPE_PRESETS } from "../../shared/vocabulary/scopes";
import { CIMD_CLIENT_ID, CIMD_HOST, CIMD_REDIRECT_URI } from "./cimd-fixture-server";
import { rawRequest } from "./mcp-helpers";

// Issue 41's attacks on the real local server, each with its control. A client ID
// metadata document (CIMD) URL is fetched only through the outbound guard: a loopback
// target is never connected to, open port or closed, and a redirect is not followed. A
// page under a name that resolves to 127.0.0.1 (DNS rebinding) reaches nothing.

const baseUrl = inject("baseUrl");

interface Trap {
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}

/** A loopback listener that counts every TCP connection made to it (and answers nothing). */
async function trap(): Promise<Trap> {
  let count = 0;
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    count++;
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const traps: Trap[] = [];
afterEach(async () => {
  await Promise.all(traps.splice(0).map((t) => t.close()));
});

function tokenRequest(clientId: string, address: string) {
  return fetch(`${baseUrl}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: "u:g:not-a-code",
      redirect_uri: CIMD_REDIRECT_URI,
      client_id: clientId,
      code_verifier: "v".repeat(43),
    }),
  });
}

describe("client metadata document fetches (SSRF)", () => {
  it("never connects to a loopback port named as a client ID, by address or by name", async () => {
    const open = await trap();
    traps.push(open);
    for (const clientId of [
      `https://127.0.0.1:${open.port}/client.json`,
      `https://localhost:${open.port}/client.json`,
      `https://[::ffff:127.0.0.1]:${open.port}/client.json`,
    ]) {
      const started = Date.now();
      const res = await tokenRequest(clientId, "198.51.100.41");
      expect(res.status, clientId).toBe(401);
      expect(await res.json()).toMatchObject({ error: "invalid_client" });
      // Refused before connecting: no time spent waiting on the port.
      expect(Date.now() - started, clientId).toBeLessThan(1_500);
    }
    // A connection attempt would have landed by now; give a slow machine a moment anyway.
    await new Promise((r) => setTimeout(r, 300));
    expect(open.connections()).toBe(0);
  });

  it("does not follow a metadata document's redirect to a loopback port", async () => {
    const open = await trap();
    traps.push(open);
    const res = await tokenRequest(`https://${CIMD_HOST}/redirect/${open.port}/client.json`, "198.51.100.42");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_client" });
    await new Promise((r) => setTimeout(r, 300));
    expect(open.connections()).toBe(0);
  });

  it("still reads a real client's metadata document through the guard (control)", async () => {
    // The client is known (its document was read), so the made-up code is what fails.
    const res = await tokenRequest(CIMD_CLIENT_ID, "198.51.100.43");
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
    expect(res.status).toBe(400);
  });
});

describe("the /mcp challenge", () => {
  it("names the read scopes, so an SDK client asks for reads by default", async () => {
    const res = await fetch(`${baseUrl}/mcp`, { method: "POST" });
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toContain(`scope="${SCOPE_PRESETS["read-only"].join(" ")}"`);
  });
});

describe("the local server under a rebound name (DNS rebinding)", () => {
  const port = new URL(baseUrl).port;

  it("does not show the mailbox, with its reset links, to a foreign Host", async () => {
    const res = await rawRequest(`${baseUrl}/app/__mailbox`, {
      method: "GET",
      headers: { Host: `rebound.example:${port}` },
    });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain("password-reset/");
  });

  it("does not mint an API key for a foreign Host or another site's page", async () => {
    const body = JSON.stringify({ workspace: "rebound", preset: "provisioning" });
    const headers = { "Content-Type": "application/json", "Content-Length": String(body.length) };
    const rebound = await rawRequest(`${baseUrl}/__admin/keys`, {
      method: "POST",
      headers: { ...headers, Host: `rebound.example:${port}` },
      body,
    });
    expect(rebound.status).toBe(403);
    const crossSite = await rawRequest(`${baseUrl}/__admin/keys`, {
      method: "POST",
      headers: { ...headers, Host: `127.0.0.1:${port}`, Origin: "https://evil.example" },
      body,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).not.toContain("ar_live_");
  });

  it("serves this machine's own browser and npm run admin (control)", async () => {
    expect((await fetch(`${baseUrl}/app/__mailbox`)).status).toBe(200);
    const res = await fetch(`${baseUrl}/__admin/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace: "local-admin", preset: "provisioning" }),
    });
    expect(res.status).toBe(201);
  });
});
