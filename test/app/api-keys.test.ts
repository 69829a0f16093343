// The v1 API lives in another Worker; here its key check is the shared repository the
// v1 middleware calls, so "answers 401" is proven end to end in test/e2e/app-browser.test.ts.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findActiveKey } from "../../shared/auth/key-repository";
import { database } from "../../shared/db/client";
import { elementText, FormClient, uniqueEmail } from "./form-client";

async function createKey(client: FormClient, fields: Record<string, string | string[]>) {
  await client.get("/app/settings/api-keys");
  return client.submit("/app/settings/api-keys", fields);
}

describe("Settings -> API keys", () => {
  it("creates a Provisioning key with exactly sites:write and traffic:read, shown once in an element of its own", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("keys"));
    const res = await createKey(owner, { name: "Shop backend", preset: "provisioning" });
    expect(res.postStatus).toBe(303);
    expect(res.status).toBe(200);
    const key = elementText(res.html, "new-key");
    expect(key).toMatch(/^ar_live_[0-9A-Za-z]{40}$/);
    const active = await findActiveKey(database(env.DB), key as string);
    expect(active?.scopes.toSorted()).toEqual(["sites:write", "traffic:read"]);
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    // Listed with name, prefix and scopes, but never again in full.
    const list = await owner.get("/app/settings/api-keys");
    expect(list.html).toContain("Shop backend");
    expect(list.html).toContain(`${(key as string).slice(0, 12)}…`);
    expect(list.html).not.toContain(key as string);
    expect(list.html).toContain("Never");
  });

  it("presets Read only and Full access, and custom scopes from the checkboxes", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("presets"));
    const scopesOf = async (fields: Record<string, string | string[]>) => {
      const res = await createKey(owner, fields);
      expect(res.postStatus).toBe(303);
      const active = await findActiveKey(database(env.DB), elementText(res.html, "new-key") as string);
      return active?.scopes.toSorted();
    };
    expect(await scopesOf({ name: "ro", preset: "read-only" })).toEqual([
      "conversions:read",
      "monitors:read",
      "policy:read",
      "traffic:read",
    ]);
    expect(await scopesOf({ name: "all", preset: "full" })).toHaveLength(9);
    expect(await scopesOf({ name: "c", preset: "custom", scopes: ["conversions:write", "events:write"] })).toEqual([
      "conversions:write",
      "events:write",
    ]);
  });

  it("refuses a key without a name or without any scope, and keeps what was typed", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("refuse"));
    const noScope = await createKey(owner, { name: "Empty", preset: "custom" });
    expect(noScope.status).toBe(400);
    expect(noScope.html).toContain("Tick at least one scope");
    expect(noScope.html).toContain('value="Empty"');
    expect(elementText(noScope.html, "new-key")).toBeNull();
    const noName = await createKey(owner, { name: "  ", preset: "full" });
    expect(noName.status).toBe(400);
    const badPreset = await createKey(owner, { name: "x", preset: "admin" });
    expect(badPreset.status).toBe(400);
  });

  it("revokes after a confirmation page, and the key stops authenticating at once", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("revoke"));
    const created = await createKey(owner, { name: "Temp", preset: "provisioning" });
    const key = elementText(created.html, "new-key") as string;
    const keyId = /data-key-id="([^"]+)"/.exec(created.html)?.[1];
    const confirm = await owner.get(`/app/settings/api-keys/${keyId}/revoke`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Confirm revoke");
    expect(await findActiveKey(database(env.DB), key)).not.toBeNull();
    const revoked = await owner.submit(`/app/settings/api-keys/${keyId}/revoke`, {});
    expect(revoked.postStatus).toBe(303);
    expect(revoked.status).toBe(200);
    expect(await findActiveKey(database(env.DB), key)).toBeNull();
    expect(revoked.html).not.toContain(`data-key-id="${keyId}"`);
    // A second revoke of the same key finds nothing.
    await owner.get("/app/settings/api-keys");
    expect((await owner.post(`/app/settings/api-keys/${keyId}/revoke`, {})).status).toBe(404);
  });

  it("the application never answers the v1 API, with or without a session", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("nov1"));
    const res = await exports.default.fetch("http://app.test/api/v1/whoami", {
      headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(res.status).toBe(404);
  });
});
