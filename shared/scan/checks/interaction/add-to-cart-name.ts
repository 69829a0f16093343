import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { accessibleName, findCartControl, isCartControlName } from "./cart-control";

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
    // A link driven by script (`<a href="#">`) is read by its label like a button (issue
    // 45); that it needs JavaScript is add_to_cart_control's finding, said here too.
    const scriptLink = found?.level === "script" && control.tag === "a";
    const evidence = {
      url: first.fetched.url,
      name,
      title: control.title || null,
      tag: control.tag,
      ...(scriptLink ? { href: control.href, usable: false } : {}),
    };
    if (name && isCartControlName(name)) {
      const needsScript = scriptLink ? ` (a link whose href "${control.href}" adds nothing without JavaScript)` : "";
      return { status: "pass", message: `The add-to-cart control is named "${name}"${needsScript}.`, evidence };
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
