import type { CartVia } from "../../journey/types";
import { homeBlocked } from "../check-helpers";
import { defineCheck } from "../define-check";

// cart_add (layer 3, weight 3; replaces cart_url in scoring version 3): passes only
// when the journey added one product to a cart and read the line back. Evidence:
// `cart` = {added, via, product_url, steps: [{method, url, status}]} (issue 14), plus
// the paths tried and what the read back carried.

/** How the journey added to the cart, in words: the check's message and the report's cart journey. */
export const CART_VIA_WORDS: Record<CartVia, string> = {
  form: "the product page's add-to-cart form",
  permalink: "a cart URL",
  platform_api: "the platform's cart API",
  mcp: "the commerce protocol's MCP cart tool",
};

export const cartAdd = defineCheck({
  key: "cart_add",
  layer: 3,
  weight: 3,
  run(site) {
    const j = site.journey;
    if (!j) {
      const blocked = homeBlocked(site);
      if (blocked) return blocked;
      return {
        status: "fail",
        message: "The add-to-cart journey did not run, so no product was put in a cart.",
        fix: "Make the home page and product pages reachable over plain HTTP.",
        evidence: { cart: null },
      };
    }
    const c = j.cart;
    const evidence = {
      cart: { added: c.added, via: c.via, product_url: c.product_url, steps: c.steps },
      attempts: c.attempts,
      readBack: c.readBack,
      product: j.product,
    };
    if (c.added && c.via) {
      const p = j.product;
      const price = p?.price ? ` (${p.currency ? `${p.currency} ` : ""}${p.price})` : "";
      const carried = c.readBack?.credential ? ` with the ${c.readBack.credential}` : "";
      return {
        status: "pass",
        message: `One unit of ${p?.name ?? c.product_url ?? "a product"}${price} was added to a cart through ${CART_VIA_WORDS[c.via]} and read back at ${c.readBack?.url ?? "the cart"}${carried}.`,
        evidence,
      };
    }
    if (c.blocked) {
      return {
        status: "fail",
        blocked: true,
        message: `Access problem: the cart could not be reached (${c.blocked.reason}), so no request was sent to it. Agents that obey robots.txt or cannot pass a challenge cannot add anything to a cart here.`,
        fix: c.blocked.challenge
          ? `Let verified AI agents through the ${c.blocked.challenge} bot protection on product and cart URLs.`
          : "Allow AI agents to use the cart in robots.txt (for example `Allow: /cart` in a group for AI user agents, or expose a public cart API that robots.txt does not disallow), while keeping checkout disallowed.",
        evidence,
      };
    }
    const notConfirmed = c.attempts.find((a) => a.outcome === "not_confirmed");
    if (notConfirmed) {
      return {
        status: "warn",
        message: `The cart accepted a request through ${CART_VIA_WORDS[notConfirmed.via]}, but reading the cart back did not show the line: ${notConfirmed.detail}.`,
        fix: "Keep the cart in a cookie or token the next request carries, and show its lines on the cart page (or /cart.js, or the Store API cart).",
        evidence,
      };
    }
    if (!j.product) {
      return {
        status: "fail",
        message:
          "No product could be found without JavaScript (no product page with structured data through links or the sitemap, no product API), so nothing could be added to a cart.",
        fix: "Render product pages and links as server HTML with Product structured data, or publish a product feed or API.",
        evidence,
      };
    }
    if (c.attempts.length === 0) {
      return {
        status: "fail",
        message: `${j.product.name ?? c.product_url ?? "The product"} has no way into a cart without JavaScript: no add-to-cart form with an action, no cart URL, no public cart API, no commerce-protocol cart tool.`,
        fix: 'Wrap the add-to-cart button in <form method="post" action="/cart/add"> with the product id and quantity fields, so it works without JavaScript.',
        evidence,
      };
    }
    const last = c.attempts[c.attempts.length - 1];
    return {
      status: "fail",
      message: `No path put ${j.product.name ?? "the product"} in a cart: ${c.attempts.map((a) => `${a.via}: ${a.detail}`).join("; ")}.`,
      fix: `Make ${CART_VIA_WORDS[last.via]} accept one unit of a product and keep it in the session's cart.`,
      evidence,
    };
  },
});
