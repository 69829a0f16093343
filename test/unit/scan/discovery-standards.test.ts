import { describe, expect, it } from "vitest";
import { aiUsagePolicy } from "../../../shared/scan/checks/integration/ai-usage-policy";
import { apiCatalog } from "../../../shared/scan/checks/integration/api-catalog";
import { commerceProtocol } from "../../../shared/scan/checks/integration/commerce-protocol";
import { parseContentUsage } from "../../../shared/scan/checks/integration/content-usage";
import { parseLinkHeader } from "../../../shared/scan/checks/integration/link-header";
import { mcpDiscovery } from "../../../shared/scan/checks/integration/mcp-discovery";
import { openapiExists } from "../../../shared/scan/checks/integration/openapi-exists";
import { namespaceAuthority, ucpProfileFindings } from "../../../shared/scan/checks/integration/ucp-rules";
import { json, missing, page, site, text } from "./site-builder";

/** The evidence of a check outcome, which these cases always have. */
function evidenceOf(out: { evidence?: Record<string, unknown> | null }): Record<string, unknown> {
  if (!out.evidence) throw new Error("the outcome has no evidence");
  return out.evidence;
}

// The 2026 discovery standards, each with a document that follows its vendor text and one
// that breaks it. Sources: SEP-2127 and the server-card extension's docs/discovery.md
// (catalog entries, `<endpoint>/server-card`, CORS *, Cache-Control public), the AI
// Catalog specification (Agent-Card/ai-catalog), ACP rfcs/rfc.discovery.md (examples
// 5.1 and 5.2), UCP's overview and AP2 mandates extension, RFC 8288 / RFC 9727 / RFC 8631,
// and IETF draft-ietf-aipref-attach.

const open = { "access-control-allow-origin": "*", "cache-control": "public, max-age=3600" };
const aiCatalog = (entries: unknown[], headers: Record<string, string> = open) =>
  json(
    "/.well-known/ai-catalog.json",
    { specVersion: "1.0", entries },
    { contentType: "application/ai-catalog+json", headers },
  );
const mcpEntry = {
  identifier: "urn:air:shop.example:mcp:shop",
  type: "application/mcp-server-card+json",
  url: "https://shop.example/mcp/server-card",
};
const card = (body: unknown, headers: Record<string, string> = open) =>
  json("/mcp/server-card", body, { contentType: "application/mcp-server-card+json", headers });
const goodCard = {
  $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
  name: "example.shop/shop",
  version: "1.0.0",
  description: "Search the catalogue and fill a cart.",
  remotes: [{ type: "streamable-http", url: "https://shop.example/mcp" }],
};

describe("mcp_discovery after SEP-2127", () => {
  it("passes for an AI Catalog entry whose server card at <endpoint>/server-card names a streamable-http remote", () => {
    const out = mcpDiscovery.run(
      site({ files: { "/.well-known/ai-catalog.json": aiCatalog([mcpEntry]), "/mcp/server-card": card(goodCard) } }),
    );
    expect(out.status, out.message).toBe("pass");
    expect(out.message).toBe(
      "The catalog https://shop.example/.well-known/ai-catalog.json (card https://shop.example/mcp/server-card) advertises https://shop.example/mcp.",
    );
    expect(out.evidence).toEqual({
      catalog: "https://shop.example/.well-known/ai-catalog.json",
      identifier: "urn:air:shop.example:mcp:shop",
      card: "https://shop.example/mcp/server-card",
      name: "example.shop/shop",
      endpoint: "https://shop.example/mcp",
      tools: null,
      answeredAs: null,
    });
  });

  it("warns when the catalog is served without Access-Control-Allow-Origin: *, naming the rule", () => {
    const out = mcpDiscovery.run(
      site({
        files: {
          "/.well-known/ai-catalog.json": aiCatalog([mcpEntry], { "cache-control": "public, max-age=3600" }),
          "/mcp/server-card": card(goodCard),
        },
      }),
    );
    expect(out.status).toBe("warn");
    expect(out.message).toContain("(CATALOG_CORS)");
  });

  it("warns when the listed card names no streamable-http remote, or is not there", () => {
    const noRemote = mcpDiscovery.run(
      site({
        files: {
          "/.well-known/ai-catalog.json": aiCatalog([mcpEntry]),
          "/mcp/server-card": card({ name: "example.shop/shop", version: "1.0.0" }),
        },
      }),
    );
    expect(noRemote.status).toBe("warn");
    expect(noRemote.message).toContain("CARD_REMOTE");
    const gone = mcpDiscovery.run(
      site({
        files: {
          "/.well-known/ai-catalog.json": aiCatalog([mcpEntry]),
          "/mcp/server-card": missing("/mcp/server-card"),
        },
      }),
    );
    expect(gone.status).toBe("warn");
    expect(gone.message).toContain("answers HTTP 404");
  });

  it("reads the transitional MCP Catalog in its draft shape and notes what differs from the AI Catalog", () => {
    const draft = json(
      "/.well-known/mcp/catalog.json",
      {
        specVersion: "draft",
        entries: [
          {
            identifier: "urn:mcp:server:example.shop/shop",
            displayName: "Shop",
            mediaType: "application/mcp-server+json",
            url: "https://shop.example/mcp/server-card",
          },
        ],
      },
      { headers: open },
    );
    const out = mcpDiscovery.run(
      site({ files: { "/.well-known/mcp/catalog.json": draft, "/mcp/server-card": card(goodCard) } }),
    );
    expect(out.status).toBe("pass");
    const codes = (evidenceOf(out).findings as Array<{ code: string }>).map((f) => f.code);
    expect(codes).toEqual(["ENTRY_TYPE_DRAFT", "ENTRY_IDENTIFIER"]);
  });

  it("passes a card on another site as listed, and fails a catalog that lists no MCP server", () => {
    const elsewhere = { ...mcpEntry, url: "https://mcp.host.example/shop/server-card" };
    const out = mcpDiscovery.run(site({ files: { "/.well-known/ai-catalog.json": aiCatalog([elsewhere]) } }));
    expect(out.status).toBe("pass");
    expect(out.evidence).toMatchObject({ cardFetched: false });
    const agentsOnly = aiCatalog([
      {
        identifier: "urn:air:shop.example:a2a:help",
        type: "application/a2a-agent-card+json",
        url: "https://shop.example/a2a",
      },
    ]);
    const none = mcpDiscovery.run(site({ files: { "/.well-known/ai-catalog.json": agentsOnly } }));
    expect(none.status).toBe("fail");
    expect(none.message).toContain(
      "https://shop.example/.well-known/ai-catalog.json lists 1 entry, none an MCP server card",
    );
  });

  it("credits a Shopify Liquid storefront with WebMCP, never a headless Shopify front", async () => {
    const liquid = await page(
      "/",
      '<!doctype html><html><head><script>Shopify.theme = {"name":"Dawn"};</script></head><body></body></html>',
      { headers: { "x-shopid": "42" } },
    );
    const out = mcpDiscovery.run(site({ home: liquid }));
    expect(out.status).toBe("pass");
    expect(out.evidence).toMatchObject({ webmcp: "shopify-liquid-storefront" });
    const headless = await page("/", "<!doctype html><html><head></head><body><div id=root></div></body></html>", {
      headers: { "x-shopify-stage": "production" },
    });
    expect(mcpDiscovery.run(site({ home: headless })).status).toBe("fail");
  });
});

describe("commerce_protocol: ACP discovery (rfc.discovery.md)", () => {
  const acp = (body: unknown, headers: Record<string, string> = { "cache-control": "public, max-age=3600" }) => ({
    "/.well-known/acp.json": json("/.well-known/acp.json", body, { headers }),
  });
  it("passes the RFC's minimal response (example 5.2)", () => {
    const out = commerceProtocol.run(
      site({
        files: acp({
          protocol: { name: "acp", version: "2025-09-29", supported_versions: ["2025-09-29"] },
          api_base_url: "https://merchant.example.com/api",
          transports: ["rest"],
          capabilities: { services: ["checkout"] },
        }),
      }),
    );
    expect(out.status, out.message).toBe("pass");
    expect(out.message).toBe(
      "ACP discovery at https://shop.example/.well-known/acp.json: version 2025-09-29, API at https://merchant.example.com/api, services checkout over rest.",
    );
  });
  it("warns for a document that breaks the required fields, one code per rule, and notes a missing cache lifetime", () => {
    const out = commerceProtocol.run(
      site({
        files: acp(
          {
            protocol: { name: "ACP", version: "latest", supported_versions: [] },
            api_base_url: "http://shop.example/api",
            transports: ["mcp"],
            capabilities: { services: ["checkout", "returns"] },
          },
          {},
        ),
      }),
    );
    expect(out.status).toBe("warn");
    const findings = (evidenceOf(out).acp as { findings: Array<{ code: string; severity: string }> }).findings;
    expect(findings.map((f) => `${f.severity}:${f.code}`)).toEqual([
      "error:ACP_PROTOCOL_NAME",
      "error:ACP_VERSION",
      "error:ACP_SUPPORTED_VERSIONS",
      "error:ACP_API_BASE_URL",
      "error:ACP_TRANSPORTS",
      "note:ACP_SERVICE_UNKNOWN",
      "note:ACP_CACHE",
    ]);
  });
});

describe("UCP profile rules", () => {
  const good = {
    ucp: {
      version: "2026-04-08",
      services: {
        "dev.ucp.shopping": [
          {
            version: "2026-04-08",
            spec: "https://ucp.dev/2026-04-08/specification/overview",
            transport: "rest",
            endpoint: "https://shop.example/ucp/v1",
            schema: "https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json",
          },
        ],
      },
      capabilities: {
        "dev.ucp.shopping.ap2_mandate": [
          {
            version: "2026-04-08",
            spec: "https://ucp.dev/2026-04-08/specification/ap2-mandates",
            schema: "https://ucp.dev/2026-04-08/schemas/shopping/ap2_mandate.json",
            extends: "dev.ucp.shopping.checkout",
          },
        ],
      },
      payment_handlers: {},
      supported_versions: { "2026-01-23": "https://shop.example/.well-known/ucp/2026-01-23" },
    },
    keys: [{ kty: "EC", kid: "shop-2026", crv: "P-256", x: "x", y: "y" }],
  };
  const cached = { "cache-control": "public, max-age=3600" };

  it("finds nothing wrong with a profile that keeps every rule", () => {
    expect(ucpProfileFindings(json("/.well-known/ucp", good, { headers: cached }))).toEqual([]);
  });

  it("reports each broken rule with its own code", () => {
    const broken = {
      ucp: {
        version: "April",
        capabilities: {
          "dev.ucp.shopping.ap2_mandate": [{ spec: "https://docs.shop.example/ap2" }],
        },
        supported_versions: ["2026-01-23"],
      },
      signing_keys: [{ kty: "EC", kid: "k" }],
    };
    const f = json("/.well-known/ucp", broken, {
      headers: { "cache-control": "private, max-age=30" },
      finalUrl: "http://shop.example/ucp.json",
      redirects: ["http://shop.example/ucp.json"],
    });
    expect(ucpProfileFindings(f).map((x) => x.code)).toEqual([
      "UCP_VERSION",
      "UCP_SERVICES",
      "UCP_PAYMENT_HANDLERS",
      "UCP_KEYS",
      "UCP_HTTPS",
      "UCP_REDIRECT",
      "UCP_CACHE_CONTROL",
      "UCP_SUPPORTED_VERSIONS",
      "UCP_NS_AUTHORITY",
    ]);
  });

  it("keeps at most 12 findings of a hostile profile, each detail short, and counts the rest", () => {
    const capabilities = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`dev.ucp.x${i}`, [{ spec: `https://evil.example/${"a".repeat(500)}` }]]),
    );
    const f = json(
      "/.well-known/ucp",
      { ucp: { version: "2026-04-08", services: {}, payment_handlers: {}, capabilities } },
      {
        headers: { "cache-control": "public, max-age=3600" },
      },
    );
    const found = ucpProfileFindings(f);
    expect(found).toHaveLength(13);
    expect(found[12]).toEqual({ code: "MORE", severity: "note", detail: "88 more not listed" });
    expect(Math.max(...found.map((x) => x.detail.length))).toBe(240);
  });

  it("reads a namespace's authority from its reverse-DNS name", () => {
    expect(namespaceAuthority("dev.ucp.shopping.cart")).toBe("ucp.dev");
    expect(namespaceAuthority("com.example.loyalty")).toBe("example.com");
  });

  it("commerce_protocol warns for a profile that breaks a rule and says which", () => {
    const out = commerceProtocol.run(site({ files: { "/.well-known/ucp": json("/.well-known/ucp", good) } }));
    expect(out.status).toBe("warn");
    expect(out.message).toContain("(UCP_CACHE_CONTROL)");
    const ok = commerceProtocol.run(
      site({ files: { "/.well-known/ucp": json("/.well-known/ucp", good, { headers: cached }) } }),
    );
    expect(ok.status).toBe("pass");
  });
});

describe("APIs advertised in RFC 8288 Link headers", () => {
  it("parses several links, quoted relations and parameters", () => {
    expect(
      parseLinkHeader(
        '<https://shop.example/openapi.json>; rel="service-desc"; type="application/openapi+json", </.well-known/api-catalog>; rel=api-catalog',
        "https://shop.example/",
      ),
    ).toEqual([
      { href: "https://shop.example/openapi.json", rels: ["service-desc"], type: "application/openapi+json" },
      { href: "https://shop.example/.well-known/api-catalog", rels: ["api-catalog"], type: "" },
    ]);
  });

  it("openapi_exists finds the service description a Link header names at any path", async () => {
    const home = await page("/", "<!doctype html><html><head></head><body></body></html>", {
      headers: { link: '</docs/spec>; rel="service-desc"' },
    });
    const files = {
      "/openapi.json": missing("/openapi.json"),
      "/docs/spec": json("/docs/spec", { openapi: "3.1.0", paths: { "/products": {} } }),
    };
    const out = openapiExists.run(site({ home, files }));
    expect(out.status).toBe("pass");
    expect(out.evidence).toMatchObject({ url: "https://shop.example/docs/spec", advertisedBy: "Link header" });
  });

  it("api_catalog reads the catalog a Link header points to when the well-known URI is absent", async () => {
    const home = await page("/", "<!doctype html><html><head></head><body></body></html>", {
      headers: { link: '</api/catalog>; rel="api-catalog"' },
    });
    const linkset = {
      linkset: [
        { anchor: "https://shop.example/api", "service-desc": [{ href: "https://shop.example/openapi.json" }] },
      ],
    };
    const files = {
      "/.well-known/api-catalog": missing("/.well-known/api-catalog"),
      "/api/catalog": json("/api/catalog", linkset, { contentType: "application/linkset+json" }),
    };
    const out = apiCatalog.run(site({ home, files }));
    expect(out.status).toBe("pass");
    expect(out.evidence).toMatchObject({ advertisedBy: "a Link header on https://shop.example/" });
    expect(apiCatalog.run(site({ home: null, files })).status).toBe("fail");
  });
});

describe("ai_usage_policy: the Content-Usage header (draft-ietf-aipref-attach)", () => {
  it("parses the y/n members of the dictionary and ignores the rest", () => {
    expect(parseContentUsage("train-ai=n, search=y;q=1, bots, foo=maybe")).toEqual({ "train-ai": "n", search: "y" });
  });
  it("passes on a page's Content-Usage header without any robots.txt, and on a robots.txt Content-Usage rule", async () => {
    const home = await page("/", "<!doctype html><html><head></head><body></body></html>", {
      headers: { "content-usage": "train-ai=n" },
    });
    const out = aiUsagePolicy.run(site({ home, robots: missing("/robots.txt") }));
    expect(out.status).toBe("pass");
    expect(out.message).toBe(
      'An AI usage policy is stated: the Content-Usage header "train-ai=n" on https://shop.example/.',
    );
    const rule = aiUsagePolicy.run(
      site({ robots: text("/robots.txt", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n") }),
    );
    expect(rule.status).toBe("pass");
    expect(rule.evidence).toMatchObject({ contentUsage: ["train-ai=n"] });
  });
  it("fails a header that states no preference", async () => {
    const home = await page("/", "<!doctype html><html><head></head><body></body></html>", {
      headers: { "content-usage": "whatever" },
    });
    expect(aiUsagePolicy.run(site({ home, robots: missing("/robots.txt") })).status).toBe("fail");
  });
});
