import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// Issue 41 #3: POST /__admin/keys mints live API keys on a local run. Behind the edge's
// Host allow-list, it also refuses by itself a rebound Host and a request from another
// site, so neither DNS rebinding nor a form on another site's page can mint a key.

function mint(headers: Record<string, string>) {
  return exports.default.fetch("http://localhost/__admin/keys", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ workspace: "admin-local-only", preset: "provisioning" }),
  });
}

describe("/__admin on a local run", () => {
  it("refuses a rebound Host", async () => {
    const res = await mint({ Host: "rebound.example:8787" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "host_not_allowed" });
  });

  it("refuses a request from another site's page", async () => {
    const pages: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of pages) {
      const res = await mint({ Host: "localhost", ...headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "origin_not_allowed" });
    }
  });

  it("mints a key for npm run admin on this machine (control)", async () => {
    expect((await mint({ Host: "localhost" })).status).toBe(201);
  });
});
