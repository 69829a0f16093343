import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DOCS_SCRIPT_PATH } from "../../workers/v1/openapi";

describe("/api/v1/docs without a network", () => {
  it("points the page at the service's own copy of the reference script, never a CDN", async () => {
    const res = await exports.default.fetch("http://x/api/v1/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<script src="${DOCS_SCRIPT_PATH}">`);
    // Any absolute script or stylesheet URL would need the network.
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
    expect(html).toContain('"withDefaultFonts": false');
  });

  it("serves the reference script itself with a long immutable cache and X-Request-Id", async () => {
    const res = await exports.default.fetch(`http://x${DOCS_SCRIPT_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/javascript");
    expect(res.headers.get("Cache-Control")).toContain("immutable");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const script = await res.text();
    expect(script.length).toBeGreaterThan(1_000_000);
    expect(script).toContain("createApiReference");
  });
});
