import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { llmsTxtShape } from "../../shared/scan/checks/identity/llms-txt";
import { apiCatalogLinks } from "../../shared/scan/checks/integration/api-catalog";

// The edge serves the service's discovery documents itself, built from the request's
// origin; read here with the scanner's own parsers.

describe("discovery documents at the edge", () => {
  it("serves llms.txt in the llmstxt.org shape, linking the OpenAPI document and the MCP server", async () => {
    const res = await exports.default.fetch("https://agents.example/llms.txt");
    expect(res.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const body = await res.text();
    expect(llmsTxtShape(body)).toEqual({ h1: true, summary: true, links: 7 });
    expect(body).toContain("(https://agents.example/api/v1/openapi.json)");
    expect(body).toContain("(https://agents.example/mcp)");
  });

  it("serves an RFC 9727 api-catalog naming itself with the api-catalog link relation", async () => {
    const res = await exports.default.fetch("https://agents.example/.well-known/api-catalog");
    expect(res.headers.get("Content-Type")).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    expect(res.headers.get("Link")).toBe('<https://agents.example/.well-known/api-catalog>; rel="api-catalog"');
    expect(apiCatalogLinks(await res.text()).services).toEqual([
      "https://agents.example/api/v1/openapi.json",
      "https://agents.example/api/v1/docs",
      "https://agents.example/api/scan/openapi.json",
      "https://agents.example/llms.txt",
      "https://agents.example/.well-known/mcp.json",
      "https://agents.example/llms.txt",
    ]);
  });

  it("serves the MCP server card and robots.txt", async () => {
    const card = (await (await exports.default.fetch("https://agents.example/.well-known/mcp.json")).json()) as Record<
      string,
      unknown
    >;
    expect(card).toMatchObject({
      name: "agent-readiness",
      remotes: [{ type: "streamable-http", url: "https://agents.example/mcp" }],
    });
    const robots = await (await exports.default.fetch("https://agents.example/robots.txt")).text();
    expect(robots).toContain("Allow: /api/v1/openapi.json\n");
    expect(robots).toContain("Disallow: /api/v1/\n");
  });

  it("answers /openapi.json with the v1 Worker's document", async () => {
    const res = await exports.default.fetch("https://agents.example/openapi.json");
    expect(await res.json()).toMatchObject({ upstream: "V1", path: "/api/v1/openapi.json" });
  });
});
