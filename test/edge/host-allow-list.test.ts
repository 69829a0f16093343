import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// Issue 41 #3: the Host allow-list holds at the edge for every route, not only /mcp. A
// page on a name that resolves to this server (DNS rebinding) reaches nothing: not the
// local mailbox, not /__admin, not the API. PUBLIC_BASE_URL is https://agents.example in this project.

const PATHS = [
  "/",
  "/app/__mailbox",
  "/__admin/keys",
  "/api/v1/sites",
  "/mcp",
  "/ingest/e",
  "/oauth/token",
  "/robots.txt",
];

describe("the edge's Host allow-list", () => {
  it.each(PATHS)("refuses %s under a foreign Host, before any Worker sees it", async (path) => {
    const res = await exports.default.fetch(`https://agents.example${path}`, {
      headers: { Host: "rebound.example:8787" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("X-Upstream")).toBeNull();
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(await res.json()).toMatchObject({ code: "host_not_allowed" });
  });

  it("forwards the service's own host (control)", async () => {
    const res = await exports.default.fetch("https://agents.example/app/__mailbox", {
      headers: { Host: "agents.example" },
    });
    expect(res.headers.get("X-Upstream")).toBe("APP");
  });
});
