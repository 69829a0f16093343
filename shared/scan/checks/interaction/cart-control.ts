import type { ControlFacts, FormFacts, PageFacts } from "../../types";

// Finds a product page's add-to-cart control, the way a browser agent would: a submit
// control in a real form, a link to a cart-add URL, a scripted button, or a clickable
// non-button. Shared by add_to_cart_control, add_to_cart_name and form_labels.

export const CART_WORDS =
  /add to (cart|bag|basket)|add-to-cart|\bbuy\b|purchase|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello/i;
const CART_ADD_URL = /\/cart\/add|add[-_]?to[-_]?cart|[?&]add-to-cart=|\/basket\/add/i;

export type ControlLevel = "form" | "link" | "script" | "clickable" | "none";

export interface CartControl {
  level: ControlLevel;
  control: ControlFacts | null;
  form: FormFacts | null;
  clickableText: string | null;
}

export function accessibleName(c: ControlFacts): string {
  return (c.ariaLabel || c.text || (c.tag === "input" ? c.value : "") || "").trim();
}

function isSubmit(c: ControlFacts): boolean {
  return (
    (c.tag === "button" && c.type === "submit") || (c.tag === "input" && (c.type === "submit" || c.type === "image"))
  );
}

function isSearchForm(f: FormFacts): boolean {
  return f.role === "search" || f.inSearchLandmark || f.inputs.some((i) => i.type === "search" || i.name === "q");
}

export function findCartControl(page: PageFacts): CartControl {
  const forms = page.forms.filter((f) => !isSearchForm(f) && f.action);
  const inForm = forms.flatMap((form) => form.controls.filter(isSubmit).map((control) => ({ form, control })));
  const named = inForm.find((x) => CART_WORDS.test(`${accessibleName(x.control)} ${x.control.title}`));
  const formHit = named ?? inForm.find((x) => /cart|bag|basket/i.test(x.form.action ?? "")) ?? inForm[0];
  if (formHit) return { level: "form", control: formHit.control, form: formHit.form, clickableText: null };
  const link = page.links.find((l) => CART_ADD_URL.test(l.href));
  if (link) {
    const control: ControlFacts = {
      tag: "a",
      type: "link",
      text: link.text,
      ariaLabel: "",
      value: "",
      title: "",
      href: link.href,
      inForm: false,
    };
    return { level: "link", control, form: null, clickableText: null };
  }
  const scripted = [...page.looseControls, ...page.forms.filter((f) => !f.action).flatMap((f) => f.controls)].find(
    (c) => CART_WORDS.test(`${accessibleName(c)} ${c.title}`),
  );
  if (scripted) return { level: "script", control: scripted, form: null, clickableText: null };
  const clickable = page.clickables.find((t) => CART_WORDS.test(t));
  if (clickable !== undefined) return { level: "clickable", control: null, form: null, clickableText: clickable };
  return { level: "none", control: null, form: null, clickableText: null };
}
