import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { CHECKS } from "../../shared/scan/checks/registry";
import { resultHash } from "../../shared/scan/result-hash";
import { saveScan } from "../../shared/scan/scan-store";
import { SCORING_VERSION, scoreResults } from "../../shared/scan/score";
import type { CheckResult, CheckStatus } from "../../shared/scan/types";

type Override = { status: CheckStatus; blocked?: boolean; evidence?: Record<string, unknown> };

async function storeScan(
  domain: string,
  overrides: Record<string, Override>,
  now = Date.now(),
  extra: CheckResult[] = [],
) {
  // A check given in `extra` replaces the generated one of the same key.
  const replaced = new Set(extra.map((r) => r.key));
  const checkResults: CheckResult[] = [
    ...CHECKS.filter((c) => !replaced.has(c.key)).map((c) => ({
      layer: c.layer,
      key: c.key,
      status: overrides[c.key]?.status ?? "pass",
      message: overrides[c.key] ? `${c.key} is not right <script>alert(1)</script>` : `${c.key} is fine`,
      fix: overrides[c.key] ? `Fix ${c.key}.` : null,
      evidence: overrides[c.key]?.evidence ?? { url: `https://${domain}/` },
      ...(overrides[c.key]?.blocked ? { blocked: true } : {}),
    })),
    ...extra,
  ];
  const scores = scoreResults(checkResults);
  const hash = await resultHash({ domain, scoringVersion: SCORING_VERSION, checkResults, ...scores });
  const saved = await saveScan(
    database(env.DB),
    { domain, resultHash: hash, scoringVersion: SCORING_VERSION, checkResults, ...scores },
    now,
  );
  return { id: saved.id, ...scores };
}

function keysIn(html: string, sectionId: string): string[] {
  const start = html.indexOf(`id="${sectionId}"`);
  const end = html.indexOf("</section>", start);
  return [...html.slice(start, end).matchAll(/<li data-key="([a-z_]+)"/g)].map((m) => m[1]);
}

describe("GET /scan/{id} (public report)", () => {
  it("ranks failing and warning checks by the points each adds, groups blocked ones, collapses passes", async () => {
    const { id, overallScore } = await storeScan("ranked.example", {
      llms_txt: { status: "fail" }, // identity 15 × 3/14 × 100 = 3.21 points
      response_time: { status: "warn" }, // access 25 × 1/18 × 50 = 0.69
      add_to_cart_control: { status: "fail" }, // interaction 25 × 3/18 × 100 = 4.17
      product_schema: { status: "fail", blocked: true }, // blocked: content 20 × 3/18 × 100
    });
    const res = await exports.default.fetch(`http://scan.local/scan/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("Cache-Control")).toContain("max-age=60");
    const html = await res.text();
    expect(html).toContain(`data-score="${overallScore}"`);
    expect(keysIn(html, "fix-first")).toEqual(["add_to_cart_control", "llms_txt", "response_time"]);
    expect(html).toContain("+4.2 points");
    expect(html).toContain("+3.2 points");
    expect(html).toContain("+0.7 points");
    expect(keysIn(html, "blocked")).toEqual(["product_schema"]);
    expect(html).toContain("bot-protection challenge");
    expect(keysIn(html, "passes")).toHaveLength(37);
    expect(html).toContain('<summary><h2 class="inline">37 checks pass</h2></summary>');
    // Messages from a scanned site are text, never markup.
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Products have a real add-to-cart button");
  });

  it("shows the cart journey of check cart_add step by step when the scan has one", async () => {
    const without = await storeScan("nocart.example", { llms_txt: { status: "fail" } });
    expect(await (await exports.default.fetch(`http://scan.local/scan/${without.id}`)).text()).not.toContain(
      'id="cart-journey"',
    );
    // cart_add (scan issue 14) carries evidence.cart = {added, via, product_url, steps}.
    const steps = [
      { method: "GET", url: "https://cart.example/products/mug", status: 200 },
      { method: "POST", url: "https://cart.example/cart/add", status: 302 },
      { method: "GET", url: "https://cart.example/cart", status: 200 },
    ];
    const cartAdd: CheckResult = {
      layer: 3,
      key: "cart_add",
      status: "pass",
      message: "A product was added to the cart.",
      fix: null,
      evidence: { cart: { added: true, via: "form", product_url: steps[0].url, steps } },
    };
    const { id } = await storeScan("cart.example", { llms_txt: { status: "fail" } }, Date.now(), [cartAdd]);
    const html = await (await exports.default.fetch(`http://scan.local/scan/${id}`)).text();
    const journey = html.slice(
      html.indexOf('id="cart-journey"'),
      html.indexOf("</section>", html.indexOf('id="cart-journey"')),
    );
    expect(journey).toContain("The scanner added a product to the cart via form");
    expect(
      [...journey.matchAll(/<li><code>([A-Z]+ [^<]+)<\/code> → <strong>([^<]+)<\/strong>/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    ).toEqual([
      "GET https://cart.example/products/mug HTTP 200",
      "POST https://cart.example/cart/add HTTP 302",
      "GET https://cart.example/cart HTTP 200",
    ]);
  });

  it("says once that an unreachable shop could not be reached, instead of listing 41 failures", async () => {
    // How a scan stores an unreachable shop (shared/scan/run-checks.ts unreachableResults).
    const evidence = { unreachable: true, url: "https://gone.example/robots.txt", reason: "connection refused" };
    const all = Object.fromEntries(CHECKS.map((c) => [c.key, { status: "fail" as const, evidence }]));
    const { id } = await storeScan("gone.example", all);
    const html = await (await exports.default.fetch(`http://scan.local/scan/${id}`)).text();
    expect(html).toContain('id="unreachable"');
    expect(html).toContain("gone.example could not be reached");
    expect(html).toContain("connection refused");
    expect(html).not.toContain('id="fix-first"');
  });

  it("answers a malformed id with 400 and an unknown one with 404, as HTML pages", async () => {
    const bad = await exports.default.fetch("http://scan.local/scan/not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/^text\/html/);
    const unknown = await exports.default.fetch("http://scan.local/scan/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No scan has this id");
  });

  it("redirects /scan/latest/{domain} to the newest result of that domain", async () => {
    await storeScan("twice.example", { llms_txt: { status: "fail" } }, Date.now() - 60_000);
    const newer = await storeScan("twice.example", { html_lang: { status: "fail" } });
    const res = await exports.default.fetch("http://scan.local/scan/latest/www.Twice.example", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/scan/${newer.id}`);
  });
});

describe("GET /badge/{domain}.svg", () => {
  it("shows the latest overall score as text in an SVG with cache headers", async () => {
    const { overallScore } = await storeScan("badge.example", { llms_txt: { status: "fail" } });
    const res = await exports.default.fetch("http://scan.local/badge/badge.example.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(`>${overallScore}/100</text>`);
  });

  it("is a 'not scanned' image for a domain never scanned, and 400 for a malformed one", async () => {
    const res = await exports.default.fetch("http://scan.local/badge/never.example.svg");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("not scanned");
    const bad = await exports.default.fetch("http://scan.local/badge/not_a..domain.svg");
    expect(bad.status).toBe(400);
  });
});
