import { describe, expect, it } from "vitest";
import { normalizeCurrency } from "../../shared/conversions/currency";
import { resolveSite, type SiteDirectory } from "../../shared/conversions/resolve-site";
import { validateConversionItem } from "../../shared/conversions/validate-item";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const MIN = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const base = { external_id: "o-1", occurred_at: iso(NOW - DAY), value_minor: 4990, currency: "EUR" };

function rejection(item: unknown) {
  const r = validateConversionItem(item, NOW);
  if (r.ok) throw new Error("expected a rejection");
  return r;
}

describe("validateConversionItem", () => {
  it("accepts a minimal item, defaults event_name to purchase and gives basis none", () => {
    const r = validateConversionItem(base, NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.conversion).toMatchObject({
      externalId: "o-1",
      eventName: "purchase",
      occurredAt: NOW - DAY,
      valueMinor: 4990,
      currency: "EUR",
      siteDomain: null,
      landingDomain: null,
      attribution: { basis: "none", platform: "unattributed" },
    });
  });

  it("accepts occurred_at at the edges: 7 days plus skew ago and skew ahead", () => {
    expect(validateConversionItem({ ...base, occurred_at: iso(NOW - 7 * DAY - 5 * MIN) }, NOW).ok).toBe(true);
    expect(validateConversionItem({ ...base, occurred_at: iso(NOW + 5 * MIN) }, NOW).ok).toBe(true);
    expect(validateConversionItem({ ...base, occurred_at: "2026-11-22T13:00:00+01:00" }, NOW).ok).toBe(true);
  });

  it("rejects occurred_at older than 7 days, in the future beyond skew, or not RFC 3339", () => {
    for (const occurred_at of [
      iso(NOW - 7 * DAY - 5 * MIN - 1),
      iso(NOW + 5 * MIN + 1000),
      "yesterday",
      "2026-11-21",
    ]) {
      expect(rejection({ ...base, occurred_at }).error.code).toBe("invalid_occurred_at");
    }
  });

  it("rejects a decimal, negative, string or missing value_minor", () => {
    for (const value_minor of [49.9, -1, "4990", undefined]) {
      expect(rejection({ ...base, value_minor }).error.code).toBe("invalid_value_minor");
    }
  });

  it("rejects unknown currency codes and accepts lowercase ones as uppercase", () => {
    expect(rejection({ ...base, currency: "XYZ" }).error).toEqual({
      code: "invalid_currency",
      message: 'currency: "XYZ" is not an ISO 4217 code',
    });
    expect(rejection({ ...base, currency: "EURO" }).error.code).toBe("invalid_currency");
    expect(rejection({ ...base, currency: 978 }).error.code).toBe("invalid_currency");
    const r = validateConversionItem({ ...base, currency: "usd" }, NOW);
    expect(r.ok && r.conversion.currency).toBe("USD");
  });

  it("rejects a missing external_id with external_id null and names the field", () => {
    const r = rejection({ ...base, external_id: undefined });
    expect(r.externalId).toBeNull();
    expect(r.error.code).toBe("invalid_request");
    expect(r.error.message).toMatch(/^external_id: /);
  });

  it("rejects a malformed site, a non-http landing_url and a non-object item", () => {
    expect(rejection({ ...base, site: "https://shop.example/x" }).error.code).toBe("invalid_domain");
    expect(rejection({ ...base, attribution: { landing_url: "javascript:alert(1)" } }).error.message).toMatch(
      /^attribution\.landing_url: /,
    );
    expect(rejection("not an item").error.code).toBe("invalid_request");
    expect(rejection(null).externalId).toBeNull();
  });

  it("bounds sizes: at most 20 click ids, external_id up to 255 characters", () => {
    const ids = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"]));
    expect(rejection({ ...base, attribution: { click_ids: ids } }).error.message).toMatch(/click_ids/);
    expect(rejection({ ...base, external_id: "x".repeat(256) }).externalId).toBeNull();
    expect(validateConversionItem({ ...base, external_id: "x".repeat(255) }, NOW).ok).toBe(true);
  });

  it("keeps a landing URL whose host is an IP address but resolves no site from it", () => {
    const r = validateConversionItem({ ...base, attribution: { landing_url: "http://192.0.2.1/p" } }, NOW);
    expect(r.ok && r.conversion.landingDomain).toBeNull();
  });

  it("normalises site and the landing URL's host (www. stripped) for site resolution", () => {
    const r = validateConversionItem(
      { ...base, site: "Shop.Example.", attribution: { landing_url: "https://www.other.example/p?gclid=1" } },
      NOW,
    );
    expect(r.ok && [r.conversion.siteDomain, r.conversion.landingDomain]).toEqual(["shop.example", "other.example"]);
  });
});

describe("normalizeCurrency (runtime ISO 4217 list)", () => {
  it("knows current codes, refuses invented ones and the no-currency codes XXX and XTS", () => {
    expect(["EUR", "USD", "JPY", "CHF", "GBP", "BRL"].map(normalizeCurrency)).toEqual([
      "EUR",
      "USD",
      "JPY",
      "CHF",
      "GBP",
      "BRL",
    ]);
    expect(["XYZ", "ABC", "XXX", "XTS", "US", "", "U$D"].map(normalizeCurrency)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("resolveSite (docs/decisions.md#7-conversions-and-attribution)", () => {
  const directory: SiteDirectory = { byDomain: new Map([["shop.example", "site_a"]]), onlySiteId: null };

  it("uses an explicit site and rejects one that is not registered", () => {
    expect(resolveSite({ siteDomain: "shop.example", landingDomain: "x.example" }, directory)).toEqual({
      ok: true,
      siteId: "site_a",
    });
    expect(resolveSite({ siteDomain: "nope.example", landingDomain: null }, directory)).toEqual({ ok: false });
  });

  it("falls back to the landing URL's host, then the only site, then none", () => {
    expect(resolveSite({ siteDomain: null, landingDomain: "shop.example" }, directory)).toEqual({
      ok: true,
      siteId: "site_a",
    });
    const single = { byDomain: new Map<string, string>(), onlySiteId: "site_only" };
    expect(resolveSite({ siteDomain: null, landingDomain: "elsewhere.example" }, single)).toEqual({
      ok: true,
      siteId: "site_only",
    });
    expect(resolveSite({ siteDomain: null, landingDomain: null }, directory)).toEqual({ ok: true, siteId: null });
  });
});
