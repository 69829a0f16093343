import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminContext } from "../../shared/admin/admin-context";
import { createAdminKey, listAdminKeys, revokeAdminKey } from "../../shared/admin/admin-keys";

// The use cases behind the local /__admin key routes, called as functions: the routes only
// translate their outcomes (workers/v1/routes/admin/keys.ts); the routes' own guard (local
// switch, host, origin) is test/v1/admin-routes-local-only.test.ts.

const NOW = Date.UTC(2026, 10, 29, 5);
const ctx: AdminContext = { env: env as unknown as AdminContext["env"], nowMs: NOW };

describe("admin key use cases", () => {
  it("creates the named workspace on first use, lists its keys without secrets, revokes once", async () => {
    const first = await createAdminKey(ctx, { workspace: "admin-uc", scopes: ["sites:write"], name: "one" });
    const second = await createAdminKey(ctx, { workspace: "admin-uc", scopes: ["traffic:read"] });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(second.value.workspace_id).toBe(first.value.workspace_id);

    const listed = await listAdminKeys(ctx, { workspace: "admin-uc" });
    if (!listed.ok) throw new Error("refused");
    expect(listed.value.workspaceId).toBe(first.value.workspace_id);
    expect(listed.value.keys.map((k) => k.keyId).sort()).toEqual([first.value.key_id, second.value.key_id].sort());
    expect(JSON.stringify(listed.value)).not.toContain(first.value.key);

    expect(await revokeAdminKey(ctx, { keyId: first.value.key_id })).toEqual({
      ok: true,
      value: { keyId: first.value.key_id },
    });
    expect(await revokeAdminKey(ctx, { keyId: first.value.key_id })).toMatchObject({ ok: false, code: "not_found" });
    const after = await listAdminKeys(ctx, { workspace: "admin-uc" });
    expect(after.ok && after.value.keys.map((k) => k.keyId)).toEqual([second.value.key_id]);
  });

  it("refuses the list of a workspace nobody named, and creates nothing", async () => {
    expect(await listAdminKeys(ctx, { workspace: "never-named" })).toMatchObject({
      ok: false,
      code: "not_found",
      message: "No workspace named never-named",
    });
    const row = await env.DB.prepare("SELECT count(*) AS n FROM workspaces WHERE name = 'never-named'").first<{
      n: number;
    }>();
    expect(row?.n).toBe(0);
  });
});
