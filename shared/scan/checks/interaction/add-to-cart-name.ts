import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { accessibleName, CART_WORDS, findCartControl } from "./cart-control";

export const addToCartName = defineCheck({
  key: "add_to_cart_name",
  layer: 3,
  weight: 2,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const first = pages[0];
    const found = first.page ? findCartControl(first.page) : null;
    const control = found?.control ?? null;
    if (!control && found?.namedLink) {
      const { text, href } = found.namedLink;
      return {
        status: "fail",
        message: `${first.fetched.url} has a link named "${text}", but it is not a usable add-to-cart control: its href "${href}" adds nothing without JavaScript.`,
        fix: 'Make it work without JavaScript: a <form action="/cart/add" method="post"> with <button type="submit">Add to cart</button>, or a link to a cart-add URL.',
        evidence: { url: first.fetched.url, name: text, href, usable: false },
      };
    }
    if (!control) {
      const text = found?.clickableText ?? null;
      return {
        status: "fail",
        message: `${first.fetched.url} has no add-to-cart button or link whose name could be read${text ? ` (only a clickable element "${text}")` : ""}.`,
        fix: 'Use a <button type="submit">Add to cart</button>.',
        evidence: { url: first.fetched.url, name: null },
      };
    }
    const name = accessibleName(control);
    const evidence = { url: first.fetched.url, name, title: control.title || null, tag: control.tag };
    if (name && CART_WORDS.test(name)) {
      return { status: "pass", message: `The add-to-cart control is named "${name}".`, evidence };
    }
    if (name || control.title) {
      return {
        status: "warn",
        message: `The add-to-cart control has a generic name ("${name || control.title}").`,
        fix: 'Name the control for what it does: visible text or aria-label "Add to cart".',
        evidence,
      };
    }
    return {
      status: "fail",
      message: "The add-to-cart control has no accessible name (no text, aria-label or value).",
      fix: 'Give the button visible text or aria-label="Add to cart".',
      evidence,
    };
  },
});
