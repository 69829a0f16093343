import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { CHECKS } from "../../shared/scan/checks/registry";
import { resultHash } from "../../shared/scan/result-hash";
import type { ScanResult } from "../../shared/scan/scan-result";
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
    expect(html).toContain(">Could not check: 1 check blocked</h2>");
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
    expect(journey).toContain("The scanner added a product to the cart via the product page&#39;s add-to-cart form");
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

describe("What changed since the previous scan (GET /api/scan/{id} changes, /scan/{id})", () => {
  // Identity weighs 15 of 100 and its checks 14 in all (llms_txt 3, html_lang 1), so
  // llms_txt fail → pass earns 0.15 × 3/14 × 100 = 3.21 points, html_lang pass → fail
  // loses 0.15 × 1/14 × 100 = 1.07.
  const HOUR = 3_600_000;
  const now = Date.UTC(2026, 10, 25, 12);

  it("is null on a domain's first scan, then lists each check that moved against the previous result", async () => {
    const a = await storeScan("diff.example", { llms_txt: { status: "fail" } }, now - 2 * HOUR);
    const first = (await (await exports.default.fetch(`http://scan.local/api/scan/${a.id}`)).json()) as ScanResult;
    expect(first.changes).toBeNull();

    const b = await storeScan("diff.example", { html_lang: { status: "fail" } }, now - HOUR);
    const res = await exports.default.fetch(`http://scan.local/api/scan/${b.id}`);
    expect(res.status).toBe(200);
    const second = (await res.json()) as ScanResult;
    expect(second.changes).toMatchObject({
      previousScanId: a.id,
      previousScannedAt: "2026-11-25T10:00:00.000Z",
      overallScore: { previous: a.overallScore, current: b.overallScore, change: b.overallScore - a.overallScore },
      counts: { improved: 1, regressed: 1, unchanged: CHECKS.length - 2, added: 0, removed: 0 },
    });
    expect(second.changes?.layerScores.identity).toEqual({
      previous: a.layerScores.identity,
      current: b.layerScores.identity,
      change: b.layerScores.identity - a.layerScores.identity,
    });
    expect(
      second.changes?.changedChecks.map((c) => [c.key, c.direction, c.previousStatus, c.currentStatus, c.pointsChange]),
    ).toEqual([
      ["html_lang", "regressed", "pass", "fail", -1.1],
      ["llms_txt", "improved", "fail", "pass", 3.2],
    ]);
  });

  it("compares a result seen again with the one seen in between (A, B, A again)", async () => {
    const a = await storeScan("again.example", { llms_txt: { status: "fail" } }, now - 3 * HOUR);
    const b = await storeScan("again.example", {}, now - 2 * HOUR);
    const again = await storeScan("again.example", { llms_txt: { status: "fail" } }, now - HOUR);
    expect(again.id).toBe(a.id);
    const read = async (id: string) =>
      ((await (await exports.default.fetch(`http://scan.local/api/scan/${id}`)).json()) as ScanResult).changes;
    // A's last sighting follows B's: A is compared with B, seen two hours ago.
    expect(await read(a.id)).toMatchObject({
      previousScanId: b.id,
      previousScannedAt: "2026-11-25T10:00:00.000Z",
      counts: { improved: 0, regressed: 1 },
    });
    // B is still compared with A's first sighting, not called a first scan.
    expect(await read(b.id)).toMatchObject({
      previousScanId: a.id,
      previousScannedAt: "2026-11-25T09:00:00.000Z",
      counts: { improved: 1, regressed: 0 },
    });
  });

  it("shows the change on the public report, and says so on a first scan", async () => {
    const a = await storeScan("page-diff.example", { llms_txt: { status: "fail" } }, now - HOUR);
    const first = await (await exports.default.fetch(`http://scan.local/scan/${a.id}`)).text();
    expect(first).toContain('data-first-scan="true"');
    expect(first).toContain("This is the first scan of this domain");

    const b = await storeScan("page-diff.example", {}, now);
    const page = await (await exports.default.fetch(`http://scan.local/scan/${b.id}`)).text();
    expect(page).toContain("What changed since <time");
    expect(page).toContain(`Score ${a.overallScore} → ${b.overallScore}`);
    expect(page).toContain('<span data-count="improved">1 improved</span>');
    expect(page).toContain('<span data-count="regressed">0 regressed</span>');
    expect(keysIn(page, "changes")).toEqual(["llms_txt"]);
    expect(page).toContain("llms.txt guides AI agents through the shop");
    expect(page).toContain(`href="/scan/${a.id}"`);
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
