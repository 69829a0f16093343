import { describe, expect, it } from "vitest";
import { offerSchema } from "../../../shared/scan/checks/content/offer-schema";
import { productSchema } from "../../../shared/scan/checks/content/product-schema";
import { structuredDataValid } from "../../../shared/scan/checks/content/structured-data-valid";
import { agentCard } from "../../../shared/scan/checks/integration/agent-card";
import { apiCatalog } from "../../../shared/scan/checks/integration/api-catalog";
import { addToCartControl } from "../../../shared/scan/checks/interaction/add-to-cart-control";
import { noCaptcha } from "../../../shared/scan/checks/interaction/no-captcha";
import { searchForm } from "../../../shared/scan/checks/interaction/search-form";
import { cartLinks, productCandidates } from "../../../shared/scan/crawl/discover-products";
import { extractPage } from "../../../shared/scan/html/extract-page";
import { declaresProduct, nodesOfType, offersOf } from "../../../shared/scan/structured-data";
import { challenged, fetched, html, ORIGIN, page, site } from "./site-builder";

// The markup of real shops (Shopify, Shopware 5, Magento 1 themes; ../shared/data/real-shops)
// in small: what broke the scanner there is pinned here without the shared data.

const onSite = (u: URL) => u.hostname === "shop.example";

describe("HTML extraction on real markup", () => {
  it("reads a page whose links have no text (icon links), naming them by aria-label, title or image alt", async () => {
    const facts = await extractPage(
      html(
        "<title>Shop</title>",
        `<a href="/cart" aria-label="Cart"><svg><title>Bag</title></svg></a><a href="/account" title="Account"></a><a href="/"><img src="l.png" alt="Home"></a>`,
      ),
    );
    expect(facts.problems).toEqual([]);
    expect(facts.title).toBe("Shop");
    expect(facts.links.map((l) => l.text)).toEqual(["Cart", "Account", "Home"]);
  });

  it("reads nested microdata: a Product with an Offer, values from content, href and text", async () => {
    const facts = await extractPage(
      html(
        "",
        `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Sidamo &amp; Co</h1>
        <p itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">
        <link itemprop="availability" href="http://schema.org/InStock"><span itemprop="price" content="27.90">€27.90</span></p>
        <div itemprop="description">Beans</div><img itemprop="image" src="/s.jpg" alt="Sidamo"></div>`,
      ),
    );
    const [product] = nodesOfType(facts, ["Product"]);
    expect(product).toMatchObject({ name: "Sidamo & Co", description: "Beans", image: "/s.jpg" });
    expect(offersOf(product)).toEqual([
      {
        "@type": "Offer",
        "@context": "https://schema.org",
        priceCurrency: "EUR",
        availability: "http://schema.org/InStock",
        price: "27.90",
      },
    ]);
    expect(declaresProduct(facts)).toBe(true);
  });

  it("reads schema.org RDFa Lite into the same model, and ignores Open Graph properties", async () => {
    const facts = await extractPage(
      html(
        `<meta property="og:title" content="Grease">`,
        `<div vocab="https://schema.org/" typeof="Product"><span property="name">Grease</span>
        <div property="offers" typeof="Offer"><meta property="price" content="4.92"><meta property="priceCurrency" content="EUR"></div></div>`,
      ),
    );
    const [product] = nodesOfType(facts, ["Product"]);
    expect(product.name).toBe("Grease");
    expect(offersOf(product)[0]).toMatchObject({ price: "4.92", priceCurrency: "EUR" });
    expect(facts.microdata).toEqual([]);
  });

  it("keeps a data-vocabulary.org item apart from schema.org types", async () => {
    const facts = await extractPage(
      html(
        "",
        `<li itemscope itemtype="http://data-vocabulary.org/Breadcrumb"><span itemprop="title">Home</span></li>`,
      ),
    );
    expect(nodesOfType(facts, ["Breadcrumb", "BreadcrumbList"])).toEqual([]);
    expect(facts.microdata).toHaveLength(1);
  });
});

describe("checks read microdata like JSON-LD", () => {
  it("passes offer_schema and product_schema on a microdata-only product page, and structured_data_valid too", async () => {
    const product = await page(
      "/products/a",
      html(
        "",
        `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">A</h1><img itemprop="image" src="/a.jpg" alt="A">
        <div itemprop="description">About A</div><div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <meta itemprop="price" content="9.50"><meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/InStock"></div></div>`,
      ),
    );
    const s = site({ home: product, products: [product] });
    expect(productSchema.run(s).status).toBe("pass");
    expect(offerSchema.run(s).status).toBe("pass");
    expect(structuredDataValid.run(s)).toMatchObject({ status: "pass" });
  });
});

describe("forms and links an agent would use", () => {
  it("finds a GET search form whose field is named sSearch, and warns that only a placeholder labels it", async () => {
    const home = await page(
      "/",
      html(
        "",
        `<form action="/search" method="get"><input name="sSearch" type="text" placeholder="Suchen"><button>Go</button></form>`,
      ),
    );
    const out = searchForm.run(site({ home }));
    expect(out.status).toBe("warn");
    expect(out.message).toContain('only the placeholder "Suchen"');
  });

  it("takes /cart.html and a link named Warenkorb for cart links, never a fragment", () => {
    const links = [
      { href: "/cart.html", text: "", rel: "", type: "" },
      { href: "/checkout/cart/", text: "", rel: "", type: "" },
      { href: "#header-cart", text: "Warenkorb", rel: "", type: "" },
      { href: "/products/tote-bag", text: "Tote bag", rel: "", type: "" },
    ];
    expect(cartLinks(links, `${ORIGIN}/`, onSite)).toEqual([`${ORIGIN}/cart.html`, `${ORIGIN}/checkout/cart/`]);
  });

  it("treats a type=button add-to-cart inside a form with an action as needing JavaScript, not a review form's submit", async () => {
    const product = await page(
      "/p/grease",
      html(
        "",
        `<form action="/checkout/cart/add/product/1/" method="post"><label for="qty">Qty</label><input id="qty" name="qty">
        <button type="button" onclick="f.submit()" title="In den Warenkorb"><span>In den Warenkorb</span></button></form>
        <form action="/review/post" method="post"><button type="submit">Send review</button></form>`,
      ),
    );
    expect(addToCartControl.run(site({ products: [product] })).status).toBe("warn");
  });
});

describe("product discovery by what pages declare", () => {
  it("never takes media, compare or wishlist URLs for products, and verifies slug links by fetching", async () => {
    const home = await extractPage(
      html(
        "",
        `<a href="/media/catalog/product/cache/1/a.jpg">img</a><a href="/catalog/product_compare/add/product/332/">compare</a>
        <a href="/wishlist/index/add/product/162/">wish</a><a href="/schmierfett-reparierend-verschlei-y-910.html">Grease</a>
        <a href="/schmierfett-reparierend-verschlei-y-910.html"><img src="g.jpg" alt="Grease"></a><a href="/products/real-one">Real</a>`,
      ),
    );
    const found = productCandidates(home, `${ORIGIN}/`, [], ORIGIN, onSite);
    expect(found.byShape).toEqual([`${ORIGIN}/products/real-one`]);
    expect(found.slugs).toEqual([`${ORIGIN}/schmierfett-reparierend-verschlei-y-910.html`]);
  });

  it("counts a page with og:type product or one top-level Product as a product page, not a listing of many", async () => {
    expect(declaresProduct(await extractPage(html(`<meta property="og:type" content="product">`)))).toBe(true);
    const listing = await extractPage(
      html(
        "",
        `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">A</span></div><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">B</span></div>`,
      ),
    );
    expect(declaresProduct(listing)).toBe(false);
  });
});

describe('the one "could not look" rule and the soft-404 rule', () => {
  it("never passes no_captcha on a challenged or unanswered home page", async () => {
    const blocked = noCaptcha.run(site({ home: { fetched: challenged("/"), page: null } }));
    expect(blocked).toMatchObject({ status: "fail", blocked: true });
    const silent = noCaptcha.run(
      site({ home: { fetched: fetched("/", { status: 0, error: "timeout: no answer" }), page: null } }),
    );
    expect(silent.status).toBe("fail");
    expect(silent.blocked).toBeUndefined();
    expect(silent.message).toContain("Could not look at the home page");
  });

  it("treats an HTML page answered with 200 at a machine-readable URL as absent", () => {
    const shell = fetched("/.well-known/api-catalog", {
      body: "<!doctype html><html><body><div id=root></div></body></html>",
    });
    expect(apiCatalog.run(site({ files: { "/.well-known/api-catalog": shell } })).status).toBe("fail");
    const card = fetched("/.well-known/agent-card.json", { body: "<!doctype html><html></html>" });
    expect(agentCard.run(site({ files: { "/.well-known/agent-card.json": card } })).status).toBe("fail");
  });
});
