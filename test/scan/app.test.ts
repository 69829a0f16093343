import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("scan Worker app (workers/scan/app.ts): errors and rate windows", () => {
  it("answers unknown paths with the scan error body and a request id", async () => {
    const res = await exports.default.fetch("http://x/api/scan/unknown/deeper");
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(await res.json()).toEqual({ error: "No route for GET /api/scan/unknown/deeper" });
  });

  it("keeps its own rate windows, separate from other subjects", async () => {
    const specs = [{ name: "hour", limit: 2, periodSeconds: 3600 }];
    const ip = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("ip:203.0.113.9"));
    const other = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("ip:203.0.113.10"));
    const now = Date.UTC(2026, 10, 21, 9, 30);
    expect((await ip.hit(specs, now)).allowed).toBe(true);
    expect((await ip.hit(specs, now)).allowed).toBe(true);
    expect((await ip.hit(specs, now)).allowed).toBe(false);
    expect((await other.hit(specs, now)).allowed).toBe(true);
    expect((await ip.hit(specs, now + 3_600_000)).allowed).toBe(true);
  });
});
