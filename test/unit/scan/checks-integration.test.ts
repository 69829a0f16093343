import { describe, expect, it } from "vitest";
import { agentCard } from "../../../shared/scan/checks/integration/agent-card";
import { aiUsagePolicy } from "../../../shared/scan/checks/integration/ai-usage-policy";
import { apiCatalog } from "../../../shared/scan/checks/integration/api-catalog";
import { commerceProtocol } from "../../../shared/scan/checks/integration/commerce-protocol";
import { llmsFullTxt } from "../../../shared/scan/checks/integration/llms-full-txt";
import { mcpDiscovery } from "../../../shared/scan/checks/integration/mcp-discovery";
import { openapiExists } from "../../../shared/scan/checks/integration/openapi-exists";
import { productFeed } from "../../../shared/scan/checks/integration/product-feed";
import type { JourneyResult } from "../../../shared/scan/journey/types";
import { challenged, fetched, html, json, missing, page, site, text } from "./site-builder";

describe("openapi_exists", () => {
  it("passes for an OpenAPI document with a version and paths", () => {
    const files = { "/openapi.json": json("/openapi.json", { openapi: "3.1.0", paths: { "/p": {} } }) };
    const out = openapiExists.run(site({ files }));
    expect(out.status).toBe("pass");
    expect(out.evidence).toMatchObject({ version: "3.1.0", paths: 1 });
  });
  it("passes for a Swagger 2 document at a fallback path", () => {
    const files = {
      "/openapi.json": missing("/openapi.json"),
      "/swagger.json": json("/swagger.json", { swagger: "2.0", paths: { "/a": {}, "/b": {} } }),
    };
    expect(openapiExists.run(site({ files })).status).toBe("pass");
  });
  it("warns when found but empty or invalid", () => {
    const files = { "/openapi.json": json("/openapi.json", { openapi: "3.1.0", paths: {} }) };
    expect(openapiExists.run(site({ files })).status).toBe("warn");
  });
  it("fails when none is found, and is blocked behind a challenge", () => {
    expect(openapiExists.run(site({ files: { "/openapi.json": missing("/openapi.json") } })).status).toBe("fail");
    expect(openapiExists.run(site({ files: { "/openapi.json": challenged("/openapi.json") } })).blocked).toBe(true);
  });
});

describe("api_catalog", () => {
  const at = (f: ReturnType<typeof fetched>) => site({ files: { "/.well-known/api-catalog": f } });
  it("passes for an RFC 9727 linkset with service-desc", () => {
    const body = {
      linkset: [
        { anchor: "https://shop.example/api", "service-desc": [{ href: "https://shop.example/openapi.json" }] },
      ],
    };
    expect(apiCatalog.run(at(json("/.well-known/api-catalog", body))).status).toBe("pass");
  });
  it("warns when present but malformed", () => {
    expect(apiCatalog.run(at(json("/.well-known/api-catalog", { apis: [] }))).status).toBe("warn");
  });
  it("fails when absent", () => {
    expect(apiCatalog.run(at(missing("/.well-known/api-catalog"))).status).toBe("fail");
  });
});

describe("mcp_discovery", () => {
  it("passes for a server card, or an mcp link in llms.txt", () => {
    const files = {
      "/.well-known/mcp.json": json("/.well-known/mcp.json", { name: "Shop", url: "https://shop.example/mcp" }),
    };
    expect(mcpDiscovery.run(site({ files })).status).toBe("pass");
    const llms = text("/llms.txt", "# Shop\n- [MCP server](https://shop.example/mcp)\n");
    expect(mcpDiscovery.run(site({ llms })).status).toBe("pass");
    // SEP-2127 server card: the endpoint is in remotes[].url.
    const card = {
      "/.well-known/mcp.json": json("/.well-known/mcp.json", {
        name: "shop",
        version: "1.0.0",
        remotes: [{ type: "streamable-http", url: "https://shop.example/mcp" }],
      }),
    };
    expect(mcpDiscovery.run(site({ files: card })).evidence).toEqual({
      url: "https://shop.example/.well-known/mcp.json",
      endpoint: "https://shop.example/mcp",
      // No journey ran in this unit site, so no tools/list answer is on record.
      tools: null,
      answeredAs: null,
    });
  });
  it("warns when a card is advertised but unreadable", () => {
    const files = {
      "/.well-known/mcp.json": fetched("/.well-known/mcp.json", { contentType: "application/json", body: "{oops" }),
    };
    expect(mcpDiscovery.run(site({ files })).status).toBe("warn");
    const broken = { "/.well-known/mcp.json": fetched("/.well-known/mcp.json", { status: 502 }) };
    expect(mcpDiscovery.run(site({ files: broken })).status).toBe("warn");
  });
  it("fails when nothing is advertised", () => {
    const files = {
      "/.well-known/mcp.json": missing("/.well-known/mcp.json"),
      "/.well-known/mcp": missing("/.well-known/mcp"),
    };
    expect(mcpDiscovery.run(site({ files })).status).toBe("fail");
  });
});

describe("agent_card", () => {
  it("passes for a card with name and url (legacy path too)", () => {
    const files = {
      "/.well-known/agent.json": json("/.well-known/agent.json", { name: "A", url: "https://shop.example/a2a" }),
    };
    expect(agentCard.run(site({ files })).status).toBe("pass");
  });
  it("warns when malformed", () => {
    const files = { "/.well-known/agent-card.json": json("/.well-known/agent-card.json", { name: "A" }) };
    expect(agentCard.run(site({ files })).status).toBe("warn");
  });
  it("fails when absent", () => {
    expect(
      agentCard.run(site({ files: { "/.well-known/agent-card.json": missing("/.well-known/agent-card.json") } }))
        .status,
    ).toBe("fail");
  });
});

describe("commerce_protocol", () => {
  it("passes for a UCP profile that keeps the profile rules; an ACP feed only named in the api-catalog warns", () => {
    const profile = { ucp: { version: "2026-01-23", services: {}, payment_handlers: {} } };
    const cached = { headers: { "cache-control": "public, max-age=3600" } };
    const ucp = { "/.well-known/ucp": json("/.well-known/ucp", profile, cached) };
    expect(commerceProtocol.run(site({ files: ucp })).status).toBe("pass");
    const catalog = {
      "/.well-known/api-catalog": json("/.well-known/api-catalog", {
        linkset: [{ anchor: "x", item: [{ href: "https://shop.example/acp/product-feed.jsonl" }] }],
      }),
      "/.well-known/acp.json": missing("/.well-known/acp.json"),
    };
    const named = commerceProtocol.run(site({ files: catalog }));
    expect(named.status).toBe("warn");
    expect(named.message).toContain("/.well-known/acp.json gives HTTP 404");
  });
  it("warns when the UCP file is malformed", () => {
    expect(
      commerceProtocol.run(site({ files: { "/.well-known/ucp": json("/.well-known/ucp", { hello: 1 }) } })).status,
    ).toBe("warn");
  });
  it("fails when absent", () => {
    expect(commerceProtocol.run(site({ files: { "/.well-known/ucp": missing("/.well-known/ucp") } })).status).toBe(
      "fail",
    );
  });
});

describe("product_feed", () => {
  it("passes for /products.json with products; a linked feed alone is no longer enough", async () => {
    expect(
      productFeed.run(site({ files: { "/products.json": json("/products.json", { products: [{ id: 1 }] }) } })).status,
    ).toBe("pass");
    // Scoring v5: the link is followed and its items judged (test/unit/scan/product-feed.test.ts).
    const home = await page(
      "/",
      html('<link rel="alternate" type="application/xml" href="/feeds/google-merchant.xml">'),
    );
    expect(productFeed.run(site({ home })).status).toBe("fail");
  });
  it("warns for a feed without products", () => {
    expect(
      productFeed.run(site({ files: { "/products.json": json("/products.json", { products: [] }) } })).status,
    ).toBe("warn");
  });
  it("fails with none", () => {
    expect(productFeed.run(site({ files: { "/products.json": missing("/products.json") } })).status).toBe("fail");
  });
});

describe("llms_full_txt", () => {
  it("passes with 500+ characters of product or policy content", () => {
    const body = `# Shop\n${"Our products ship free; returns within 30 days. ".repeat(12)}`;
    expect(llmsFullTxt.run(site({ llmsFull: text("/llms-full.txt", body) })).status).toBe("pass");
  });
  it("warns under 500 characters", () => {
    const out = llmsFullTxt.run(site({ llmsFull: text("/llms-full.txt", "# Shop\nProducts: shirts.") }));
    expect(out.status).toBe("warn");
    expect(out.evidence?.chars).toBe(24);
  });
  it("fails when absent", () => {
    expect(llmsFullTxt.run(site()).status).toBe("fail");
  });
});

describe("ai_usage_policy", () => {
  it("passes with a Content-Signal or a group naming an AI training crawler", () => {
    expect(
      aiUsagePolicy.run(site({ robots: text("/robots.txt", "User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n") }))
        .status,
    ).toBe("pass");
    const out = aiUsagePolicy.run(site({ robots: text("/robots.txt", "User-agent: GPTBot\nDisallow: /\n") }));
    expect(out.status).toBe("pass");
    expect(out.evidence?.namedCrawlers).toEqual(["GPTBot"]);
  });
  it("fails without any AI-specific statement", () => {
    expect(aiUsagePolicy.run(site({ robots: text("/robots.txt", "User-agent: *\nDisallow: /cart\n") })).status).toBe(
      "fail",
    );
    expect(aiUsagePolicy.run(site()).status).toBe("fail");
  });
});

describe("integration checks judged by what the journey could do", () => {
  const journey = (parts: Partial<JourneyResult>): JourneyResult => ({
    platform: null,
    find: { via: null, search: null, feeds: [] },
    product: null,
    mcp: [],
    requests: 0,
    stopped: null,
    cart: { added: false, via: null, product_url: null, steps: [], attempts: [], readBack: null, blocked: null },
    ...parts,
  });
  const card = json("/.well-known/mcp.json", { name: "Shop MCP", url: "https://shop.example/mcp" });
  const probe = (tools: string[] | null, advertisedBy = "/.well-known/mcp.json") => ({
    endpoint: "https://shop.example/mcp",
    advertisedBy,
    tools,
    answeredAs: tools ? ("json" as const) : null,
    error: tools ? null : "HTTP 404",
  });

  it("mcp_discovery: a card whose endpoint answers tools/list passes; one that points nowhere warns", () => {
    const ok = mcpDiscovery.run(
      site({ files: { "/.well-known/mcp.json": card }, journey: journey({ mcp: [probe(["search"])] }) }),
    );
    expect(ok.status).toBe("pass");
    expect(ok.evidence).toMatchObject({ tools: ["search"] });
    const nowhere = mcpDiscovery.run(
      site({ files: { "/.well-known/mcp.json": card }, journey: journey({ mcp: [probe(null)] }) }),
    );
    expect(nowhere.status).toBe("warn");
    expect(nowhere.message).toContain("did not answer tools/list");
  });

  it("mcp_discovery: an MCP endpoint bound by the UCP profile that answers passes without a card", () => {
    const out = mcpDiscovery.run(site({ journey: journey({ mcp: [probe(["create_cart"], "/.well-known/ucp")] }) }));
    expect(out.status).toBe("pass");
  });

  it("commerce_protocol: a UCP profile whose MCP endpoint does not list its tools warns", () => {
    const ucp = json(
      "/.well-known/ucp",
      {
        ucp: {
          version: "2026-08-25",
          // Every binding carries its own version (the 2026-08-25 release, issue 45).
          services: {
            "dev.ucp.shopping": [{ version: "2026-08-25", transport: "mcp", endpoint: "https://shop.example/mcp" }],
          },
          payment_handlers: {},
        },
      },
      { headers: { "cache-control": "public, max-age=86400" } },
    );
    const down = commerceProtocol.run(
      site({ files: { "/.well-known/ucp": ucp }, journey: journey({ mcp: [probe(null, "/.well-known/ucp")] }) }),
    );
    expect(down.status).toBe("warn");
    const up = commerceProtocol.run(
      site({
        files: { "/.well-known/ucp": ucp },
        journey: journey({ mcp: [probe(["create_cart"], "/.well-known/ucp")] }),
      }),
    );
    expect(up.status).toBe("pass");
    expect(up.message).toContain("lists 1 tools");
  });

  it("product_feed: the WooCommerce Store API product listing the journey read passes", () => {
    const feeds = [
      { url: "https://shop.example/wp-json/wc/store/v1/products?per_page=10", status: 200, products: 3, refused: null },
    ];
    const out = productFeed.run(
      site({
        files: { "/products.json": missing("/products.json") },
        journey: journey({ find: { via: null, search: null, feeds } }),
      }),
    );
    expect(out.status).toBe("pass");
    expect(out.message).toContain("Store API");
  });
});
