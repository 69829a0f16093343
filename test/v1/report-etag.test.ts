import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey } from "../helpers/api-keys";

// Reports carry an ETag and answer a matching If-None-Match with 304 (issue 26). A
// window that ended in the past gives the same report every time, so its tag holds.

describe("ETag and 304 on v1 reports", () => {
  it("answers the same past-window report 304 to its own ETag, with the rate-limit headers, and 200 to another", async () => {
    const k = await createTestKey(env, { workspace: "etag-ws", scopes: ["sites:write", "traffic:read"] });
    const json = { ...k.headers, "Content-Type": "application/json" };
    const site = await exports.default.fetch("http://x/api/v1/sites", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ domain: "etag-shop.example.com", name: "ETag shop" }),
    });
    expect(site.status).toBe(201);
    const url =
      "http://x/api/v1/traffic/overview?domain=etag-shop.example.com&from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z";
    const first = await exports.default.fetch(url, { headers: k.headers });
    expect(first.status).toBe(200);
    const tag = first.headers.get("ETag");
    expect(tag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers.get("X-RateLimit-Used")).toBe("1");

    const again = await exports.default.fetch(url, { headers: { ...k.headers, "If-None-Match": tag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(tag);
    expect(again.headers.get("X-Request-Id")).toBeTruthy();
    // The report was still read, and counted.
    expect(again.headers.get("X-RateLimit-Used")).toBe("2");

    const other = await exports.default.fetch(url, { headers: { ...k.headers, "If-None-Match": '"0000"' } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(await first.json());
  });

  it("gives the v1 document an ETag and any origin read access", async () => {
    const doc = await exports.default.fetch("http://x/api/v1/openapi.json", {
      headers: { Origin: "https://a.example" },
    });
    expect(doc.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const tag = doc.headers.get("ETag") as string;
    const again = await exports.default.fetch("http://x/api/v1/openapi.json", { headers: { "If-None-Match": tag } });
    expect(again.status).toBe(304);
  });
});
