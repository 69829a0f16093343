import { describe, expect, it } from "vitest";
import { DAY, freshKey, get, HOUR, isoAgo, order, post, remove, seedSite } from "./conversions-fixtures";

interface Overview {
  site_id: string | null;
  domain: string | null;
  period: string;
  period_start: string;
  period_end: string;
  total_conversions: number;
  attributed_conversions: number;
  unattributed_conversions: number;
  by_currency: { currency: string; conversions: number; value_minor: number }[];
  by_platform: { platform: string; conversions: number; by_currency: Overview["by_currency"] }[];
  by_basis: { basis: string; conversions: number }[];
  by_source: {
    source: string;
    sub_source: string | null;
    basis: string;
    conversions: number;
    by_currency: Overview["by_currency"];
  }[];
}

async function overview(key: Awaited<ReturnType<typeof freshKey>>, query = ""): Promise<Overview> {
  const res = await get(key, `/attribution/overview${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Overview;
}

describe("GET /api/v1/attribution/overview", () => {
  it("sums money per currency, by platform, basis and source, matching hand-computed totals", async () => {
    const key = await freshKey();
    const shop = await seedSite(key.workspaceId, "shop.example");
    await seedSite(key.workspaceId, "other.example");
    const click = (id: string) => ({ click_ids: { oppref: id } });
    await post(key, [
      order("a1", { site: "shop.example", value_minor: 5000, currency: "EUR", attribution: click("o1") }),
      order("a2", { site: "shop.example", value_minor: 2500, currency: "EUR", attribution: click("o2") }),
      order("a3", {
        site: "shop.example",
        value_minor: 1999,
        currency: "USD",
        attribution: { click_ids: { gclid: "g" } },
      }),
      order("a4", {
        site: "shop.example",
        value_minor: 1200,
        currency: "EUR",
        attribution: { utm: { source: "chatgpt.com" } },
      }),
      order("a5", {
        site: "shop.example",
        value_minor: 800,
        currency: "USD",
        attribution: { utm: { source: "newsletter" } },
      }),
      order("a6", { site: "shop.example", value_minor: 300, currency: "EUR" }),
      order("a7", {
        site: "shop.example",
        value_minor: 7000,
        currency: "JPY",
        attribution: { click_ids: { li_fat_id: "x" } },
      }),
      order("b1", { site: "other.example", value_minor: 10000, currency: "EUR", attribution: click("o3") }),
      order("voided", { site: "shop.example", value_minor: 99999, currency: "EUR", attribution: click("o4") }),
    ]);
    expect((await remove(key, "voided")).status).toBe(204);

    const all = await overview(key);
    // By hand, the voided order excluded:
    // EUR: a1 5000 + a2 2500 + a4 1200 + a6 300 + b1 10000 = 19000 over 5 conversions
    // USD: a3 1999 + a5 800 = 2799 over 2;  JPY: a7 7000 over 1
    // bases: click id a1 a2 a3 b1 = 4; utm a4 a5 = 2; none a6 a7 = 2
    expect(all).toMatchObject({ site_id: null, domain: null, period: "30d" });
    expect([all.total_conversions, all.attributed_conversions, all.unattributed_conversions]).toEqual([8, 6, 2]);
    expect(all.by_currency).toEqual([
      { currency: "EUR", conversions: 5, value_minor: 19000 },
      { currency: "USD", conversions: 2, value_minor: 2799 },
      { currency: "JPY", conversions: 1, value_minor: 7000 },
    ]);
    expect(all.by_basis).toEqual([
      { basis: "declared_click_id", conversions: 4 },
      { basis: "declared_utm", conversions: 2 },
      { basis: "none", conversions: 2 },
    ]);
    // chatgpt: a1 a2 b1 (click) + a4 (utm) = EUR 5000 + 2500 + 10000 + 1200 = 18700 over 4
    expect(all.by_platform).toEqual([
      { platform: "chatgpt", conversions: 4, by_currency: [{ currency: "EUR", conversions: 4, value_minor: 18700 }] },
      {
        platform: "unattributed",
        conversions: 2,
        by_currency: [
          { currency: "EUR", conversions: 1, value_minor: 300 },
          { currency: "JPY", conversions: 1, value_minor: 7000 },
        ],
      },
      { platform: "google_ads", conversions: 1, by_currency: [{ currency: "USD", conversions: 1, value_minor: 1999 }] },
      { platform: "other", conversions: 1, by_currency: [{ currency: "USD", conversions: 1, value_minor: 800 }] },
    ]);
    expect(all.by_source).toEqual([
      {
        source: "paid",
        sub_source: "chatgpt",
        basis: "declared_click_id",
        conversions: 3,
        by_currency: [{ currency: "EUR", conversions: 3, value_minor: 17500 }],
      },
      {
        source: "unattributed",
        sub_source: null,
        basis: "none",
        conversions: 2,
        by_currency: [
          { currency: "EUR", conversions: 1, value_minor: 300 },
          { currency: "JPY", conversions: 1, value_minor: 7000 },
        ],
      },
      {
        source: "ai_assistant_link",
        sub_source: "chatgpt",
        basis: "declared_utm",
        conversions: 1,
        by_currency: [{ currency: "EUR", conversions: 1, value_minor: 1200 }],
      },
      {
        source: "paid",
        sub_source: "google_ads",
        basis: "declared_click_id",
        conversions: 1,
        by_currency: [{ currency: "USD", conversions: 1, value_minor: 1999 }],
      },
      {
        source: "tagged",
        sub_source: "newsletter",
        basis: "declared_utm",
        conversions: 1,
        by_currency: [{ currency: "USD", conversions: 1, value_minor: 800 }],
      },
    ]);
    expect(JSON.stringify(all)).not.toMatch(/roas|return_on|spend/i);

    const shopOnly = await overview(key, "?domain=shop.example&period=7d");
    expect(shopOnly).toMatchObject({ site_id: shop, domain: "shop.example", period: "7d" });
    // shop.example without b1: EUR 19000 - 10000 = 9000 over 4
    expect(shopOnly.by_currency).toEqual([
      { currency: "EUR", conversions: 4, value_minor: 9000 },
      { currency: "USD", conversions: 2, value_minor: 2799 },
      { currency: "JPY", conversions: 1, value_minor: 7000 },
    ]);
  });

  it("counts a conversion in the period its occurred_at falls in", async () => {
    const key = await freshKey();
    await post(key, [
      order("recent", { occurred_at: isoAgo(2 * HOUR), value_minor: 100 }),
      order("older", { occurred_at: isoAgo(3 * DAY), value_minor: 40 }),
    ]);
    const day = await overview(key, "?period=24h");
    expect(day.by_currency).toEqual([{ currency: "EUR", conversions: 1, value_minor: 100 }]);
    const week = await overview(key, "?period=7d");
    expect(week.by_currency).toEqual([{ currency: "EUR", conversions: 2, value_minor: 140 }]);
    expect(Date.parse(week.period_end) - Date.parse(week.period_start)).toBe(7 * DAY);
  });

  it("answers an empty workspace with zeros and every basis listed", async () => {
    const key = await freshKey();
    const empty = await overview(key, "?period=90d");
    expect(empty).toMatchObject({
      total_conversions: 0,
      attributed_conversions: 0,
      unattributed_conversions: 0,
      by_currency: [],
      by_platform: [],
      by_source: [],
    });
    expect(empty.by_basis.map((b) => b.conversions)).toEqual([0, 0, 0]);
  });

  it("answers an unknown or foreign domain 404 site_not_found and a bad period 400", async () => {
    const key = await freshKey();
    const other = await freshKey();
    await seedSite(other.workspaceId, "theirs.example");
    for (const domain of ["nope.example", "theirs.example"]) {
      const res = await get(key, `/attribution/overview?domain=${domain}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "site_not_found" });
    }
    const bad = await get(key, "/attribution/overview?period=1h");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request" });
  });

  it("needs conversions:read", async () => {
    const writer = await freshKey(["conversions:write", "traffic:read"]);
    const res = await get(writer, "/attribution/overview");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "insufficient_scope" });
  });

  it("sees only its own workspace's conversions", async () => {
    const mine = await freshKey();
    const theirs = await freshKey();
    await post(theirs, [order("t-1", { value_minor: 777 })]);
    await post(mine, [order("m-1", { value_minor: 5 })]);
    expect((await overview(mine)).by_currency).toEqual([{ currency: "EUR", conversions: 1, value_minor: 5 }]);
  });
});
