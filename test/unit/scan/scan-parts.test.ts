import { describe, expect, it } from "vitest";
import { detectChallenge } from "../../../shared/scan/bot-protection";
import { CHECKS } from "../../../shared/scan/checks/registry";
import { extractPage } from "../../../shared/scan/html/extract-page";
import { canonicalJson, resultHash } from "../../../shared/scan/result-hash";
import { runChecks } from "../../../shared/scan/run-checks";
import { checkScore, layerScore, SCORING_VERSION, scoreResults } from "../../../shared/scan/score";
import { parseSitemap } from "../../../shared/scan/sitemap";
import type { CheckResult } from "../../../shared/scan/types";
import { site } from "./site-builder";

describe("check registry", () => {
  it("holds the 41 checks of scan-checks.md with unique keys: 8, 8, 8, 9, 8 per layer", () => {
    expect(CHECKS).toHaveLength(41);
    expect(new Set(CHECKS.map((c) => c.key)).size).toBe(41);
    const perLayer = [1, 2, 3, 4, 5].map((l) => CHECKS.filter((c) => c.layer === l).length);
    expect(perLayer).toEqual([8, 8, 8, 9, 8]);
    expect(CHECKS.map((c) => c.key)).toContain("llms_txt");
    expect(CHECKS.map((c) => c.key)).toContain("openapi_exists");
  });

  it("runs every check on an empty site without throwing, with a null fix only on pass", () => {
    const results = runChecks(site());
    expect(results).toHaveLength(41);
    for (const r of results) {
      expect(r.message.length, r.key).toBeGreaterThan(10);
      if (r.status === "pass") expect(r.fix, r.key).toBeNull();
      else expect(typeof r.fix, r.key).toBe("string");
    }
  });
});

describe("scoring", () => {
  const result = (key: string, status: CheckResult["status"], blocked?: boolean): CheckResult => {
    const def = CHECKS.find((c) => c.key === key);
    if (!def) throw new Error(key);
    return { layer: def.layer, key, status, message: "m", fix: null, evidence: null, ...(blocked ? { blocked } : {}) };
  };

  it("scores pass 100, warn 50, fail 0 and blocked 0", () => {
    expect(checkScore(result("html_lang", "pass"))).toBe(100);
    expect(checkScore(result("html_lang", "warn"))).toBe(50);
    expect(checkScore(result("html_lang", "fail"))).toBe(0);
    expect(checkScore(result("html_lang", "pass", true))).toBe(0);
  });

  it("weights checks inside a layer and rounds", () => {
    // access: https_reachable (3) pass, response_time (1) warn, robots_txt (2) fail:
    // (3x100 + 1x50 + 2x0) / 6 = 58.33 -> 58
    const rs = [result("https_reachable", "pass"), result("response_time", "warn"), result("robots_txt", "fail")];
    expect(layerScore(rs, 1)).toBe(58);
  });

  it("weights layers 25/15/25/20/15 for the overall score", () => {
    const all = CHECKS.map((c) => result(c.key, c.layer === 1 || c.layer === 3 ? "pass" : "fail"));
    const { layerScores, overallScore } = scoreResults(all);
    expect(layerScores).toEqual({ access: 100, identity: 0, interaction: 100, content: 0, integration: 0 });
    expect(overallScore).toBe(50);
    const identityOnly = CHECKS.map((c) => result(c.key, c.layer === 2 ? "warn" : "fail"));
    // identity 50 x 15 / 100 = 7.5 -> 8
    expect(scoreResults(identityOnly).overallScore).toBe(8);
  });
});

describe("result hash", () => {
  const base = {
    domain: "shop.example",
    scoringVersion: SCORING_VERSION,
    layerScores: { access: 1, identity: 2, interaction: 3, content: 4, integration: 5 },
    overallScore: 3,
  };
  const checks: CheckResult[] = [
    { layer: 1, key: "a", status: "pass", message: "took 120 ms", fix: null, evidence: { ms: 120 } },
    { layer: 1, key: "b", status: "fail", message: "x", fix: "y", evidence: null, blocked: true },
  ];

  it("is the same when only messages and evidence differ, and differs on status, blocked or domain", async () => {
    const h = await resultHash({ ...base, checkResults: checks });
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const timing = checks.map((c) => ({ ...c, message: "took 180 ms", evidence: { ms: 180 } }));
    expect(await resultHash({ ...base, checkResults: timing })).toBe(h);
    expect(await resultHash({ ...base, checkResults: [...checks].reverse() })).toBe(h);
    const unblocked = [checks[0], { ...checks[1], blocked: undefined }];
    expect(await resultHash({ ...base, checkResults: unblocked })).not.toBe(h);
    expect(await resultHash({ ...base, checkResults: [{ ...checks[0], status: "warn" }, checks[1]] })).not.toBe(h);
    expect(await resultHash({ ...base, domain: "other.example", checkResults: checks })).not.toBe(h);
  });

  it("uses canonical JSON with sorted keys", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
  });
});

describe("sitemap parsing", () => {
  it("reads urlset locs and lastmods, and index children", () => {
    const urlset = parseSitemap(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://s.example/p/1?a=1&amp;b=2</loc><lastmod>2026-01-01</lastmod></url><url><loc> https://s.example/p/2 </loc></url></urlset>',
    );
    expect(urlset).toEqual({
      kind: "urlset",
      urls: ["https://s.example/p/1?a=1&b=2", "https://s.example/p/2"],
      lastmods: 1,
      cut: null,
    });
    const index = parseSitemap("<sitemapindex><sitemap><loc>https://s.example/a.xml</loc></sitemap></sitemapindex>");
    expect(index.kind).toBe("index");
    expect(index.urls).toEqual(["https://s.example/a.xml"]);
  });
  it("rejects HTML, and keeps the URLs of truncated XML while saying it was cut", () => {
    expect(parseSitemap("<html><body>Not found</body></html>").kind).toBe("invalid");
    expect(parseSitemap("<urlset><url><loc>https://s.example/</loc></url>")).toMatchObject({
      kind: "urlset",
      urls: ["https://s.example/"],
      cut: "the document ended before </urlset>",
    });
    expect(parseSitemap("<urlset><url><loc>https://s.ex").kind).toBe("invalid");
  });
});

describe("bot-protection detection", () => {
  const none = { status: 200, headers: {}, body: "<html><title>Shop</title></html>" };
  it("recognises Cloudflare, DataDome, PerimeterX/HUMAN, Akamai and Imperva challenges", () => {
    expect(detectChallenge({ status: 403, headers: { "cf-mitigated": "challenge" }, body: "" })).toBe("Cloudflare");
    expect(detectChallenge({ status: 503, headers: {}, body: "<title>Just a moment...</title>" })).toBe("Cloudflare");
    expect(detectChallenge({ status: 403, headers: { "x-datadome": "protected" }, body: "" })).toBe("DataDome");
    expect(detectChallenge({ status: 403, headers: {}, body: '<div id="px-captcha"></div>' })).toBe("PerimeterX/HUMAN");
    expect(
      detectChallenge({
        status: 403,
        headers: {},
        body: "<title>Access Denied</title> Reference https://errors.edgesuite.net/x",
      }),
    ).toBe("Akamai");
    expect(detectChallenge({ status: 200, headers: {}, body: '<script src="/_Incapsula_Resource?x"></script>' })).toBe(
      "Imperva",
    );
  });
  it("leaves ordinary pages and plain 403s alone", () => {
    expect(detectChallenge(none)).toBeNull();
    expect(detectChallenge({ status: 403, headers: {}, body: "Forbidden" })).toBeNull();
  });
});

describe("page extraction with HTMLRewriter", () => {
  it("collects text outside scripts, JSON-LD, forms with labels, links and controls in one pass", async () => {
    const facts = await extractPage(`<!doctype html><html lang="de"><head><title> A &amp; B </title>
      <meta name="description" content="D"><link rel="canonical" href="https://s.example/">
      <script type="application/ld+json">{"@type":"Thing"}</script><style>.x{}</style></head>
      <body><h1>Hello <b>World</b></h1><script>var hidden = 1;</script>
      <a href="/p/1">Product <span>one</span></a>
      <form action="/cart/add"><label>Qty <input name="q"></label><input id="c" name="c"><label for="c">C</label>
      <button type="submit"><span>Add</span> to cart</button></form>
      <button type="button" aria-label="Wishlist"></button><div role="button">Buy</div><img src="/i.png" alt="I">
      </body></html>`);
    expect(facts.title).toBe("A & B");
    expect(facts.lang).toBe("de");
    expect(facts.metaDescription).toBe("D");
    expect(facts.canonical).toBe("https://s.example/");
    expect(facts.jsonLd).toEqual(['{"@type":"Thing"}']);
    expect(facts.h1).toEqual(["Hello World"]);
    expect(facts.text).toContain("Hello World");
    expect(facts.text).not.toContain("hidden");
    expect(facts.text).not.toContain(".x{}");
    expect(facts.links).toEqual([{ href: "/p/1", text: "Product one", rel: "", type: "" }]);
    expect(facts.forms).toHaveLength(1);
    expect(facts.forms[0].inputs.map((i) => [i.name, i.labelled])).toEqual([
      ["q", true],
      ["c", true],
    ]);
    expect(facts.forms[0].controls[0].text).toBe("Add to cart");
    expect(facts.looseControls[0].ariaLabel).toBe("Wishlist");
    expect(facts.clickables).toEqual(["Buy"]);
    expect(facts.images).toEqual([{ src: "/i.png", alt: "I" }]);
  });

  it("copes with void elements that carry role=search or onclick, and unclosed tags", async () => {
    const facts = await extractPage(
      '<form action="/s"><input type="search" role="search" name="q" aria-label="Search"></form><img src="/x.png" onclick="go()" alt="Buy now"><a href="/p/1">open <button>Add',
    );
    expect(facts.forms[0].inputs[0]).toMatchObject({ name: "q", labelled: true });
    expect(facts.clickables).toEqual(["Buy now"]);
    expect(facts.links[0].href).toBe("/p/1");
  });

  it("decodes numeric entities and turns impossible code points into U+FFFD (HTML §13.2.5.80)", async () => {
    const facts = await extractPage("<h1>Caf&#233; &#x2013; &#99999999;</h1>");
    expect(facts.h1).toEqual(["Café – \uFFFD"]);
  });
});
