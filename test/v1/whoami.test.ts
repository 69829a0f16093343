import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey } from "../helpers/api-keys";

describe("GET /api/v1/whoami", () => {
  it("names the key's workspace and scopes for any valid key", async () => {
    const k = await createTestKey(env, { workspace: "whoami-ws", scopes: ["conversions:read"] });
    const res = await exports.default.fetch("http://x/api/v1/whoami", { headers: k.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      workspace_id: k.workspaceId,
      workspace_name: "whoami-ws",
      key_id: k.keyId,
      scopes: ["conversions:read"],
    });
    expect(res.headers.get("X-RateLimit-Limit")).toBe("120");
    expect(res.headers.get("X-RateLimit-Used")).toBe("1");
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("119");
  });

  it("reuses a workspace when the same name is given twice", async () => {
    const a = await createTestKey(env, { workspace: "twice", scopes: [] });
    const b = await createTestKey(env, { workspace: "twice", scopes: ["traffic:read"] });
    expect(b.workspaceId).toBe(a.workspaceId);
    expect(b.keyId).not.toBe(a.keyId);
  });
});
