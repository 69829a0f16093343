import { describe, expect, it } from "vitest";
import { gs1CheckDigit, readGtin } from "../../../shared/scan/checks/content/gtin";
import { productIdentifiers } from "../../../shared/scan/checks/content/product-identifiers";
import { policyPages } from "../../../shared/scan/checks/identity/policy-pages";
import { addToCartControl } from "../../../shared/scan/checks/interaction/add-to-cart-control";
import { addToCartName } from "../../../shared/scan/checks/interaction/add-to-cart-name";
import { findCartControl, isCartControlName } from "../../../shared/scan/checks/interaction/cart-control";
import { cartLinks } from "../../../shared/scan/crawl/discover-products";
import { extractPage } from "../../../shared/scan/html/extract-page";
import { unsafeReason } from "../../../shared/scan/journey/safety";
import { looksLikeCart, looksLikeProduct } from "../../../shared/scan/url-patterns";
import { foldText } from "../../../shared/scan/vocabulary/fold";
import { SHOP_WORDS } from "../../../shared/scan/vocabulary/shop-words";
import { html, ld, page, site } from "./site-builder";

// Issue 45: shops in every language they are likely to use. Labels are written as the
// storefronts of each market write them (the platforms' default theme translations),
// often upper-cased by the theme.

const EU_LANGUAGES = [
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "et",
  "fi",
  "fr",
  "ga",
  "hr",
  "hu",
  "it",
  "lt",
  "lv",
  "mt",
  "nl",
  "pl",
  "pt",
  "ro",
  "sk",
  "sl",
  "sv",
];

describe("the vocabulary's languages", () => {
  it("covers the EU's 24 languages, Latin American Spanish, Brazilian Portuguese and Japanese, each with every kind of word", () => {
    const tags = SHOP_WORDS.flatMap((w) => w.lang);
    for (const lang of [...EU_LANGUAGES, "es-419", "pt-BR", "ja"]) expect(tags, lang).toContain(lang);
    for (const w of SHOP_WORDS) {
      for (const kind of ["cart", "addToCart", "buy", "shipping", "returns", "contact"] as const)
        expect(w[kind].length, `${w.lang[0]} ${kind}`).toBeGreaterThan(0);
    }
  });

  it("compares with Unicode case folding: ß and ss, final sigma, accents, half-width katakana", () => {
    expect(foldText("IN DEN WARENKORB")).toBe(foldText("in den Warenkorb"));
    expect(foldText("VERSANDSTRASSE")).toBe(foldText("Versandstraße"));
    expect(foldText("ΣΤΟ ΚΑΛΆΘΙ")).toBe(foldText("στο καλάθι"));
    expect(foldText("AÑADIR AL CARRITO")).toBe(foldText("añadir al carrito"));
    expect(foldText("ｶｰﾄに入れる")).toBe(foldText("カートに入れる"));
    expect(foldText("PŁATNOŚĆ")).toBe("platnosc");
  });
});

describe("add-to-cart labels in the shops' languages, whatever their case", () => {
  const labels: Array<[string, string]> = [
    ["en", "ADD TO BAG"],
    ["de", "IN DEN WARENKORB"],
    ["de", "Zum Warenkorb hinzufügen"],
    ["fr", "Ajouter au panier"],
    ["es (Spain)", "AÑADIR A LA CESTA"],
    ["es (Latin America)", "Agregar al carrito"],
    ["es (Mexico)", "Agregar a la bolsa"],
    ["pt (Portugal)", "Adicionar ao cesto"],
    ["pt (Brazil)", "ADICIONAR À SACOLA"],
    ["it", "Aggiungi al carrello"],
    ["nl", "In winkelwagen"],
    ["pl", "Dodaj do koszyka"],
    ["cs", "Přidat do košíku"],
    ["sk", "Pridať do košíka"],
    ["sl", "DODAJ V KOŠARICO"],
    ["hr", "Dodaj u košaricu"],
    ["bg", "Добави в количката"],
    ["el", "ΠΡΟΣΘΗΚΗ ΣΤΟ ΚΑΛΑΘΙ"],
    ["hu", "Kosárba teszem"],
    ["ro", "Adaugă în coș"],
    ["sv", "Lägg i varukorgen"],
    ["da", "Læg i kurv"],
    ["fi", "Lisää ostoskoriin"],
    ["et", "Lisa ostukorvi"],
    ["lv", "Ielikt grozā"],
    ["lt", "Į krepšelį"],
    ["mt", "Żid mal-karrettun"],
    ["ga", "Cuir sa chairt"],
    ["ja", "カートに入れる"],
    ["ja (half-width)", "ｶｰﾄに入れる"],
  ];
  for (const [lang, label] of labels) {
    it(`${lang}: "${label}"`, () => expect(isCartControlName(label)).toBe(true));
  }

  it("does not take other words for one", () => {
    for (const label of ["Newsletter abonnieren", "Cartoon", "Tote bag", "Cosmetice", "Zur Kasse", "Read more"])
      expect(isCartControlName(label), label).toBe(false);
  });
});

describe("a script-driven add-to-cart link (issue 45)", () => {
  const german = '<a href="#" class="btn btn--primary js-add-to-cart">IN DEN WARENKORB</a>';
  const product = async (body: string) =>
    site({ home: await page("/", html("")), products: [await page("/p/kaffee", html("", body))] });

  it("is found by its label, as a control that needs JavaScript, not as no control at all", async () => {
    const found = findCartControl(await extractPage(html("", german)));
    expect(found.level).toBe("script");
    expect(found.control).toMatchObject({ tag: "a", href: "#", text: "IN DEN WARENKORB", type: "script-link" });
    const control = addToCartControl.run(await product(german));
    expect(control.status).toBe("warn");
    expect(control.message).toContain('add-to-cart link ("IN DEN WARENKORB") whose href "#"');
    const name = addToCartName.run(await product(german));
    expect(name.status).toBe("pass");
    expect(name.message).toContain('named "IN DEN WARENKORB"');
  });

  it("reads javascript: links and buttons without a form the same way", async () => {
    const js = findCartControl(await extractPage(html("", '<a href="javascript:void(0)">Añadir al carrito</a>')));
    expect(js.level).toBe("script");
    const button = findCartControl(await extractPage(html("", '<button type="button">DODAJ V KOŠARICO</button>')));
    expect(button.level).toBe("script");
  });
});

describe("shipping, returns and contact pages in the shops' languages", () => {
  const shops: Array<[string, string[]]> = [
    ["es (Latin America)", ["Envíos", "Cambios y devoluciones", "Contáctanos"]],
    ["es (Spain)", ["Gastos de envío", "Devoluciones", "Atención al cliente"]],
    ["pt (Brazil)", ["Frete e entrega", "Trocas e devoluções", "Fale conosco"]],
    ["pt (Portugal)", ["Portes de envio", "Devoluções e reembolsos", "Contactos"]],
    ["sl", ["Dostava", "Vračilo blaga", "Kontakt"]],
    ["it", ["Spedizioni", "Resi e rimborsi", "Contatti"]],
    ["pl", ["Dostawa", "Zwroty", "Kontakt"]],
    ["hu", ["Szállítási információk", "Elállási jog", "Kapcsolat"]],
    ["ja", ["配送について", "返品・交換", "お問い合わせ"]],
  ];
  for (const [lang, [shipping, returns, contact]] of shops) {
    it(`${lang}: ${shipping} / ${returns} / ${contact}`, async () => {
      const links = [shipping, returns, contact]
        .map((t, i) => `<a href="/pages/p${i}">${t.toUpperCase()}</a>`)
        .join("");
      const out = policyPages.run(site({ home: await page("/", html("", links)) }));
      expect(out.status, JSON.stringify(out.evidence)).toBe("pass");
    });
  }

  it("reads the words in a link's path too (percent-encoded as well)", async () => {
    const links =
      '<a href="/politicas/envios">i</a><a href="/pages/trocas-e-devolu%C3%A7%C3%B5es">ii</a><a href="/kontakt">iii</a>';
    expect(policyPages.run(site({ home: await page("/", html("", links)) })).status).toBe("pass");
  });
});

describe("cart pages and links in the shops' languages", () => {
  const base = "https://shop.example/";
  const onSite = () => true;
  it("takes a short link named for the cart, in any case and language", () => {
    const links = [
      { href: "/carrito", text: "Mi carrito (2)", rel: "", type: "" },
      { href: "/pages/x", text: "KOŠARICA", rel: "", type: "" },
      { href: "/products/gift-basket", text: "Gift basket", rel: "", type: "" },
      { href: "/blog/cart-stories", text: "Stories about the cart we built for our market stall", rel: "", type: "" },
    ];
    expect(cartLinks(links, base, onSite)).toEqual(["https://shop.example/carrito", "https://shop.example/pages/x"]);
  });

  it("knows cart paths in the shops' languages, and never takes them for products", () => {
    for (const path of ["/carrinho", "/sacola", "/ko%C5%A1arica", "/warenkorb/", "/koszyk", "/carrello.html", "/cart"])
      expect(looksLikeCart(new URL(path, base)), path).toBe(true);
    expect(looksLikeCart(new URL("/products/cart-charger", base))).toBe(false);
    expect(looksLikeProduct(new URL("/carrinho/p/123", base))).toBe(false);
  });

  it("never lets the journey into checkout, order or payment pages in any of the languages", () => {
    for (const path of [
      "/kasse",
      "/finalizar-compra",
      "/pagamento",
      "/blagajna",
      "/zamowienie",
      "/afrekenen",
      "/cassa",
    ])
      expect(unsafeReason(new URL(path, base)), path).not.toBeNull();
    // A product whose slug merely contains such a word is fetched.
    expect(unsafeReason(new URL("/products/cassa-bluetooth", base))).toBeNull();
    expect(unsafeReason(new URL("/carrito", base))).toBeNull();
  });
});

describe("GTINs that are placeholders are no product identifiers (issue 45)", () => {
  it("computes GS1's check digit (4006381333931: weights 3,1 from the right give 89, so 1)", () => {
    // 3·3 + 9·1 + 3·3 + 3·1 + 3·3 + 1·1 + 8·3 + 3·1 + 6·3 + 0·1 + 0·3 + 4·1 = 89 → (10 − 9) mod 10 = 1.
    expect(gs1CheckDigit("400638133393")).toBe(1);
    expect(readGtin("4006381333931")).toEqual({ ok: true, digits: "4006381333931" });
    expect(readGtin("4006-3813-3393-1")).toEqual({ ok: true, digits: "4006381333931" });
  });

  it("refuses all zeros (its check digit is valid) and repeated digits, saying why", () => {
    expect(gs1CheckDigit("000000000000")).toBe(0);
    const zeros = readGtin("0000000000000");
    expect(zeros.ok).toBe(false);
    expect(!zeros.ok && zeros.reason).toContain("all zeros, a placeholder");
    const ones = readGtin("11111111");
    expect(!ones.ok && ones.reason).toBe("every digit is 1, a placeholder, not a product's GTIN");
    expect(readGtin("4006381333932")).toEqual({
      ok: false,
      reason: "its check digit is 2, and GS1's calculation gives 1",
    });
    expect(readGtin("12345")).toMatchObject({ ok: false });
  });

  it("product_identifiers does not count a placeholder GTIN and says so", async () => {
    const product = (gtin: string) =>
      ld({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Kaffee",
        sku: "K-1",
        gtin13: gtin,
        brand: { "@type": "Brand", name: "Röster" },
      });
    const scan = async (gtin: string) =>
      productIdentifiers.run(
        site({ home: await page("/", html("")), products: [await page("/p/kaffee", html(product(gtin)))] }),
      );
    const placeholder = await scan("0000000000000");
    expect(placeholder.status).toBe("warn");
    expect(placeholder.message).toContain(
      'lacks gtin/mpn in its Product data. https://shop.example/p/kaffee states gtin13 "0000000000000", which is no GTIN: it is all zeros',
    );
    expect((await scan("4006381333931")).status).toBe("pass");
  });
});
