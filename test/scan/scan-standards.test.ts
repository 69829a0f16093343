import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { safeFetch } from "../../shared/outbound/safe-fetch";
import type { LoggedRequest } from "../fixtures/shops/shop-server";
import { type CheckResultBody, completeOf, getScan, postScan } from "./scan-client";

/** The evidence of a check outcome, which these cases always have. */
function evidenceOf(out: { evidence?: Record<string, unknown> | null }): Record<string, unknown> {
  if (!out.evidence) throw new Error("the outcome has no evidence");
  return out.evidence;
}

// The 2026 discovery standards end to end (test/fixtures/shops/standards-shop.ts cites
// each vendor document): one shop that publishes each as written and its twin that gets
// each wrong, scanned through the API with the real crawl plan and journey.

const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);

async function scan(host: string, ip: string) {
  const { events } = await postScan(host, ip);
  const stored = await getScan(completeOf(events).id);
  const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c])) as Record<string, CheckResultBody>;
  const seen = JSON.parse((await safeFetch(`https://${host}/__fixture/stats`, { resolve })).text()) as {
    requests: LoggedRequest[];
  };
  return { byKey, stored, paths: seen.requests.map((r) => `${r.method} ${r.path}`) };
}

const codes = (findings: unknown) => (findings as Array<{ code: string }>).map((f) => f.code);

describe("the 2026 discovery standards, a shop that follows them and one that does not", () => {
  it("follows the AI Catalog to the server card and asks its endpoint for tools; reads ACP discovery, Link headers and Content-Usage", async () => {
    const { byKey, paths } = await scan("standards-shop.test", "198.51.100.171");
    expect(paths).toEqual(
      expect.arrayContaining([
        "GET /.well-known/ai-catalog.json",
        "GET /api/mcp/server-card",
        "GET /.well-known/acp.json",
        "GET /docs/api-v1.json",
        "GET /apis",
        "POST /api/mcp",
      ]),
    );
    const mcp = byKey.mcp_discovery;
    expect(mcp.status, mcp.message).toBe("pass");
    expect(mcp.evidence).toMatchObject({
      catalog: "https://standards-shop.test/.well-known/ai-catalog.json",
      identifier: "urn:air:standards-shop.test:mcp:shop",
      card: "https://standards-shop.test/api/mcp/server-card",
      endpoint: "https://standards-shop.test/api/mcp",
      tools: ["search_products"],
    });
    const commerce = byKey.commerce_protocol;
    expect(commerce.status, commerce.message).toBe("pass");
    expect(commerce.message).toBe(
      "ACP discovery at https://standards-shop.test/.well-known/acp.json: version 2026-04-17, API at https://standards-shop.test/acp, services checkout, carts over rest.",
    );
    expect(byKey.openapi_exists.status, byKey.openapi_exists.message).toBe("pass");
    expect(byKey.openapi_exists.evidence).toMatchObject({ advertisedBy: "Link header" });
    expect(byKey.api_catalog.status, byKey.api_catalog.message).toBe("pass");
    expect(byKey.api_catalog.evidence).toMatchObject({ advertisedBy: "a Link header on https://standards-shop.test/" });
    expect(byKey.ai_usage_policy.status, byKey.ai_usage_policy.message).toBe("pass");
    expect(byKey.ai_usage_policy.evidence).toMatchObject({
      contentUsageHeader: { url: "https://standards-shop.test/", preferences: { "train-ai": "n", search: "y" } },
    });
  });

  it("names each broken rule by its code in the evidence of the check it belongs to", async () => {
    const { byKey, stored } = await scan("standards-broken.test", "198.51.100.172");
    expect(stored.checkResults).toHaveLength(41);
    const mcp = byKey.mcp_discovery;
    expect(mcp.status).toBe("warn");
    expect(codes(mcp.evidence?.findings)).toEqual(expect.arrayContaining(["CATALOG_CORS", "CARD_REMOTE"]));
    const commerce = byKey.commerce_protocol;
    expect(commerce.status).toBe("warn");
    expect(codes(commerce.evidence?.findings)).toEqual([
      "UCP_PAYMENT_HANDLERS",
      "UCP_REDIRECT",
      "UCP_CACHE_CONTROL",
      "UCP_NS_AUTHORITY",
      "UCP_NS_AUTHORITY",
      // A note (issue 45): it declares 2026-04-08, older than the current 2026-08-25.
      "UCP_OLDER_RELEASE",
    ]);
    expect(codes((evidenceOf(commerce).acp as { findings: unknown }).findings)).toEqual([
      "ACP_PROTOCOL_NAME",
      "ACP_VERSION",
      "ACP_SUPPORTED_VERSIONS",
      "ACP_TRANSPORTS",
    ]);
    expect(byKey.openapi_exists.status).toBe("fail");
    expect(byKey.openapi_exists.message).toContain("https://standards-broken.test/docs/api-v1.json → 404");
    expect(byKey.ai_usage_policy.status).toBe("fail");
  });
});
