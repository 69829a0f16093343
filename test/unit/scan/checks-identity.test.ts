import { describe, expect, it } from "vitest";
import { canonicalUrl } from "../../../shared/scan/checks/identity/canonical-url";
import { htmlLang } from "../../../shared/scan/checks/identity/html-lang";
import { llmsTxt } from "../../../shared/scan/checks/identity/llms-txt";
import { openGraph } from "../../../shared/scan/checks/identity/open-graph";
import { organizationSchema } from "../../../shared/scan/checks/identity/organization-schema";
import { policyPages } from "../../../shared/scan/checks/identity/policy-pages";
import { titleDescription } from "../../../shared/scan/checks/identity/title-description";
import { websiteSearchAction } from "../../../shared/scan/checks/identity/website-search-action";
import type { CheckDefinition } from "../../../shared/scan/types";
import { challenged, fetched, html, ld, page, site, text } from "./site-builder";

async function onHome(check: CheckDefinition, head: string, body = "", extra = {}) {
  return check.run(site({ home: await page("/", html(head, body)), ...extra }));
}

describe("title_description", () => {
  const desc = "x".repeat(60);
  it("passes with a title of 10-70 and a description of 50-300 characters", async () => {
    const out = await onHome(
      titleDescription,
      `<title>Linen shirts &amp; more</title><meta name="description" content="${desc}">`,
    );
    expect(out.status).toBe("pass");
    expect(out.evidence?.title).toBe("Linen shirts & more");
  });
  it("warns when one is missing or out of range", async () => {
    expect((await onHome(titleDescription, "<title>Linen shirts and more</title>")).status).toBe("warn");
    expect(
      (await onHome(titleDescription, `<title>Shop</title><meta name="description" content="${desc}">`)).status,
    ).toBe("warn");
  });
  it("fails when both are missing", async () => {
    expect((await onHome(titleDescription, "")).status).toBe("fail");
  });
  it("is blocked when the home page is challenged", () => {
    const out = titleDescription.run(site({ home: { fetched: challenged("/"), page: null } }));
    expect(out).toMatchObject({ status: "fail", blocked: true });
    expect(out.message).toMatch(/^Access problem/);
  });
});

describe("html_lang", () => {
  it("passes on a valid BCP 47 tag", async () => {
    const home = await page("/", '<html lang="en-GB"><head></head></html>');
    expect(htmlLang.run(site({ home })).status).toBe("pass");
  });
  it("fails when missing or invalid", async () => {
    expect(htmlLang.run(site({ home: await page("/", "<html><head></head></html>") })).status).toBe("fail");
    expect(htmlLang.run(site({ home: await page("/", '<html lang="english_uk"></html>') })).status).toBe("fail");
  });
});

describe("canonical_url", () => {
  const canon = (href: string) => `<link rel="canonical" href="${href}">`;
  it("passes when home and product pages carry an absolute same-site canonical", async () => {
    const home = await page("/", html(canon("https://www.shop.example/")));
    const products = [await page("/products/a", html(canon("https://shop.example/products/a")))];
    const result = canonicalUrl.run(site({ home, products }));
    expect(result.status).toBe("pass");
    expect(result.message).toBe("All 2 pages checked carry an absolute rel=canonical on shop.example.");
    // One page only: said in the singular.
    expect(canonicalUrl.run(site({ home })).message).toBe(
      "The one page checked carries an absolute rel=canonical on shop.example.",
    );
  });
  it("warns when some pages lack it (relative or foreign counts as lacking)", async () => {
    const home = await page("/", html(canon("https://shop.example/")));
    const products = [await page("/products/a", html(canon("/products/a")))];
    const result = canonicalUrl.run(site({ home, products }));
    expect(result.status).toBe("warn");
    expect(result.message).toMatch(/^1 of 2 pages checked lacks an absolute same-site rel=canonical: /);
  });
  it("fails when none do", async () => {
    const home = await page("/", html(canon("https://other.example/")));
    const result = canonicalUrl.run(site({ home }));
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(/^1 of 1 page checked lacks /);
  });
});

describe("open_graph", () => {
  const og = (tags: string[]) => tags.map((t) => `<meta property="og:${t}" content="v">`).join("");
  it("passes with title, type, image and url", async () => {
    expect((await onHome(openGraph, og(["title", "type", "image", "url"]))).status).toBe("pass");
  });
  it("warns with some", async () => {
    const out = await onHome(openGraph, og(["title"]));
    expect(out.status).toBe("warn");
    expect(out.evidence?.missing).toEqual(["og:type", "og:image", "og:url"]);
  });
  it("fails with none", async () => {
    expect((await onHome(openGraph, "")).status).toBe("fail");
  });
});

describe("organization_schema", () => {
  const ctx = { "@context": "https://schema.org" };
  it("passes with an Organization subtype carrying name, url and logo (also inside @graph)", async () => {
    const graph = {
      ...ctx,
      "@graph": [
        {
          "@type": "OnlineStore",
          name: "S",
          url: "https://shop.example/",
          logo: { "@type": "ImageObject", url: "https://shop.example/l.png" },
        },
      ],
    };
    expect((await onHome(organizationSchema, ld(graph))).status).toBe("pass");
  });
  it("warns when incomplete", async () => {
    const out = await onHome(organizationSchema, ld({ ...ctx, "@type": "Organization", name: "S" }));
    expect(out.status).toBe("warn");
    expect(out.evidence?.missing).toEqual(["url", "logo"]);
  });
  it("fails when absent", async () => {
    expect((await onHome(organizationSchema, ld({ ...ctx, "@type": "WebPage" }))).status).toBe("fail");
  });
});

describe("website_search_action", () => {
  const ctx = { "@context": "https://schema.org" };
  it("passes with a SearchAction target template", async () => {
    const node = {
      ...ctx,
      "@type": "WebSite",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "https://shop.example/s?q={q}" },
      },
    };
    expect((await onHome(websiteSearchAction, ld(node))).status).toBe("pass");
  });
  it("warns for a WebSite without a usable SearchAction", async () => {
    const node = {
      ...ctx,
      "@type": "WebSite",
      potentialAction: { "@type": "SearchAction", target: "https://shop.example/search" },
    };
    expect((await onHome(websiteSearchAction, ld(node))).status).toBe("warn");
  });
  it("fails without a WebSite", async () => {
    expect((await onHome(websiteSearchAction, "")).status).toBe("fail");
  });
});

describe("llms_txt", () => {
  const good = "# Shop\n\n> We sell shirts.\n\n## Pages\n- [Shirts](https://shop.example/shirts): all shirts\n";
  it("passes in the llmstxt.org format", () => {
    expect(llmsTxt.run(site({ llms: text("/llms.txt", good) })).status).toBe("pass");
  });
  it("warns when it exists in another format", () => {
    const out = llmsTxt.run(site({ llms: text("/llms.txt", "Shop: we sell shirts") }));
    expect(out.status).toBe("warn");
    expect(out.message).toContain("an H1 first line, a > summary, a list of markdown links");
  });
  it("fails when absent or HTML", () => {
    expect(llmsTxt.run(site()).status).toBe("fail");
    expect(llmsTxt.run(site({ llms: fetched("/llms.txt", { body: "<!doctype html><html></html>" }) })).status).toBe(
      "fail",
    );
  });
  it("is blocked behind a challenge", () => {
    expect(llmsTxt.run(site({ llms: challenged("/llms.txt") })).blocked).toBe(true);
  });
});

describe("policy_pages", () => {
  it("passes with shipping, returns and a contact point", async () => {
    const body =
      '<a href="/policies/shipping">Delivery</a><a href="/policies/refund">Refunds</a><a href="mailto:help@shop.example">Email</a>';
    expect((await onHome(policyPages, "", body)).status).toBe("pass");
  });
  it("passes on JSON-LD MerchantReturnPolicy and shippingDetails too", async () => {
    const product = ld({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "A",
      offers: {
        "@type": "Offer",
        shippingDetails: { "@type": "OfferShippingDetails" },
        hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy" },
      },
    });
    const home = await page("/", html("", '<a href="/contact">Contact</a>'));
    const products = [await page("/products/a", html(product))];
    expect(policyPages.run(site({ home, products })).status).toBe("pass");
  });
  it("warns with only some", async () => {
    const out = await onHome(policyPages, "", '<a href="/pages/contact">Contact</a>');
    expect(out.status).toBe("warn");
    expect(out.message).toContain("shipping, returns");
  });
  it("fails with none", async () => {
    expect((await onHome(policyPages, "", "<p>Hello</p>")).status).toBe("fail");
  });
});
