import { offerPrice, offersOf, stringValue } from "../../structured-data";
import type { CheckStatus } from "../../types";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { amountsIn, priceInText, readPrice } from "./price-text";
import { productNodes } from "./product-nodes";

export const serverRenderedContent = defineCheck({
  key: "server_rendered_content",
  layer: 4,
  weight: 3,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) {
      const home = site.home?.page;
      if (!pages.blocked && home?.appRoot && home.text.length < 200) {
        return {
          ...pages,
          message: `${pages.message} The home page is an empty application shell (${home.text.length} characters of text without JavaScript).`,
          fix: "Render pages on the server (SSR or static generation) so their HTML carries the content.",
        };
      }
      return pages;
    }
    // The price must be the product's own and visible (issue 27): the structured-data
    // price, found as an amount in the text a person sees; a price-like string elsewhere
    // (a shipping fee in a hidden tooltip) proves nothing. Without a structured price, a
    // visible currency amount is the best evidence there is.
    const rows = pages.map((p) => {
      const page = p.page;
      const nodes = productNodes(p);
      const name = stringValue(nodes[0]?.name) ?? page?.h1[0] ?? null;
      const text = page?.text ?? "";
      const visible = page?.visibleText ?? text;
      const nameShown = !!name && visible.toLowerCase().includes(name.toLowerCase());
      const price =
        nodes
          .flatMap(offersOf)
          .map(offerPrice)
          .find((x) => x !== null) ?? null;
      const amount = price === null ? null : readPrice(price);
      const priceShown =
        amount !== null ? amountsIn(visible).some((n) => Math.abs(n - amount) < 0.005) : priceInText(visible);
      const shell = !!page?.appRoot && text.length < 200;
      const status: CheckStatus = nameShown && priceShown ? "pass" : nameShown ? "warn" : "fail";
      return { url: p.fetched.url, name, nameShown, price, priceShown, shell, textLength: text.length, status };
    });
    const worst = rows.find((r) => r.status === "fail") ?? rows.find((r) => r.status === "warn") ?? rows[0];
    const evidence = { pages: rows.map(({ status: _s, ...r }) => r) };
    if (worst.status === "pass") {
      return {
        status: "pass",
        message: `Product pages' raw HTML shows the product name and a price (${rows.length} checked).`,
        evidence,
      };
    }
    if (worst.status === "warn") {
      return {
        status: "warn",
        message: worst.price
          ? `${worst.url} shows the product name "${worst.name}" but not its price (${worst.price}) as visible text in its server HTML.`
          : `${worst.url} shows the product name "${worst.name}" but no visible price in its server HTML.`,
        fix: "Render the price as text in the server HTML, not only through JavaScript.",
        evidence,
      };
    }
    return {
      status: "fail",
      message: worst.shell
        ? `${worst.url} is an empty application shell: ${worst.textLength} characters of text without JavaScript.`
        : `${worst.url} does not show the product name in its server HTML.`,
      fix: "Render product pages on the server so the name, price and description are in the HTML.",
      evidence,
    };
  },
});
