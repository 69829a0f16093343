import type { EventKind } from "../ingest/queue-message";

// Outcome evidence (docs/decisions.md#5-traffic-reports; traffic-facts §5). Event vocabularies: GA4 ecommerce
// and Shopify Web Pixels, mapped by the snippet to add_to_cart / begin_checkout /
// purchase. URL conventions for a storage-free snippet and for server-side records:
// cart `/cart`; checkout `/checkout`, `/checkouts/`; confirmation Shopify
// `/checkouts/…/thank_you` or `/thank-you`, WooCommerce `/checkout/order-received/`,
// Magento `/checkout/onepage/success`, BigCommerce `/checkout/order-confirmation`.
const confirmationPaths = [
  /\/thank[_-]you(\/|$)/i,
  /\/checkout\/order-received(\/|$)/i,
  /\/checkout\/onepage\/success(\/|$)/i,
  /\/checkout\/order-confirmation(\/|$)/i,
  /\/order-confirmation(\/|$)/i,
];
const cartPaths = [/^\/cart(\/|$)/i, /\/checkouts?(\/|$)/i];

export interface Evidence {
  cart: boolean;
  purchase: boolean;
}

/** What one event proves about the shopping journey. */
export function evidenceOf(kind: EventKind, path: string): Evidence {
  if (kind === "purchase") return { cart: true, purchase: true };
  if (kind === "add_to_cart" || kind === "begin_checkout") return { cart: true, purchase: false };
  if (kind === "pageview" || kind === "request") {
    if (confirmationPaths.some((re) => re.test(path))) return { cart: true, purchase: true };
    if (cartPaths.some((re) => re.test(path))) return { cart: true, purchase: false };
  }
  return { cart: false, purchase: false };
}

// The outcome these flags decide is in shared/vocabulary/session-outcomes.ts (one vocabulary, one rule).
export { type Outcome, outcomeOf } from "../vocabulary/session-outcomes";
