import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DISCOVERY_DOCUMENTS } from "../../workers/edge/discovery-routes";

// The public read-only documents the edge serves: readable by browser-based tools from
// any origin, and revalidated with ETag / If-None-Match (issue 26).

const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://agents.example${path}`, { headers });

describe("public discovery documents at the edge", () => {
  it.each(DISCOVERY_DOCUMENTS.map((p) => [p]))("%s allows any origin and exposes its ETag", async (path) => {
    const res = await get(path, { Origin: "https://tool.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(res.headers.get("Access-Control-Expose-Headers")).toBe("ETag,X-Request-Id");
    expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it("answers a matching If-None-Match with 304, no body, and the headers a 200 would carry", async () => {
    const first = await get("/llms.txt");
    const tag = first.headers.get("ETag") as string;
    const again = await get("/llms.txt", { "If-None-Match": `"other", ${tag}`, Origin: "https://tool.example" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(tag);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(again.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(again.headers.get("X-Request-Id")).toBeTruthy();
    // A stale tag gets the full document.
    const stale = await get("/llms.txt", { "If-None-Match": '"0000"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(await first.text());
  });

  it("answers a CORS preflight 204 for GET and HEAD only", async () => {
    const res = await exports.default.fetch("https://agents.example/.well-known/api-catalog", {
      method: "OPTIONS",
      headers: { Origin: "https://tool.example", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET,HEAD");
  });

  it("lists HEAD in Allow, and HEAD works", async () => {
    const post = await exports.default.fetch("https://agents.example/llms.txt", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    const head = await exports.default.fetch("https://agents.example/llms.txt", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});
