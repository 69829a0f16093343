import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { findCartControl } from "./cart-control";

export const formLabels = defineCheck({
  key: "form_labels",
  layer: 3,
  weight: 2,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const first = pages[0];
    const form = first.page ? findCartControl(first.page).form : null;
    if (!form) {
      return {
        status: "fail",
        message: `${first.fetched.url} has no product form (add-to-cart form with an action) whose fields could be checked.`,
        fix: "Put variant and quantity fields in the add-to-cart <form>, each with a <label>.",
        evidence: { url: first.fetched.url, form: false },
      };
    }
    // Only fields a person sees: hidden, aria-hidden and display:none fields need no label.
    const inputs = form.inputs.filter((i) => i.type !== "submit" && i.type !== "button" && !i.hidden);
    const unlabelled = inputs.filter((i) => !i.labelled).map((i) => i.name || i.id || i.type);
    const evidence = { url: first.fetched.url, inputs: inputs.length, unlabelled };
    if (inputs.length === 0 || unlabelled.length === 0) {
      return {
        status: "pass",
        message: inputs.length
          ? `All ${inputs.length} product form fields have labels.`
          : "The product form has no visible fields to label.",
        evidence,
      };
    }
    return {
      status: unlabelled.length < inputs.length ? "warn" : "fail",
      message: `${unlabelled.length} of ${inputs.length} product form fields have no label: ${unlabelled.join(", ")}.`,
      fix: 'Give each field a <label for="id">, a wrapping <label>, or aria-label.',
      evidence,
    };
  },
});
