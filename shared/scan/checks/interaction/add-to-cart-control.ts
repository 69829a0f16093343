import type { CheckStatus } from "../../types";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { type ControlLevel, findCartControl } from "./cart-control";

const STATUS: Record<ControlLevel, CheckStatus> = {
  form: "pass",
  link: "pass",
  script: "warn",
  clickable: "fail",
  none: "fail",
};
const RANK: Record<ControlLevel, number> = { form: 0, link: 0, script: 1, clickable: 2, none: 3 };

export const addToCartControl = defineCheck({
  key: "add_to_cart_control",
  layer: 3,
  weight: 3,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const rows = pages.map((p) => {
      const found = p.page ? findCartControl(p.page) : null;
      // Where a scripted control sits: a type="button" inside the cart form is in a form,
      // it just does not submit it (issue 27: it was called "outside any form").
      const inForm = found?.level === "script" && !!found.form?.action;
      // A link named for adding to the cart that only a click handler makes work (issue 45).
      const link = found?.level === "script" && found.control?.tag === "a" ? found.control : null;
      return {
        url: p.fetched.url,
        level: found?.level ?? ("none" as ControlLevel),
        ...(inForm ? { inForm, type: found?.control?.type } : {}),
        ...(link ? { link: { name: link.text, href: link.href } } : {}),
      };
    });
    // The weakest product page decides: an agent may land on any of them.
    const worst = rows.reduce((a, b) => (RANK[b.level] > RANK[a.level] ? b : a));
    const evidence = { pages: rows };
    const status = STATUS[worst.level];
    const messages: Record<ControlLevel, string> = {
      form: "Product pages have a submit button inside a <form> with an action: agents can add to cart without JavaScript.",
      link: "Product pages link to a cart-add URL: agents can add to cart without JavaScript.",
      script:
        "link" in worst && worst.link
          ? `${worst.url} has an add-to-cart link ("${worst.link.name}") whose href "${worst.link.href}" adds nothing by itself: it needs JavaScript.`
          : "inForm" in worst && worst.inForm
            ? `${worst.url} has an add-to-cart button of type="${worst.type}" inside its form: it does not submit the form, so it needs JavaScript.`
            : `${worst.url} has an add-to-cart button outside any form with an action, so it needs JavaScript.`,
      clickable: `${worst.url} only offers a non-semantic clickable element (onclick / role=button) to add to cart.`,
      none: `${worst.url} has no add-to-cart control in its HTML.`,
    };
    return {
      status,
      message: messages[worst.level],
      fix:
        status === "pass"
          ? null
          : '<form action="/cart/add" method="post"><input type="hidden" name="id" value="..."><button type="submit">Add to cart</button></form>',
      evidence,
    };
  },
});
