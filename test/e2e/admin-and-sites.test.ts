import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
const exec = promisify(execFile);

/** Runs `npm run --silent admin -- ...` against the running server; returns stdout lines. */
async function admin(...args: string[]): Promise<string[]> {
  const { stdout } = await exec("npm", ["run", "--silent", "admin", "--", ...args], {
    cwd: root,
    env: { ...process.env, BASE_URL: baseUrl },
  });
  return stdout.split("\n").filter((l) => l.length > 0);
}

describe("admin command and sites against the real local server", () => {
  it("create-key prints one JSON line and the key works on the v1 API", async () => {
    const lines = await admin("create-key", "--workspace", "e2e-shop", "--preset", "provisioning");
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]) as { workspace_id: string; key_id: string; key: string; scopes: string[] };
    expect(Object.keys(created)).toEqual(["workspace_id", "key_id", "key", "scopes"]);
    expect(created.key).toMatch(/^ar_live_[0-9A-Za-z]{40}$/);
    expect(created.scopes).toEqual(["sites:write", "traffic:read"]);

    const auth = { Authorization: `Bearer ${created.key}` };
    const who = await fetch(`${baseUrl}/api/v1/whoami`, { headers: auth });
    expect(await who.json()).toEqual({
      workspace_id: created.workspace_id,
      workspace_name: "e2e-shop",
      key_id: created.key_id,
      scopes: ["sites:write", "traffic:read"],
    });

    const reg = await fetch(`${baseUrl}/api/v1/sites`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ domain: "www.E2E-Shop.example", name: "E2E" }),
    });
    expect(reg.status).toBe(201);
    const site = (await reg.json()) as { domain: string; snippet: string; public_token: string };
    expect(site.domain).toBe("e2e-shop.example");
    expect(site.snippet).toContain(`src="${baseUrl}/sdk/v1/agent.js"`);
    expect(reg.headers.get("X-RateLimit-Limit")).toBe("120");
    expect(Number(reg.headers.get("X-RateLimit-Reset"))).toBeGreaterThan(Date.now() / 1000);

    const list = (await (await fetch(`${baseUrl}/api/v1/sites`, { headers: auth })).json()) as {
      sites: { public_token: string }[];
      total: number;
    };
    expect(list.total).toBe(1);
    expect(list.sites[0].public_token).toBe(site.public_token);

    // A repeated workspace name reuses the workspace.
    const [again] = await admin("create-key", "--workspace", "e2e-shop", "--scopes", "conversions:read");
    expect((JSON.parse(again) as { workspace_id: string }).workspace_id).toBe(created.workspace_id);
  });

  it("a key without sites:write gets 403, and revoke-key makes a key answer 401", async () => {
    const [line] = await admin("create-key", "--workspace", "e2e-revoke", "--scopes", "traffic:read");
    const { key, key_id } = JSON.parse(line) as { key: string; key_id: string };
    const auth = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    const denied = await fetch(`${baseUrl}/api/v1/sites`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ domain: "denied.example" }),
    });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "insufficient_scope" });

    expect((await fetch(`${baseUrl}/api/v1/sites`, { headers: auth })).status).toBe(200);
    const [revoked] = await admin("revoke-key", "--key-id", key_id);
    expect(JSON.parse(revoked)).toEqual({ key_id, revoked: true });
    const after = await fetch(`${baseUrl}/api/v1/sites`, { headers: auth });
    expect(after.status).toBe(401);
    expect(after.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await after.json()).toMatchObject({ code: "unauthorized" });
  });

  it("fails with a message on stderr and exit code 1 for a bad scope", async () => {
    await expect(admin("create-key", "--workspace", "x", "--scopes", "root")).rejects.toMatchObject({ code: 1 });
  });

  it("refuses a key without scopes, by omission or by an empty list", async () => {
    await expect(admin("create-key", "--workspace", "e2e-empty")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("needs at least one scope"),
    });
    await expect(admin("create-key", "--workspace", "e2e-empty", "--scopes", "")).rejects.toMatchObject({ code: 1 });
  });

  it("--preset full grants all nine scopes, and list-keys shows the workspace's live keys without secrets", async () => {
    const [full] = await admin("create-key", "--workspace", "e2e-list", "--preset", "full", "--name", "CI");
    const created = JSON.parse(full) as { key: string; key_id: string; scopes: string[] };
    expect(created.scopes.toSorted()).toEqual([
      "conversions:read",
      "conversions:write",
      "events:write",
      "monitors:read",
      "monitors:write",
      "policy:read",
      "policy:write",
      "sites:write",
      "traffic:read",
    ]);
    const [other] = await admin("create-key", "--workspace", "e2e-list", "--preset", "read-only");
    const [line] = await admin("list-keys", "--workspace", "e2e-list");
    expect(line).not.toContain(created.key);
    const listed = JSON.parse(line) as { keys: { key_id: string; name: string | null; prefix: string }[] };
    expect(listed.keys.map((k) => k.key_id)).toEqual([JSON.parse(other).key_id, created.key_id]);
    expect(listed.keys[1]).toMatchObject({ name: "CI", prefix: created.key.slice(0, 12) });

    await admin("revoke-key", "--key-id", created.key_id);
    const [after] = await admin("list-keys", "--workspace", "e2e-list");
    expect((JSON.parse(after) as { keys: unknown[] }).keys).toHaveLength(1);
    await expect(admin("list-keys", "--workspace", "no-such-workspace")).rejects.toMatchObject({ code: 1 });
  });
});
