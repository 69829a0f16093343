import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { minorUnits } from "../../shared/conversions/browser-commerce";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import worker from "../../workers/ingest/index";
import { message, seedSite } from "./helpers";

// The snippet's commerce beacons (agent-submitted forms, WebMCP tool events, a
// purchase with its value) reach D1's browser_commerce with the facts of the session
// they joined, through the queue and the site's shard, each event once.

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";
const CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

function beaconFrom(domain: string, ua: string, ip: string) {
  return async (body: Record<string, unknown>) => {
    const res = await exports.default.fetch("https://ingest.example/ingest/e", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: `https://${domain}`, "User-Agent": ua, "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
  };
}

interface Row {
  kind: string;
  form: string | null;
  tool: string | null;
  order_ref: string | null;
  value_minor: number | null;
  currency: string | null;
  session_source: string;
  session_sub_source: string | null;
  session_platform: string | null;
  agent_in_session: number;
}

async function rowsOf(siteId: string, n: number): Promise<Row[]> {
  for (let i = 0; i < 200; i++) {
    const { results } = await env.DB.prepare(
      `SELECT kind, form, tool, order_ref, value_minor, currency, session_source, session_sub_source,
              session_platform, agent_in_session
       FROM browser_commerce WHERE site_id = ? ORDER BY occurred_at, kind`,
    )
      .bind(siteId)
      .all<Row>();
    if (results.length >= n) return results;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`browser_commerce rows of ${siteId} did not appear`);
}

describe("the snippet's commerce events reach the order reports", () => {
  it("a person referred by ChatGPT purchases: the order joins the visit's session, value in minor units", async () => {
    const site = await seedSite("commerce-a.example");
    const send = beaconFrom(site.domain, FIREFOX, "198.51.100.40");
    await send({ s: site.token, k: "pageview", u: `https://${site.domain}/p/1`, r: "https://chatgpt.com/" });
    await send({ s: site.token, k: "pageview", u: `https://${site.domain}/thank-you` });
    await send({
      s: site.token,
      k: "purchase",
      u: `https://${site.domain}/thank-you`,
      t: "order-1001",
      v: 49.9,
      c: "eur",
    });
    expect(await rowsOf(site.id, 1)).toEqual([
      {
        kind: "purchase",
        form: null,
        tool: null,
        order_ref: "order-1001",
        value_minor: 4990,
        currency: "EUR",
        session_source: "ai_assistant_link",
        session_sub_source: "chatgpt",
        session_platform: null,
        agent_in_session: 0,
      },
    ]);
  });

  it("an agent in the browser submits the cart form, fills a tool, then purchases: agent-submitted", async () => {
    const site = await seedSite("commerce-b.example");
    const send = beaconFrom(site.domain, CHROME, "198.51.100.41");
    const u = `https://${site.domain}/products/mug`;
    await send({ s: site.token, k: "pageview", u });
    await send({ s: site.token, k: "tool_activated", u, t: "addToCart" });
    // The submit the agent made (SubmitEvent.agentInvoked): bit 16 of `a` from then on.
    await send({ s: site.token, k: "agent_submit", u, t: "addToCart", f: "cart", a: 16 });
    await send({ s: site.token, k: "add_to_cart", u, t: "Add to cart", a: 16 });
    await send({ s: site.token, k: "tool_canceled", u: `https://${site.domain}/checkout`, t: "checkout", a: 16 });
    await send({
      s: site.token,
      k: "purchase",
      u: `https://${site.domain}/thank-you`,
      t: "order-2002",
      v: 1200,
      c: "JPY",
      a: 16,
    });
    const rows = await rowsOf(site.id, 4);
    // In kind order: beacons sent one after another can share a millisecond of
    // occurred_at (seen on a fast run), so the time order of the rows is not what is tested.
    expect(
      rows
        .map((r) => [r.kind, r.form, r.tool, r.order_ref, r.value_minor, r.currency, r.agent_in_session])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["agent_submit", "cart", "addToCart", null, null, null, 1],
      // JPY has no minor unit: 1,200 yen is 1200.
      ["purchase", null, null, "order-2002", 1200, "JPY", 1],
      ["tool_activated", null, "addToCart", null, null, null, 0],
      ["tool_canceled", null, "checkout", null, null, null, 1],
    ]);
  });

  it("a purchase without a usable value or currency is still an order, without value", async () => {
    const site = await seedSite("commerce-c.example");
    const send = beaconFrom(site.domain, FIREFOX, "198.51.100.42");
    await send({
      s: site.token,
      k: "purchase",
      u: `https://${site.domain}/thank-you`,
      t: "order-3003",
      v: null,
      c: "undefined",
    });
    expect((await rowsOf(site.id, 1)).map((r) => [r.order_ref, r.value_minor, r.currency])).toEqual([
      ["order-3003", null, null],
    ]);
  });

  it("a redelivered purchase is stored once", async () => {
    const site = await seedSite("commerce-d.example");
    const body = message({
      id: "ev-purchase-1",
      siteId: site.id,
      workspaceId: site.workspaceId,
      occurredAt: Date.now() - 30_000,
      kind: "purchase",
      target: "order-4004",
      commerce: { form: null, valueMinor: 2500, currency: "USD" },
    });
    for (const tag of ["first", "again"]) {
      const batch = createMessageBatch<IngestMessage>("agent-readiness-events", [
        { id: `m-${tag}`, timestamp: new Date(), attempts: 1, body },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    }
    const { results } = await env.DB.prepare("SELECT order_ref, value_minor FROM browser_commerce WHERE site_id = ?")
      .bind(site.id)
      .all();
    expect(results).toEqual([{ order_ref: "order-4004", value_minor: 2500 }]);
  });

  it("minor units follow each currency's decimals", () => {
    expect(minorUnits(49.9, "EUR")).toBe(4990);
    expect(minorUnits(0.1 + 0.2, "USD")).toBe(30);
    expect(minorUnits(1200, "JPY")).toBe(1200);
    expect(minorUnits(1.234, "KWD")).toBe(1234);
    expect(minorUnits(-1, "EUR")).toBeNull();
  });
});
