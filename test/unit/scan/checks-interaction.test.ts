import { describe, expect, it } from "vitest";
import { addToCartControl } from "../../../shared/scan/checks/interaction/add-to-cart-control";
import { addToCartName } from "../../../shared/scan/checks/interaction/add-to-cart-name";
import { cartAdd } from "../../../shared/scan/checks/interaction/cart-add";
import { crawlableLinks } from "../../../shared/scan/checks/interaction/crawlable-links";
import { formLabels } from "../../../shared/scan/checks/interaction/form-labels";
import { imageAltText } from "../../../shared/scan/checks/interaction/image-alt-text";
import { noCaptcha } from "../../../shared/scan/checks/interaction/no-captcha";
import { searchForm } from "../../../shared/scan/checks/interaction/search-form";
import type { JourneyResult } from "../../../shared/scan/journey/types";
import type { CheckDefinition } from "../../../shared/scan/types";
import { challenged, fetched, html, page, site } from "./site-builder";

async function onProduct(check: CheckDefinition, body: string) {
  return check.run(site({ home: await page("/", html("")), products: [await page("/products/a", html("", body))] }));
}

describe("search_form judged by the journey's search", () => {
  const form =
    '<form role="search" action="/search"><label for="q">Search</label><input id="q" name="q" type="search"></form>';
  const withSearch = async (search: NonNullable<JourneyResult["find"]["search"]>) =>
    searchForm.run(
      site({
        home: await page("/", html("", form)),
        journey: {
          platform: null,
          find: { via: "links", search, feeds: [] },
          product: null,
          mcp: [],
          requests: 1,
          stopped: null,
          cart: { added: false, via: null, product_url: null, steps: [], attempts: [], readBack: null, blocked: null },
        },
      }),
    );
  it("passes when searching a word from a product's name returns product links", async () => {
    const out = await withSearch({
      url: "https://shop.example/search?q=trail",
      status: 200,
      word: "trail",
      productLinks: 2,
      refused: null,
    });
    expect(out.status).toBe("pass");
    expect(out.message).toContain('Searching "trail" returned 2 product link(s)');
  });
  it("warns when the search box returns no product", async () => {
    const out = await withSearch({
      url: "https://shop.example/search?q=trail",
      status: 200,
      word: "trail",
      productLinks: 0,
      refused: null,
    });
    expect(out.status).toBe("warn");
  });
  it("is blocked when robots.txt keeps the scanner from the search", async () => {
    const refused = "robots.txt disallows the scanner from /search?q=trail";
    const out = await withSearch({
      url: "https://shop.example/search?q=trail",
      status: 0,
      word: "trail",
      productLinks: 0,
      refused,
    });
    expect(out).toMatchObject({ status: "fail", blocked: true });
  });
});

describe("search_form", () => {
  const home = async (body: string) => searchForm.run(site({ home: await page("/", html("", body)) }));
  it("passes with a labelled search form", async () => {
    expect(
      (await home('<form role="search" action="/s"><label for="q">Search</label><input id="q" name="q"></form>'))
        .status,
    ).toBe("pass");
    expect(
      (await home('<search><form action="/s"><input type="search" name="term" aria-label="Search"></form></search>'))
        .status,
    ).toBe("pass");
  });
  it("warns when its input has no label", async () => {
    expect(
      (await home('<form action="/s" method="get"><input type="search" name="q" placeholder="Search"></form>')).status,
    ).toBe("warn");
  });
  it("fails without a search form", async () => {
    expect((await home('<form action="/newsletter" method="post"><input name="email"></form>')).status).toBe("fail");
  });
});

describe("crawlable_links", () => {
  const d = site().discovery;
  it("passes when home or a category links products", () => {
    expect(
      crawlableLinks.run(site({ discovery: { ...d, productLinksHome: ["https://shop.example/products/a"] } })).status,
    ).toBe("pass");
    expect(
      crawlableLinks.run(site({ discovery: { ...d, productLinksCategory: ["https://shop.example/p/1"] } })).status,
    ).toBe("pass");
  });
  it("warns when products are only in the sitemap", () => {
    expect(
      crawlableLinks.run(site({ discovery: { ...d, productLinksSitemap: ["https://shop.example/p/1"] } })).status,
    ).toBe("warn");
  });
  it("fails when none are found", () => {
    expect(crawlableLinks.run(site()).status).toBe("fail");
  });
});

describe("add_to_cart_control", () => {
  it("passes for a submit button in a form with an action, or a cart-add link", async () => {
    expect(
      (await onProduct(addToCartControl, '<form action="/cart/add" method="post"><button>Add to cart</button></form>'))
        .status,
    ).toBe("pass");
    expect((await onProduct(addToCartControl, '<a href="/cart/add?id=1">Buy</a>')).status).toBe("pass");
  });
  it("warns for a scripted button outside a form", async () => {
    expect((await onProduct(addToCartControl, '<button type="button" class="atc">Add to bag</button>')).status).toBe(
      "warn",
    );
  });
  it("fails for non-semantic clickables or nothing", async () => {
    expect((await onProduct(addToCartControl, '<div onclick="add()">Add to cart</div>')).status).toBe("fail");
    expect((await onProduct(addToCartControl, "<p>Nothing to buy</p>")).status).toBe("fail");
  });
  it("fails with a clear message when no product page was found", () => {
    const out = addToCartControl.run(site());
    expect(out.status).toBe("fail");
    expect(out.blocked).toBeUndefined();
    expect(out.message).toMatch(/^No product page was found/);
  });
  it("is blocked when the product page is challenged", () => {
    const out = addToCartControl.run(site({ products: [{ fetched: challenged("/products/a"), page: null }] }));
    expect(out).toMatchObject({ status: "fail", blocked: true });
  });
});

describe("add_to_cart_name", () => {
  it("passes when the control says add to cart/bag/basket or buy", async () => {
    const out = await onProduct(
      addToCartName,
      '<form action="/cart/add"><input type="submit" value="Add to basket"></form>',
    );
    expect(out.status).toBe("pass");
    expect(out.evidence?.name).toBe("Add to basket");
  });
  it("warns on a generic name or a title only", async () => {
    expect((await onProduct(addToCartName, '<form action="/cart/add"><button>Submit</button></form>')).status).toBe(
      "warn",
    );
    expect(
      (await onProduct(addToCartName, '<form action="/cart/add"><button title="Cart"><svg></svg></button></form>'))
        .status,
    ).toBe("warn");
  });
  it("fails without an accessible name", async () => {
    expect(
      (await onProduct(addToCartName, '<form action="/cart/add"><button><svg></svg></button></form>')).status,
    ).toBe("fail");
  });
});

describe("form_labels", () => {
  const form = (inner: string) => `<form action="/cart/add">${inner}<button>Add to cart</button></form>`;
  it("passes when every field is labelled, or there are no fields", async () => {
    const inner =
      '<label for="s">Size</label><select id="s" name="size"></select><label>Qty <input name="qty"></label><input name="gift" aria-label="Gift wrap"><input type="hidden" name="id">';
    expect((await onProduct(formLabels, form(inner))).status).toBe("pass");
    expect((await onProduct(formLabels, form('<input type="hidden" name="id">'))).status).toBe("pass");
  });
  it("warns when some fields are labelled", async () => {
    const out = await onProduct(
      formLabels,
      form('<label for="s">Size</label><select id="s"></select><input name="qty">'),
    );
    expect(out.status).toBe("warn");
    expect(out.evidence?.unlabelled).toEqual(["qty"]);
  });
  it("fails when none are", async () => {
    expect(
      (await onProduct(formLabels, form('<select name="size"></select><input name="qty" placeholder="1">'))).status,
    ).toBe("fail");
  });
});

describe("cart_add", () => {
  const product = {
    url: "https://shop.example/products/a",
    name: "Trail Runner 2",
    price: "129.00",
    currency: "EUR",
    availability: "InStock",
    itemId: "44001",
    source: "json-ld" as const,
    disagreements: [],
  };
  const journey = (cart: Partial<JourneyResult["cart"]>, extra: Partial<JourneyResult> = {}): JourneyResult => ({
    platform: null,
    find: { via: "links", search: null, feeds: [] },
    product,
    mcp: [],
    requests: 3,
    stopped: null,
    ...extra,
    cart: {
      added: false,
      via: null,
      product_url: product.url,
      steps: [],
      attempts: [],
      readBack: null,
      blocked: null,
      ...cart,
    },
  });
  const steps = [
    { method: "GET", url: "https://shop.example/products/a", status: 200 },
    { method: "POST", url: "https://shop.example/cart/add", status: 302 },
    { method: "GET", url: "https://shop.example/cart", status: 200 },
  ];

  it("passes only when one product was added and read back, with evidence.cart in the issue's shape", () => {
    const out = cartAdd.run(
      site({
        journey: journey({
          added: true,
          via: "form",
          steps,
          attempts: [{ via: "form", outcome: "added", detail: "POST /cart/add" }],
          readBack: { url: "https://shop.example/cart", credential: "cookie", quantity: 1 },
        }),
      }),
    );
    expect(out.status).toBe("pass");
    expect(out.message).toContain("Trail Runner 2");
    expect(out.message).toContain("add-to-cart form");
    expect(out.evidence?.cart).toEqual({ added: true, via: "form", product_url: product.url, steps });
  });
  it("is blocked, with no pass, when robots.txt keeps the scanner from the cart", () => {
    const out = cartAdd.run(
      site({
        journey: journey({
          via: "platform_api",
          attempts: [{ via: "form", outcome: "blocked", detail: "robots.txt disallows the scanner from /cart/add" }],
          blocked: { reason: "robots.txt disallows the scanner from /cart/add", url: product.url, challenge: null },
        }),
      }),
    );
    expect(out).toMatchObject({ status: "fail", blocked: true });
    expect(out.message).toMatch(/^Access problem: .*robots\.txt disallows/);
  });
  it("warns when the cart accepted the request but the read back did not show the line", () => {
    const out = cartAdd.run(
      site({
        journey: journey({
          via: "form",
          attempts: [{ via: "form", outcome: "not_confirmed", detail: "/cart is empty" }],
        }),
      }),
    );
    expect(out.status).toBe("warn");
  });
  it("fails without a product, and when no path into a cart exists", () => {
    expect(cartAdd.run(site({ journey: journey({}, { product: null }) })).message).toContain(
      "No product could be found",
    );
    const none = cartAdd.run(site({ journey: journey({}) }));
    expect(none.status).toBe("fail");
    expect(none.blocked).toBeUndefined();
    expect(none.message).toContain("no add-to-cart form");
  });
  it("is blocked when the home page is behind a challenge and the journey did not run", () => {
    expect(cartAdd.run(site({ home: { fetched: challenged("/"), page: null } }))).toMatchObject({ blocked: true });
  });
});

describe("no_captcha", () => {
  it("passes without CAPTCHA widgets", async () => {
    expect((await onProduct(noCaptcha, "<p>ok</p>")).status).toBe("pass");
  });
  it("warns when only the cart page has one", async () => {
    const cart = [fetched("/cart", { body: '<div class="cf-turnstile" data-sitekey="x"></div>' })];
    const out = noCaptcha.run(site({ home: await page("/", html("")), cart }));
    expect(out.status).toBe("warn");
    expect(out.message).toContain("Turnstile");
  });
  it("fails when home or product pages have one", async () => {
    const out = await onProduct(
      noCaptcha,
      '<script src="https://www.google.com/recaptcha/api.js"></script><div class="h-captcha"></div>',
    );
    expect(out.status).toBe("fail");
    expect(out.evidence?.found).toEqual([
      { url: "https://shop.example/products/a", vendor: "hCaptcha" },
      { url: "https://shop.example/products/a", vendor: "reCAPTCHA" },
    ]);
  });
});

describe("image_alt_text", () => {
  const imgs = (alts: Array<string | null>) =>
    alts.map((a, i) => (a === null ? `<img src="/${i}.jpg">` : `<img src="/${i}.jpg" alt="${a}">`)).join("");
  it("passes at 90 % meaningful alt (decorative alt='' left out)", async () => {
    const alts = [...Array(9).fill("Blue shirt, front"), null, ""];
    expect((await onProduct(imageAltText, imgs(alts))).status).toBe("pass");
  });
  it("warns between 50 and 90 %", async () => {
    expect((await onProduct(imageAltText, imgs(["Blue shirt", "IMG_1234.jpg"]))).status).toBe("warn");
  });
  it("fails under 50 %", async () => {
    expect((await onProduct(imageAltText, imgs(["image", null, "Blue shirt"]))).status).toBe("fail");
  });
});

describe("add-to-cart messages say what is so (issue 27)", () => {
  it("a type=button add-to-cart inside the cart form is described as inside the form, not outside any form", async () => {
    const out = await onProduct(
      addToCartControl,
      '<form action="/checkout/cart/add/product/7/" method="post"><input type="hidden" name="product" value="7"><button type="button" onclick="addToCart()">Add to Cart</button></form>',
    );
    expect(out.status).toBe("warn");
    expect(out.message).toBe(
      'https://shop.example/products/a has an add-to-cart button of type="button" inside its form: it does not submit the form, so it needs JavaScript.',
    );
    const loose = await onProduct(addToCartControl, '<button type="button" class="js-add">Add to cart</button>');
    expect(loose.message).toContain("outside any form with an action");
  });

  it("a link driven by script is read by its label (issue 45): the name passes, the control needs JavaScript", async () => {
    const out = await onProduct(addToCartName, '<a href="#" class="btn add">Add to basket</a>');
    expect(out.status).toBe("pass");
    expect(out.message).toBe(
      'The add-to-cart control is named "Add to basket" (a link whose href "#" adds nothing without JavaScript).',
    );
    expect(out.evidence).toMatchObject({ tag: "a", href: "#", usable: false });
    const control = await onProduct(addToCartControl, '<a href="#" class="btn add">Add to basket</a>');
    expect(control.status).toBe("warn");
    expect(control.message).toBe(
      'https://shop.example/products/a has an add-to-cart link ("Add to basket") whose href "#" adds nothing by itself: it needs JavaScript.',
    );
    const none = await onProduct(addToCartName, "<p>Sold out</p>");
    expect(none.message).toContain("no add-to-cart button or link whose name could be read");
  });
});
