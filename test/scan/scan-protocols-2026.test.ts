import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { safeFetch } from "../../shared/outbound/safe-fetch";
import type { LoggedRequest } from "../fixtures/shops/shop-server";
import { type CheckResultBody, completeOf, getScan, postScan } from "./scan-client";

// Issue 45: UCP 2026-08-25, MCP 2026-07-28 and WebMCP's declarative API end to end
// (test/fixtures/shops/protocols-2026-shop.ts cites each specification): a shop that
// follows them and a twin that still carries earlier shapes, scanned through the API.

const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);

async function scan(host: string, ip: string) {
  const { events } = await postScan(host, ip);
  const stored = await getScan(completeOf(events).id);
  const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c])) as Record<string, CheckResultBody>;
  const seen = JSON.parse((await safeFetch(`https://${host}/__fixture/stats`, { resolve })).text()) as {
    requests: LoggedRequest[];
    state?: { carts: Record<string, unknown[]> };
  };
  return { byKey, requests: seen.requests };
}

const codes = (findings: unknown) => ((findings ?? []) as Array<{ code: string }>).map((f) => f.code);

describe("the protocols as agents speak them in late 2026", () => {
  it("reads a UCP 2026-08-25 profile, its release and supported_versions, and talks MCP 2026-07-28 without a handshake", async () => {
    const { byKey, requests } = await scan("protocols-2026.test", "198.51.100.181");
    const commerce = byKey.commerce_protocol;
    expect(commerce.status, commerce.message).toBe("pass");
    expect(commerce.message).toContain(
      "(release 2026-08-25, also serving 2026-04-08 (supported_versions)) and keeps 2026-08-25's rules",
    );
    expect(commerce.message).toContain("answers MCP 2026-07-28 (server/discover, stateless) and lists 4 tools");
    expect(commerce.evidence).toMatchObject({
      version: "2026-08-25",
      era: "2026-08-25",
      supportedVersions: { "2026-04-08": "https://protocols-2026.test/.well-known/ucp/2026-04-08" },
      legacy: [],
      mcp: {
        era: "2026-07-28",
        versions: ["2026-07-28"],
        tools: ["search_catalog", "get_product", "create_cart", "get_cart"],
      },
    });
    // server/discover and initialize go together; the endpoint rejects initialize (400), and
    // the era is read from server/discover alone: then tools/list, statelessly (the fixture
    // refuses a request that carries an Mcp-Session-Id), and no 2025 notification.
    const mcpPosts = requests.filter((r) => r.path === "/api/ucp/mcp");
    expect(mcpPosts).toHaveLength(3);

    const mcp = byKey.mcp_discovery;
    expect(mcp.status, mcp.message).toBe("pass");
    expect(mcp.message).toContain("answers MCP 2026-07-28 (server/discover, stateless)");
    // The declarative WebMCP tools the product page declares go with the outcome.
    expect(mcp.evidence?.webmcpTools).toEqual([
      {
        url: "https://protocols-2026.test/products/copper-kettle",
        name: "add_to_cart",
        cartForm: true,
        inputs: ["variant_id", "quantity"],
      },
      {
        url: "https://protocols-2026.test/products/copper-kettle",
        name: "newsletter_signup",
        cartForm: false,
        inputs: ["email"],
      },
    ]);
  });

  it("names every legacy shape of a profile that declares 2026-08-25 but validates only by the schema, and falls back to initialize", async () => {
    const { byKey } = await scan("protocols-legacy.test", "198.51.100.182");
    const commerce = byKey.commerce_protocol;
    expect(commerce.status, commerce.message).toBe("warn");
    const evidence = commerce.evidence as Record<string, unknown>;
    expect(evidence.legacy).toEqual(["UCP_LEGACY_SIGNING_KEYS", "UCP_LEGACY_HANDLERS_ARRAY"]);
    expect(codes(evidence.findings)).toEqual(expect.arrayContaining(["UCP_CAPABILITY_VERSION"]));
    expect(commerce.message).toContain("ucp.signing_keys");
    expect(commerce.message).toContain("ucp.payment_handlers is a list");
    expect(evidence.mcp).toMatchObject({ era: "2025 handshake", versions: ["2025-06-18"] });

    const mcp = byKey.mcp_discovery;
    expect(mcp.message).toContain("answers only the 2025 handshake (initialize, 2025-06-18; no server/discover)");
    // Only the newsletter form is annotated: a tool, but not the add-to-cart form.
    expect(mcp.evidence?.webmcpTools).toEqual([
      expect.objectContaining({ name: "newsletter_signup", cartForm: false }),
    ]);
    expect(codes(mcp.evidence?.webmcpFindings)).toEqual(["WEBMCP_NOT_CART_FORM"]);
  });
});
