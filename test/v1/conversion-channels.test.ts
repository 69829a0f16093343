import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { seedChannelWorld } from "../helpers/order-channels-world";
import { seedSite } from "../helpers/seed";
import { freshKey, get } from "./conversions-fixtures";

// GET /api/v1/attribution/channels against hand counts of the seeded world
// (test/helpers/order-channels-world.ts, which lists every order), as JSON, as CSV and
// through the MCP tool: each order once, in its channel, per currency, with the previous
// period.

async function world() {
  const key = await freshKey(["conversions:read"]);
  const a = (await seedSite(env.DB, { workspaceId: key.workspaceId, domain: "channels-a.example" })).id;
  const b = (await seedSite(env.DB, { workspaceId: key.workspaceId, domain: "channels-b.example" })).id;
  await seedChannelWorld(env.DB, key.workspaceId, { a, b }, Date.now());
  return key;
}

const money = (currency: string, orders: number, value_minor: number) => ({ currency, orders, value_minor });

describe("orders and revenue by channel", () => {
  it("counts each order once in its channel, per currency, with the previous period", async () => {
    const key = await world();
    const res = await get(key, "/attribution/channels?period=30d");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    // By hand, from the world's list:
    // agent checkout: ord_a (posted 430 USD and completed through ACP: once, the post's value), ord_b 2,900 USD;
    // agent in the browser: ord_h 1,200 JPY; AI referral: ord_e 4,990 EUR (click id), ord_f 1,000 EUR (UTM),
    // ord_g 1,600 EUR (the snippet's visit from ChatGPT; the post's value, not the page's 1,500);
    // other: ord_i 500 USD. ord_j is voided: nowhere. Previous: ord_p 800 USD (other), ord_q 100 EUR (agent).
    expect(body.total).toEqual({
      orders: 7,
      by_currency: [money("EUR", 3, 7590), money("USD", 3, 3830), money("JPY", 1, 1200)],
      previous: { orders: 2, by_currency: [money("EUR", 1, 100), money("USD", 1, 800)] },
    });
    expect(body.channels).toEqual([
      {
        channel: "agent_checkout",
        name: "Orders placed by agents",
        orders: 2,
        by_currency: [money("USD", 2, 3330)],
        previous: { orders: 1, by_currency: [money("EUR", 1, 100)] },
      },
      {
        channel: "agent_browser",
        name: "Orders where an agent in the browser submitted the cart or checkout",
        orders: 1,
        by_currency: [money("JPY", 1, 1200)],
        previous: { orders: 0, by_currency: [] },
      },
      {
        channel: "ai_referral",
        name: "Orders by people referred by an AI assistant",
        orders: 3,
        by_currency: [money("EUR", 3, 7590)],
        previous: { orders: 0, by_currency: [] },
      },
      {
        channel: "other",
        name: "Other orders",
        orders: 1,
        by_currency: [money("USD", 1, 500)],
        previous: { orders: 1, by_currency: [money("USD", 1, 800)] },
      },
    ]);
    expect(body.agent_checkouts).toEqual({
      by_protocol: [
        {
          protocol: "acp",
          name: "Agentic Commerce Protocol (ACP)",
          completed: 1,
          canceled: 1,
          failed: 1,
          by_currency: [money("USD", 1, 430)],
          previous: { completed: 1, canceled: 0, failed: 0, by_currency: [money("EUR", 1, 100)] },
        },
        {
          protocol: "ucp",
          name: "Universal Commerce Protocol (UCP)",
          completed: 1,
          canceled: 0,
          failed: 0,
          by_currency: [money("USD", 1, 2900)],
          previous: { completed: 0, canceled: 0, failed: 0, by_currency: [] },
        },
      ],
      by_agent: [
        {
          platform: "chatgpt",
          agent: "chatgpt-user",
          tier: "verified",
          verified: true,
          name: "ChatGPT (ChatGPT-User), verified",
          completed: 1,
          canceled: 1,
          failed: 1,
          by_currency: [money("USD", 1, 430)],
        },
        {
          platform: "other_ai",
          agent: "platform.example",
          tier: "declared",
          verified: false,
          name: "Other AI (platform.example), declared",
          completed: 1,
          canceled: 0,
          failed: 0,
          by_currency: [money("USD", 1, 2900)],
        },
      ],
    });
    expect(body.browser_agents).toEqual({
      carts_submitted: 2,
      checkouts_submitted: 1,
      forms_submitted: 0,
      previous: { carts_submitted: 0, checkouts_submitted: 0, forms_submitted: 0 },
      by_tool: [
        { tool: "addToCart", submitted: 2, activated: 3, canceled: 0 },
        { tool: "checkout", submitted: 1, activated: 0, canceled: 1 },
      ],
    });
    expect(body.ai_referral).toEqual({
      by_evidence: [
        { evidence: "click_id", name: "an AI platform's click id", orders: 1, by_currency: [money("EUR", 1, 4990)] },
        { evidence: "utm", name: "an AI assistant's UTM source", orders: 1, by_currency: [money("EUR", 1, 1000)] },
        {
          evidence: "session",
          name: "the visit came from an AI assistant",
          orders: 1,
          by_currency: [money("EUR", 1, 1600)],
        },
      ],
    });
  });

  it("one site, the CSV, the MCP tool and the refusals", async () => {
    const key = await world();
    const siteB = (await (await get(key, "/attribution/channels?period=30d&domain=channels-b.example")).json()) as {
      total: unknown;
      domain: string;
    };
    // Site B has ord_i only.
    expect(siteB).toMatchObject({
      domain: "channels-b.example",
      total: { orders: 1, by_currency: [money("USD", 1, 500)] },
    });

    const csv = await exports.default.fetch("http://x/api/v1/attribution/channels?period=30d", {
      headers: { ...key.headers, Accept: "text/csv" },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = parseCsv(await csv.text()).map((r) => r.map(readCsvCell));
    // One row per channel and currency, the previous period beside it, by hand as above.
    expect(rows).toEqual([
      ["channel", "name", "currency", "orders", "value_minor", "previous_orders", "previous_value_minor"],
      ["agent_checkout", "Orders placed by agents", "USD", "2", "3330", "0", "0"],
      ["agent_checkout", "Orders placed by agents", "EUR", "0", "0", "1", "100"],
      [
        "agent_browser",
        "Orders where an agent in the browser submitted the cart or checkout",
        "JPY",
        "1",
        "1200",
        "0",
        "0",
      ],
      ["ai_referral", "Orders by people referred by an AI assistant", "EUR", "3", "7590", "0", "0"],
      ["other", "Other orders", "USD", "1", "500", "1", "800"],
    ]);

    const json = await (await get(key, "/attribution/channels?period=30d")).json();
    const mcp = await exports.default.fetch("http://localhost:8787/mcp", {
      method: "POST",
      headers: {
        ...key.headers,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
        // workerd's fetch sends no Host of its own; the DNS-rebinding guard wants a loopback name.
        Host: "localhost:8787",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "conversion_channels", arguments: { period: "30d" } },
      }),
    });
    const rpc = (await mcp.json()) as { result: { structuredContent: Record<string, unknown> } };
    // The same figures through MCP (its clock is a moment later: the window's edges may differ).
    const { period_start: _s, period_end: _e, previous_period_start: _p, ...figures } = json as Record<string, unknown>;
    expect(rpc.result.structuredContent).toMatchObject(figures);

    expect((await get(key, "/attribution/channels?domain=nope.example")).status).toBe(404);
    expect((await get(key, "/attribution/channels?domain=not a domain")).status).toBe(400);
    expect((await get(key, "/attribution/channels?period=1y")).status).toBe(400);
  });

  it("needs conversions:read", async () => {
    const key = await freshKey(["traffic:read"]);
    const res = await get(key, "/attribution/channels");
    expect(res.status).toBe(403);
  });
});
