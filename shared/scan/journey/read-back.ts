import { extractPage } from "../html/extract-page";
import { looksLikeCart } from "../url-patterns";
import type { JourneyContext } from "./context";
import { noteChallenge } from "./find";
import { readForms } from "./forms";
import type { JourneyResponse } from "./journey-client";
import type { CartResult } from "./types";

// "Read the cart back": after a mutation, the cart is read the way its platform shows
// it, with the same cookie jar: Shopify's `/cart.js` (Ajax API, the session's `cart`
// cookie: https://shopify.dev/docs/api/ajax/reference/cart#get-locale-cart-js), the
// WooCommerce Store API `GET cart` (https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart),
// else the cart page's HTML. The line must be there: the product's id or name, and its quantity when stated.

export type ReadBack = NonNullable<CartResult["readBack"]> & { confirmed: boolean; detail: string };

interface CartLine {
  id: string;
  name: string;
  quantity: number;
}

function matches(ctx: JourneyContext, line: CartLine): boolean {
  const p = ctx.product;
  if (!p) return false;
  if (p.itemId && line.id === p.itemId) return true;
  return !!p.name && !!line.name && line.name.toLowerCase().includes(p.name.toLowerCase());
}

function verdict(ctx: JourneyContext, url: string, credential: ReadBack["credential"], lines: CartLine[]): ReadBack {
  const line = lines.find((l) => matches(ctx, l));
  if (!line) {
    return {
      url,
      credential,
      quantity: null,
      confirmed: false,
      detail: `the cart read at ${url} holds ${lines.length} line(s), none for ${ctx.product?.name ?? "the product"}`,
    };
  }
  return {
    url,
    credential,
    quantity: line.quantity,
    confirmed: true,
    detail: `${url} shows ${line.quantity} × ${line.name || line.id}`,
  };
}

export async function readShopifyCart(ctx: JourneyContext): Promise<ReadBack> {
  const url = `${ctx.origin}/cart.js`;
  const res = await ctx.client.request(url, { accept: "application/json" });
  noteChallenge(ctx, res);
  if (res.status !== 200) return failed(url, res);
  try {
    const cart = JSON.parse(res.body) as {
      items?: Array<{
        id?: unknown;
        variant_id?: unknown;
        product_id?: unknown;
        quantity?: number;
        title?: string;
        product_title?: string;
      }>;
    };
    const lines = (cart.items ?? []).map((i) => ({
      id: String(i.variant_id ?? i.id ?? ""),
      name: i.product_title ?? i.title ?? "",
      quantity: Number(i.quantity ?? 0),
    }));
    return verdict(ctx, url, res.sentCookie ? "cookie" : null, lines);
  } catch {
    return failed(url, res, "/cart.js did not answer JSON");
  }
}

export async function readWooCart(ctx: JourneyContext, storeRoot: string, cartToken: string | null): Promise<ReadBack> {
  const url = `${storeRoot}cart`;
  const res = await ctx.client.request(url, {
    accept: "application/json",
    headers: cartToken ? { "Cart-Token": cartToken } : {},
  });
  noteChallenge(ctx, res);
  if (res.status !== 200) return failed(url, res);
  try {
    const cart = JSON.parse(res.body) as { items?: Array<{ id?: unknown; name?: string; quantity?: number }> };
    const lines = (cart.items ?? []).map((i) => ({
      id: String(i.id ?? ""),
      name: i.name ?? "",
      quantity: Number(i.quantity ?? 0),
    }));
    return verdict(ctx, url, cartToken ? "cart-token" : res.sentCookie ? "cookie" : null, lines);
  } catch {
    return failed(url, res, "the Store API cart did not answer JSON");
  }
}

/** The cart page's HTML: the landing page of the mutation when it is a cart page, else the linked or conventional cart URL. */
export async function readCartPage(ctx: JourneyContext, after: JourneyResponse): Promise<ReadBack> {
  let res = after;
  let landedOnCart = false;
  try {
    landedOnCart = after.status >= 200 && after.status < 300 && looksLikeCart(new URL(after.finalUrl));
  } catch {
    landedOnCart = false;
  }
  if (!landedOnCart) {
    const cartUrl = ctx.site.discovery.cartLinks[0] ?? `${ctx.origin}/cart`;
    res = await ctx.client.request(cartUrl);
    noteChallenge(ctx, res);
  }
  const url = res.finalUrl;
  if (res.status < 200 || res.status >= 300) return failed(url, res);
  const page = await extractPage(res.body).catch(() => null);
  const text = page?.text ?? "";
  const name = ctx.product?.name ?? "";
  if (!name || !text.toLowerCase().includes(name.toLowerCase())) {
    return {
      url,
      credential: res.sentCookie ? "cookie" : null,
      quantity: null,
      confirmed: false,
      detail: `${url} does not mention ${name || "the product"}`,
    };
  }
  const forms = await readForms(res.body).catch(() => []);
  const qty = forms.flatMap((f) => f.fields).find((f) => /quantity|qty|updates/i.test(f.name));
  const quantity = qty && /^\d+$/.test(qty.value) ? Number(qty.value) : null;
  return {
    url,
    credential: res.sentCookie ? "cookie" : null,
    quantity,
    confirmed: true,
    detail: `${url} lists ${name}${quantity !== null ? ` × ${quantity}` : ""}`,
  };
}

function failed(url: string, res: JourneyResponse, why?: string): ReadBack {
  return {
    url,
    credential: null,
    quantity: null,
    confirmed: false,
    detail: why ?? res.refused?.reason ?? (res.challenge ? `${res.challenge} challenge` : `HTTP ${res.status}`),
  };
}
