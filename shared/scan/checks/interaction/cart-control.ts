import type { ControlFacts, FormFacts, LinkFacts, PageFacts } from "../../types";
import { isAddToCartName, namesCart, urlWords } from "../../vocabulary/shop-vocabulary";
import { isSearchForm } from "./search-forms";

// Finds a product page's add-to-cart control, the way a browser agent would: a submit
// control in a real form, a link to a cart-add URL, a scripted button, or a clickable
// non-button. Shared by add_to_cart_control, add_to_cart_name and form_labels.

/**
 * A control's label that says add to cart (or buy), in the shop's language, whatever its
 * case ("IN DEN WARENKORB", "Añadir al carrito", "Dodaj v košarico", "カートに入れる"):
 * vocabulary/shop-words.ts.
 */
export function isCartControlName(text: string): boolean {
  return isAddToCartName(text);
}
const CART_ADD_URL = /\/cart\/add|add[-_]?to[-_]?cart|[?&]add-to-cart=|\/basket\/add/i;
// A form whose action or name says it puts a product in the cart: Shopify /cart/add,
// Magento /checkout/cart/add/, Shopware 5 /checkout/addArticle (form sAddToBasket),
// WooCommerce ?add-to-cart=, "cart"/"basket"/"bag" generally, and the cart's name in the
// shop's language in the action's path (/warenkorb/add, /carrito/agregar).
const CART_FORM = /cart|basket|bag|addArticle/i;
function formSaysCart(form: FormFacts): boolean {
  const words = `${form.action} ${form.name} ${form.id}`;
  return CART_FORM.test(words) || namesCart(urlWords(words).replace(/[/_.?=&-]+/g, " "));
}
/** An href that adds nothing without JavaScript: empty, a fragment, `javascript:`. */
const SCRIPT_ONLY_HREF = /^\s*(#.*|javascript:.*)?$/i;

export type ControlLevel = "form" | "link" | "script" | "clickable" | "none";

export interface CartControl {
  level: ControlLevel;
  control: ControlFacts | null;
  form: FormFacts | null;
  clickableText: string | null;
  /**
   * A link named for adding to the cart whose href adds nothing without JavaScript
   * (`#`, `javascript:`, the page itself): readable, but not a usable control.
   */
  namedLink: { text: string; href: string } | null;
}

export function accessibleName(c: ControlFacts): string {
  return (c.ariaLabel || c.text || (c.tag === "input" ? c.value : "") || "").trim();
}

function isSubmit(c: ControlFacts): boolean {
  return (
    (c.tag === "button" && c.type === "submit") || (c.tag === "input" && (c.type === "submit" || c.type === "image"))
  );
}

export function findCartControl(page: PageFacts): CartControl {
  const forms = page.forms.filter((f) => !isSearchForm(f) && f.action);
  const inForm = forms.flatMap((form) => form.controls.filter(isSubmit).map((control) => ({ form, control })));
  const namedSubmit = inForm.find((x) => isCartControlName(`${accessibleName(x.control)} ${x.control.title}`));
  // A submit button of some other form (reviews, newsletter) is no add-to-cart control.
  const formHit = namedSubmit ?? inForm.find((x) => formSaysCart(x.form));
  if (formHit)
    return { level: "form", control: formHit.control, form: formHit.form, clickableText: null, namedLink: null };
  const link = page.links.find((l) => CART_ADD_URL.test(l.href));
  if (link) return { level: "link", control: linkControl(link), form: null, clickableText: null, namedLink: null };
  const named = page.links.find((l) => isCartControlName(l.text));
  const namedLink = named ? { text: named.text, href: named.href } : null;
  // A cart-named control that is not a submit button of a form with an action acts only
  // through JavaScript, also when it sits in such a form (Magento's type=button onclick).
  const scripted = [...page.looseControls, ...page.forms.filter((f) => !isSearchForm(f)).flatMap((f) => f.controls)]
    .filter((c) => !(isSubmit(c) && forms.some((f) => f.controls.includes(c))))
    .find((c) => isCartControlName(`${accessibleName(c)} ${c.title}`));
  if (scripted) {
    const form = page.forms.find((f) => f.controls.includes(scripted)) ?? null;
    return { level: "script", control: scripted, form, clickableText: null, namedLink };
  }
  // A link named for adding to the cart whose href adds nothing by itself (`<a href="#">IN
  // DEN WARENKORB</a>`, driven by a click handler): a scripted control, read by its label
  // (issue 45). A named link to a real URL that is no cart-add URL adds nothing either.
  if (named) {
    return { level: "script", control: linkControl(named), form: null, clickableText: null, namedLink };
  }
  const clickable = page.clickables.find((t) => isCartControlName(t));
  if (clickable !== undefined)
    return { level: "clickable", control: null, form: null, clickableText: clickable, namedLink };
  return { level: "none", control: null, form: null, clickableText: null, namedLink };
}

function linkControl(link: LinkFacts): ControlFacts {
  return {
    tag: "a",
    type: SCRIPT_ONLY_HREF.test(link.href) ? "script-link" : "link",
    text: link.text,
    ariaLabel: "",
    value: "",
    title: "",
    href: link.href,
    inForm: false,
    onclick: false,
  };
}
