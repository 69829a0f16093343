import { describe, expect, it } from "vitest";
import { decodeAttributeEntities, decodeEntities } from "../../../shared/scan/html/entities";
import { extractPage, MAX_HANDLER_CALLS } from "../../../shared/scan/html/extract-page";

// The scanner's own HTML reading (issue 27 "Bugs real shops trigger"): character
// references, omitted end tags, itemref and <br> in microdata values.

describe("character references (the WHATWG HTML named-reference table)", () => {
  it("decodes named, legacy and numeric references in text", () => {
    expect(decodeEntities("Caf&eacute; Table&trade; &ndash; Gr&ouml;&szlig;e M")).toBe("Café Table™ – Größe M");
    expect(decodeEntities("&hellip;&rsquo;&laquo;&raquo;&mdash;&copy;&reg;&deg;&frac12;&times;")).toBe("…’«»—©®°½×");
    // Legacy names without a semicolon are decoded in text (HTML §13.2.5.73).
    expect(decodeEntities("&eacute &amp; &#233; &#xE9;")).toBe("é & é é");
    // A no-break space reads as a space; an unknown name stays as written.
    expect(decodeEntities("36,00&nbsp;EUR &unknownname;")).toBe("36,00 EUR &unknownname;");
    // Impossible code points become U+FFFD, as the standard says.
    expect(decodeEntities("&#99999999;")).toBe("\uFFFD");
  });

  it("in attributes, leaves a semicolon-less legacy name before = or a letter alone", () => {
    expect(decodeAttributeEntities("/p?a=1&copy=2&eacute;")).toBe("/p?a=1&copy=2é");
  });

  it("decodes product names, brands and og:title in every syntax the page uses", async () => {
    const facts = await extractPage(`<html><head><title>Caf&eacute; Table&trade; &ndash; Shop</title>
      <meta property="og:title" content="Caf&eacute; Table&trade; &ndash; Gr&ouml;&szlig;e M"></head><body>
      <h1>Caf&eacute; Table&trade;</h1>
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Caf&eacute; Table&trade; &ndash; Gr&ouml;&szlig;e M</span>
      <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><meta itemprop="name" content="M&ouml;bel&amp;Co"></div></div>
      </body></html>`);
    expect(facts.title).toBe("Café Table™ – Shop");
    expect(facts.meta["og:title"]).toBe("Café Table™ – Größe M");
    expect(facts.h1).toEqual(["Café Table™"]);
    expect(facts.microdata[0]).toMatchObject({
      name: "Café Table™ – Größe M",
      brand: { "@type": "Brand", name: "Möbel&Co" },
    });
  });
});

describe("microdata values stop where the HTML standard ends an element", () => {
  it("ends <dd>, <li>, <p> and <td> at the next sibling's start when their end tag is omitted", async () => {
    const facts = await extractPage(`<div itemscope itemtype="https://schema.org/Product">
      <dl><dt>Name<dd itemprop="name">Oak Table<dt>Colour<dd itemprop="color">Natural</dl>
      <ul><li itemprop="material">Oak<li itemprop="material">Steel</ul>
      <p itemprop="description">Solid oak.<p>Assembled in 10 minutes.
      <table><tr><td itemprop="sku">OT-1<td>in stock<tr><td itemprop="mpn">MPN-9<td>other</table>
      </div>`);
    expect(facts.microdata[0]).toMatchObject({
      name: "Oak Table",
      color: "Natural",
      material: ["Oak", "Steel"],
      description: "Solid oak.",
      sku: "OT-1",
      mpn: "MPN-9",
    });
  });

  it("does not end a list item at a nested list's item", async () => {
    const facts = await extractPage(`<ul itemscope itemtype="https://schema.org/ItemList">
      <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><span itemprop="name">Tables</span>
        <ul><li>Oak<li>Walnut</ul><meta itemprop="position" content="1">
      <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><span itemprop="name">Chairs</span><meta itemprop="position" content="2">
      </ul>`);
    expect(facts.microdata[0].itemListElement).toEqual([
      expect.objectContaining({ name: "Tables", position: "1" }),
      expect.objectContaining({ name: "Chairs", position: "2" }),
    ]);
  });

  it("separates words at <br>", async () => {
    const facts = await extractPage(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Oak Table<br>Größe M</h1><a href="/x" itemprop="url">Add<br/>to cart</a></div>`,
    );
    expect(facts.microdata[0].name).toBe("Oak Table Größe M");
    expect(facts.links[0].text).toBe("Add to cart");
  });
});

describe("itemref (HTML §5.2.5)", () => {
  it("adds the properties of referenced elements, before or after the item, nested ids included", async () => {
    const facts = await extractPage(`<p id="n"><span itemprop="name">Oak Table</span></p>
      <div itemscope itemtype="https://schema.org/Product" itemref="n offer-box"><span itemprop="sku">OT-1</span></div>
      <section id="offer-box"><div id="inner"><span itemprop="brand">Woodworks</span></div>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">189.00</span></div></section>`);
    expect(facts.microdata).toHaveLength(1);
    expect(facts.microdata[0]).toMatchObject({
      "@type": "Product",
      sku: "OT-1",
      name: "Oak Table",
      brand: "Woodworks",
      offers: { "@type": "Offer", price: "189.00" },
    });
    // Properties outside any item that no itemref names belong to nothing.
    const lone = await extractPage(
      `<p id="x"><span itemprop="name">Loose</span></p><div itemscope itemtype="https://schema.org/Thing"></div>`,
    );
    expect(lone.microdata[0]).toEqual({ "@type": "Thing", "@context": "https://schema.org" });
  });
});

describe('a bound on the pass (docs/scan.md "HTML extraction")', () => {
  // 20,000 links of about 30 bytes (600 KB): each is an element a handler selects and a
  // run of text.
  const links = Array.from({ length: 20_000 }, (_, i) => `<a href="/p/${i}">${i}</a>`).join("");
  const page = `<html><body>${links}<h1>The end</h1></body></html>`;

  it("reads a page whole within the bound", async () => {
    const facts = await extractPage(page);
    expect(facts.links).toHaveLength(20_000);
    expect(facts.h1).toEqual(["The end"]);
    expect(facts.problems).toEqual([]);
    expect(20_000 * 2).toBeLessThan(MAX_HANDLER_CALLS);
  });

  it("stops reading once the bound is reached, and says how much it read", async () => {
    const facts = await extractPage(page, { maxHandlerCalls: 1_000 });
    // At least the first fed piece (64 KiB, about 2,000 links) is read, not the rest.
    expect(facts.links.length).toBeGreaterThan(500);
    expect(facts.links.length).toBeLessThan(10_000);
    expect(facts.links[0].href).toBe("/p/0");
    expect(facts.h1).toEqual([]);
    expect(facts.problems).toHaveLength(1);
    expect(facts.problems[0]).toMatch(/^size: only the first \d+ of \d+ bytes were read \(at most 1000 elements/);
  });

  it("keeps a text node whole across the pieces the page is fed in, even inside a character", async () => {
    // "<p>" is 3 bytes and "ä" 2, so the 64 KiB boundary falls inside a character.
    const text = "ä".repeat(40_000);
    const facts = await extractPage(`<p>${text}</p><p>zwei Wörter</p>`);
    expect(facts.text).toBe(`${text} zwei Wörter`);
    const words = "Warenkorb ".repeat(10_000).trim();
    expect((await extractPage(`<p>${words}</p>`)).text).toBe(words);
  });
});
