import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  DAY,
  freshKey,
  get,
  HOUR,
  isoAgo,
  type ListBody,
  order,
  post,
  type RecordBody,
  seedSite,
} from "./conversions-fixtures";

describe("POST /api/v1/conversions", () => {
  it("judges each item of a mixed batch on its own, naming every kind of rejection", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "shop.example");
    await seedSite(key.workspaceId, "second.example");
    const res = await post(key, [
      order("ok-1", { site: "shop.example", attribution: { click_ids: { oppref: "op_1" } } }),
      { occurred_at: isoAgo(HOUR), value_minor: 1, currency: "EUR" },
      order("bad-old", { occurred_at: isoAgo(7 * DAY + 10 * 60_000) }),
      order("bad-future", { occurred_at: new Date(Date.now() + 10 * 60_000).toISOString() }),
      order("bad-format", { occurred_at: "21/11/2026" }),
      order("bad-decimal", { value_minor: 12.5 }),
      order("bad-negative", { value_minor: -100 }),
      order("bad-currency", { currency: "XYZ" }),
      order("bad-site", { site: "unknown.example" }),
      order("bad-domain", { site: "http://shop.example/" }),
      order("bad-utm", { attribution: { utm: { source: 42 } } }),
      "not-an-object",
      order("ok-2", { currency: "usd", attribution: { utm: { source: "chatgpt.com" } } }),
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const body = (await res.json()) as RecordBody;
    expect([body.received, body.accepted, body.duplicate, body.rejected]).toEqual([13, 2, 0, 11]);
    expect(body.results.map((r) => [r.external_id, r.status, r.error?.code ?? null])).toEqual([
      ["ok-1", "accepted", null],
      [null, "rejected", "invalid_request"],
      ["bad-old", "rejected", "invalid_occurred_at"],
      ["bad-future", "rejected", "invalid_occurred_at"],
      ["bad-format", "rejected", "invalid_occurred_at"],
      ["bad-decimal", "rejected", "invalid_value_minor"],
      ["bad-negative", "rejected", "invalid_value_minor"],
      ["bad-currency", "rejected", "invalid_currency"],
      ["bad-site", "rejected", "site_not_found"],
      ["bad-domain", "rejected", "invalid_domain"],
      ["bad-utm", "rejected", "invalid_request"],
      [null, "rejected", "invalid_request"],
      ["ok-2", "accepted", null],
    ]);
    expect(body.results[1].error?.message).toMatch(/external_id/);
    expect(body.results[0].attribution).toEqual({ attributed: true, platform: "chatgpt", basis: "declared_click_id" });
    expect(body.results[12].attribution).toEqual({ attributed: true, platform: "chatgpt", basis: "declared_utm" });
    expect(body.results[0].conversion_id).toMatch(/^[0-9a-f-]{36}$/);

    const list = (await (await get(key, "/conversions")).json()) as ListBody;
    expect(list.results.map((r) => [r.external_id, r.currency, r.domain, r.event_name])).toEqual([
      ["ok-2", "USD", null, "purchase"],
      ["ok-1", "EUR", "shop.example", "purchase"],
    ]);
  });

  it("accepts exactly one of 20 concurrent posts of one id and answers all with the same conversion_id", async () => {
    const key = await freshKey();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(key, [order("race-1")])));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as RecordBody[];
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const statuses = bodies.map((b) => b.results[0].status);
    expect(statuses.filter((s) => s === "accepted")).toHaveLength(1);
    expect(statuses.filter((s) => s === "duplicate")).toHaveLength(19);
    const ids = new Set(bodies.map((b) => b.results[0].conversion_id));
    expect(ids.size).toBe(1);
    const list = (await (await get(key, "/conversions")).json()) as ListBody;
    expect(list.results).toHaveLength(1);
    expect(list.results[0].conversion_id).toBe([...ids][0]);
  });

  it("answers a repeat of an id inside one batch as duplicate of the first and changes nothing", async () => {
    const key = await freshKey();
    const body = (await (
      await post(key, [order("twice", { value_minor: 500 }), order("twice", { value_minor: 999, currency: "USD" })])
    ).json()) as RecordBody;
    expect(body.results.map((r) => r.status)).toEqual(["accepted", "duplicate"]);
    expect(body.results[1].conversion_id).toBe(body.results[0].conversion_id);
    const again = (await (await post(key, [order("twice", { value_minor: 1 })])).json()) as RecordBody;
    expect(again.results[0]).toEqual({
      external_id: "twice",
      status: "duplicate",
      conversion_id: body.results[0].conversion_id,
    });
    const list = (await (await get(key, "/conversions")).json()) as ListBody;
    expect(list.results.map((r) => [r.value_minor, r.currency])).toEqual([[500, "EUR"]]);
  });

  it("resolves the site from the landing URL's host, else the workspace's only site", async () => {
    const two = await freshKey();
    await seedSite(two.workspaceId, "alpha.example");
    await seedSite(two.workspaceId, "beta.example");
    await post(two, [
      order("l-1", { attribution: { landing_url: "https://www.beta.example/p/1?gclid=g" } }),
      order("l-2", { attribution: { landing_url: "https://elsewhere.example/" } }),
    ]);
    const twoList = (await (await get(two, "/conversions")).json()) as ListBody;
    expect(twoList.results.map((r) => [r.external_id, r.domain])).toEqual([
      ["l-2", null],
      ["l-1", "beta.example"],
    ]);

    const one = await freshKey();
    await seedSite(one.workspaceId, "solo.example");
    await post(one, [order("s-1", { attribution: { landing_url: "https://elsewhere.example/" } }), order("s-2")]);
    const oneList = (await (await get(one, "/conversions")).json()) as ListBody;
    expect(oneList.results.map((r) => r.domain)).toEqual(["solo.example", "solo.example"]);
  });

  it("refuses an empty batch, more than 100 items and a non-JSON body with 400 invalid_request", async () => {
    const key = await freshKey();
    for (const conversions of [[], Array.from({ length: 101 }, (_, i) => order(`n-${i}`))]) {
      const res = await post(key, conversions);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_request" });
    }
    const res = await exports.default.fetch("http://x/api/v1/conversions", {
      method: "POST",
      headers: { ...key.headers, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_request" });
  });

  it("refuses a body over 2 MiB with 413 payload_too_large before parsing it", async () => {
    const key = await freshKey();
    const huge = JSON.stringify({ conversions: [order("big", { event_name: "x".repeat(2 * 1024 * 1024) })] });
    const res = await exports.default.fetch("http://x/api/v1/conversions", {
      method: "POST",
      headers: { ...key.headers, "Content-Type": "application/json" },
      body: huge,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(await res.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("answers a wrong method on the conversions path 405 with Allow", async () => {
    const key = await freshKey();
    const res = await exports.default.fetch("http://x/api/v1/conversions", { method: "PUT", headers: key.headers });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")?.split(", ").sort()).toEqual(["GET", "HEAD", "POST"]);
  });

  it("accepts a full batch of 100 items", async () => {
    const key = await freshKey();
    const body = (await (
      await post(
        key,
        Array.from({ length: 100 }, (_, i) => order(`full-${i}`)),
      )
    ).json()) as RecordBody;
    expect([body.received, body.accepted]).toEqual([100, 100]);
  });
});
