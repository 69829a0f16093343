import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { llmsTxtShape } from "../../shared/scan/checks/identity/llms-txt";
import { apiCatalogLinks } from "../../shared/scan/checks/integration/api-catalog";
import { readCatalog } from "../../shared/scan/checks/integration/mcp-catalog";
import type { Fetched } from "../../shared/scan/types";

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
      "https://agents.example/mcp/server-card",
      "https://agents.example/llms.txt",
    ]);
  });

  it("serves the AI Catalog and the transitional MCP Catalog listing the v1 server card, and robots.txt", async () => {
    for (const path of ["/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"]) {
      const res = await exports.default.fetch(`https://agents.example${path}`, {
        headers: { Origin: "https://x.example" },
      });
      expect(res.headers.get("Content-Type")).toBe("application/ai-catalog+json");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
      const body = await res.text();
      const read = readCatalog(
        {
          url: `https://agents.example${path}`,
          finalUrl: `https://agents.example${path}`,
          status: res.status,
          contentType: res.headers.get("Content-Type") ?? "",
          headers: Object.fromEntries(res.headers),
          body,
        } as Fetched,
        path,
      );
      expect(read?.mcpEntries).toEqual([
        {
          identifier: "urn:air:agents.example:mcp:agent-readiness",
          type: "application/mcp-server-card+json",
          url: "https://agents.example/mcp/server-card",
        },
      ]);
      expect(read?.findings.filter((f) => f.severity === "error")).toEqual([]);
    }
    const robots = await (await exports.default.fetch("https://agents.example/robots.txt")).text();
    expect(robots).toContain("Allow: /api/v1/openapi.json\n");
    expect(robots).toContain("Disallow: /api/v1/\n");
  });

  it("answers the server card, and the pre-SEP /.well-known/mcp.json, with the v1 Worker's card", async () => {
    for (const path of ["/mcp/server-card", "/.well-known/mcp.json"]) {
      const res = await exports.default.fetch(`https://agents.example${path}`);
      expect(await res.json()).toMatchObject({ upstream: "V1", path: "/mcp/server-card" });
    }
  });

  it("answers /openapi.json with the v1 Worker's document", async () => {
    const res = await exports.default.fetch("https://agents.example/openapi.json");
    expect(await res.json()).toMatchObject({ upstream: "V1", path: "/api/v1/openapi.json" });
  });
});
