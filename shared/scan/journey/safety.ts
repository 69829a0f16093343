// The journey's hard rules (docs/scan.md "Safety"), checked on every request and every
// redirect hop before it is sent: never a checkout or payment path, never a Shopify cart
// permalink without `storefront=true` (Shopify opens checkout for those:
// https://shopify.dev/docs/apps/build/checkout/create-cart-permalinks), never UCP's
// `/buy` permalink route (it takes the buyer to checkout by default:
// https://shopify.dev/changelog/cart-and-checkout-permalinks-now-support-ucp-at-buy).

import { percentDecodeOrKeep } from "../../encoding/percent-decode";
import { isCheckoutSegment } from "../vocabulary/shop-vocabulary";

// Checkout, order and payment segments in every language of vocabulary/shop-words.ts
// (`/kasse`, `/finalizar-compra`, `/pagamento`, `/blagajna`), besides English.
const FORBIDDEN_ANYWHERE = /checkout|payment/i;
// Cart operations some platforms keep under /checkout/: Magento's cart page and
// /checkout/cart/add (https://developer.adobe.com/commerce/php/module-reference/module-checkout/),
// Shopware's /checkout/cart and /checkout/line-item/add
// (https://developer.shopware.com/docs/guides/plugins/plugins/checkout/cart/). They are the cart, not checkout.
const CART_UNDER_CHECKOUT = /^\/checkout\/(cart|line-item)(\/|$)/i;
const SHOPIFY_PERMALINK = /^\/cart\/\d+:\d+(,\d+:\d+)*\/?$/;

/** Why `url` must never be requested by the journey, or null when it may be. */
export function unsafeReason(url: URL): string | null {
  const path = percentDecodeOrKeep(url.pathname);
  const query = percentDecodeOrKeep(url.search);
  const cartPath = CART_UNDER_CHECKOUT.test(path);
  if ((!cartPath && FORBIDDEN_ANYWHERE.test(path)) || FORBIDDEN_ANYWHERE.test(query)) {
    return `${url.pathname}${url.search} is a checkout or payment path, which the scanner never requests`;
  }
  const segment = path
    .split("/")
    .slice(cartPath ? 2 : 0)
    .find((s) => isCheckoutSegment(s));
  if (segment)
    return `${url.pathname} is a checkout, order or payment path ("/${segment}"), which the scanner never requests`;
  if (SHOPIFY_PERMALINK.test(url.pathname) && url.searchParams.get("storefront") !== "true") {
    return `${url.pathname} is a cart permalink without storefront=true, which opens checkout`;
  }
  return null;
}
