import { isCartControlName } from "../checks/interaction/cart-control";
import { extractPage } from "../html/extract-page";
import type { JourneyContext, McpContext } from "./context";
import { noteChallenge } from "./find";
import { encodeEntries, type PageForm, readForms } from "./forms";
import type { JourneyResponse } from "./journey-client";
import { McpSession, toolPayload } from "./mcp-client";
import { type ReadBack, readCartPage, readShopifyCart, readWooCart } from "./read-back";
import type { CartVia, PathAttempt } from "./types";

// The four ways into a cart, in the order an agent without JavaScript would try them
// (docs/scan.md "The journey"). Each returns null when it does not apply to this shop;
// each sends at most one cart mutation, then reads the cart back.

export interface PathResult {
  attempt: PathAttempt;
  readBack: ReadBack | null;
}

const CART_ADD_URL = /\/cart\/add|add[-_]?to[-_]?cart|[?&]add-to-cart=|\/basket\/add/i;
// An action that adds to a cart (Shopify /cart/add, Magento /checkout/cart/add, Shopware
// /checkout/line-item/add, /basket/add): never a cart's update, remove or clear form.
const CART_ACTION = /(cart|basket|bag|line-item)\/[^?#]*\badd\b|add[-_]?to[-_]?(cart|basket|bag)/i;
const NOT_AN_ADD = /remove|delete|clear|empty|update|change|coupon|discount/i;

function outcomeOf(via: CartVia, res: JourneyResponse, what: string): PathResult | null {
  if (res.refused) {
    const blocked = res.refused.kind === "robots";
    return {
      attempt: { via, outcome: blocked ? "blocked" : "refused", detail: `${what} not sent: ${res.refused.reason}` },
      readBack: null,
    };
  }
  if (res.challenge) {
    return {
      attempt: { via, outcome: "blocked", detail: `${what} answered with a ${res.challenge} challenge` },
      readBack: null,
    };
  }
  // The mutation's own answer decides: a 303 to a cart page that then fails still changed the cart.
  if (res.firstStatus === 0 || res.firstStatus >= 400) {
    const s = res.firstStatus || res.status;
    return {
      attempt: { via, outcome: "failed", detail: `${what} answered ${s ? `HTTP ${s}` : "nothing"}` },
      readBack: null,
    };
  }
  return null;
}

function confirmed(via: CartVia, what: string, rb: ReadBack): PathResult {
  return {
    attempt: { via, outcome: rb.confirmed ? "added" : "not_confirmed", detail: `${what}; ${rb.detail}` },
    readBack: rb,
  };
}

async function readBackFor(ctx: JourneyContext, after: JourneyResponse): Promise<ReadBack> {
  if (ctx.platform.platform === "shopify") return readShopifyCart(ctx);
  if (ctx.platform.platform === "woocommerce" && ctx.platform.wpApiRoot) {
    return readWooCart(ctx, `${ctx.platform.wpApiRoot}wc/store/v1/`, null);
  }
  return readCartPage(ctx, after);
}

export function isCartForm(f: PageForm): boolean {
  if (f.search || f.role === "search") return false;
  if (NOT_AN_ADD.test(f.action ?? "")) return false;
  const named = f.buttons.some((b) => isCartControlName(`${b.text} ${b.value}`) || /^(add|add-to-cart)$/i.test(b.name));
  return named || CART_ACTION.test(f.action ?? "");
}

/** The product page as the agent sees it now: fetched once more with the jar (session cookie, form tokens). */
async function productPage(ctx: JourneyContext): Promise<JourneyResponse | null> {
  const url = ctx.product?.url;
  if (!url) return null;
  const res = await ctx.client.request(url);
  noteChallenge(ctx, res);
  return res;
}

function multipart(entries: Array<{ name: string; value: string }>, boundary: string): string {
  const esc = (s: string) => s.replace(/"/g, "%22").replace(/\r?\n/g, " ");
  return `${entries
    .map((e) => `--${boundary}\r\nContent-Disposition: form-data; name="${esc(e.name)}"\r\n\r\n${e.value}\r\n`)
    .join("")}--${boundary}--\r\n`;
}

/** 1. The product page's own add-to-cart form, submitted as a browser submits it. */
export async function tryForm(ctx: JourneyContext, page: JourneyResponse | null): Promise<PathResult | null> {
  if (!page || page.status < 200 || page.status >= 300 || page.challenge) return null;
  const forms = await readForms(page.body).catch(() => []);
  const form = forms.find(isCartForm);
  if (!form) return null;
  const button =
    form.buttons.find((b) => isCartControlName(`${b.text} ${b.value}`) || /^(add|add-to-cart)$/i.test(b.name)) ??
    form.buttons[0];
  const entries = form.fields.map((f) => (/^(quantity|qty)$/i.test(f.name) ? { name: f.name, value: "1" } : f));
  if (button?.name) entries.push({ name: button.name, value: button.value });
  let target: URL;
  try {
    // No action: the form submits to the page itself (HTML "form submission algorithm").
    target = new URL(form.action || page.finalUrl, page.finalUrl);
  } catch {
    return {
      attempt: { via: "form", outcome: "failed", detail: `unusable form action "${form.action}"` },
      readBack: null,
    };
  }
  let res: JourneyResponse;
  const what = `${form.method.toUpperCase()} ${target.pathname} (the product page's add-to-cart form)`;
  if (form.method === "get") {
    target.search = encodeEntries(entries);
    res = await ctx.client.request(target.href, { mutation: true });
  } else if (form.enctype === "multipart/form-data") {
    const boundary = "----AgentReadinessScannerFormBoundary";
    res = await ctx.client.request(target.href, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: multipart(entries, boundary),
      mutation: true,
    });
  } else {
    res = await ctx.client.request(target.href, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: encodeEntries(entries),
      mutation: true,
    });
  }
  noteChallenge(ctx, res);
  const stop = outcomeOf("form", res, what);
  if (stop) return stop;
  return confirmed("form", what, await readBackFor(ctx, res));
}

/**
 * 2. A cart URL: a cart-add link on the product page, else Shopify's cart permalink with
 * `storefront=true`, which lands on the cart instead of checkout
 * (https://shopify.dev/docs/apps/build/checkout/create-cart-permalinks).
 */
export async function tryPermalink(ctx: JourneyContext, page: JourneyResponse | null): Promise<PathResult | null> {
  let url: string | null = null;
  if (page && page.status >= 200 && page.status < 300 && !page.challenge) {
    const facts = await extractPage(page.body).catch(() => null);
    // Related-product grids carry cart-add links for other products: take the link that
    // names this product's id, else the page's only cart-add link, never a guess.
    const links = [...new Set((facts?.links ?? []).filter((l) => CART_ADD_URL.test(l.href)).map((l) => l.href))];
    const id = ctx.product?.itemId;
    const named = id
      ? links.find((h) => new RegExp(`[=/:]${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\b|$)`).test(h))
      : undefined;
    const link = named !== undefined ? { href: named } : links.length === 1 ? { href: links[0] } : undefined;
    if (link) {
      try {
        url = new URL(link.href, page.finalUrl).href;
      } catch {
        url = null;
      }
    }
  }
  if (!url && ctx.platform.platform === "shopify" && ctx.product?.itemId && /^\d+$/.test(ctx.product.itemId)) {
    url = `${ctx.origin}/cart/${ctx.product.itemId}:1?storefront=true`;
  }
  if (!url) return null;
  const res = await ctx.client.request(url, { mutation: true });
  noteChallenge(ctx, res);
  const what = `GET ${new URL(url).pathname}${new URL(url).search} (cart URL)`;
  const stop = outcomeOf("permalink", res, what);
  if (stop) return stop;
  return confirmed("permalink", what, await readBackFor(ctx, res));
}

/** 3. The platform's public cart API. */
export async function tryPlatformApi(ctx: JourneyContext): Promise<PathResult | null> {
  const id = ctx.product?.itemId;
  if (!id || !/^\d+$/.test(id)) return null;
  if (ctx.platform.platform === "shopify") {
    // Shopify Ajax API: POST /cart/add.js {items: [{id, quantity}]}
    // (https://shopify.dev/docs/api/ajax/reference/cart#post-locale-cart-add-js).
    const url = `${ctx.origin}/cart/add.js`;
    const res = await ctx.client.request(url, {
      method: "POST",
      accept: "application/json",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ id: Number(id), quantity: 1 }] }),
      mutation: true,
    });
    noteChallenge(ctx, res);
    const what = "POST /cart/add.js (Shopify Ajax API)";
    return outcomeOf("platform_api", res, what) ?? confirmed("platform_api", what, await readShopifyCart(ctx));
  }
  if (ctx.platform.platform === "woocommerce" && ctx.platform.wpApiRoot) {
    // WooCommerce Store API: a GET of the cart issues the `Nonce` and `Cart-Token`
    // headers; POST cart/add-item needs one of them
    // (https://developer.woocommerce.com/docs/apis/store-api/nonce-tokens,
    // https://developer.woocommerce.com/docs/apis/store-api/cart-tokens).
    const store = `${ctx.platform.wpApiRoot}wc/store/v1/`;
    const first = await ctx.client.request(`${store}cart`, { accept: "application/json" });
    noteChallenge(ctx, first);
    const early = outcomeOf("platform_api", first, "GET the Store API cart");
    if (early) return early;
    const nonce = first.headers.nonce ?? first.headers["x-wc-store-api-nonce"] ?? null;
    const token = first.headers["cart-token"] ?? null;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (nonce) headers.Nonce = nonce;
    if (token) headers["Cart-Token"] = token;
    const res = await ctx.client.request(`${store}cart/add-item`, {
      method: "POST",
      accept: "application/json",
      headers,
      body: JSON.stringify({ id: Number(id), quantity: 1 }),
      mutation: true,
    });
    noteChallenge(ctx, res);
    const what = `POST ${new URL(`${store}cart/add-item`).pathname} (WooCommerce Store API${token ? ", Cart-Token" : ""}${nonce ? ", Nonce" : ""})`;
    const stop = outcomeOf("platform_api", res, what);
    if (stop) return stop;
    return confirmed("platform_api", what, await readWooCart(ctx, store, res.headers["cart-token"] ?? token));
  }
  return null;
}

export function mcpSession(
  ctx: Pick<JourneyContext, "client" | "mcpSessions">,
  endpoint: string,
  side = false,
): McpSession {
  let s = ctx.mcpSessions.get(endpoint);
  if (!s) {
    s = new McpSession(ctx.client, endpoint, side);
    ctx.mcpSessions.set(endpoint, s);
  }
  return s;
}

/**
 * 4. A commerce protocol's MCP cart tool: UCP's `create_cart`, then `get_cart`, each
 * call carrying `meta["ucp-agent"].profile` as the UCP cart MCP binding requires
 * (https://ucp.dev/specification/shopping/cart/mcp/).
 */
export async function tryMcp(ctx: JourneyContext): Promise<PathResult | null> {
  const endpoint = ctx.ucp?.mcpEndpoint;
  if (!endpoint) return null;
  const session = mcpSession(ctx, endpoint);
  const probe = await probeMcp(ctx, endpoint, "/.well-known/ucp");
  if (!probe.tools) {
    const blocked = /robots\.txt disallows|challenge/.test(probe.error ?? "");
    return {
      attempt: {
        via: "mcp",
        outcome: blocked ? "blocked" : "failed",
        detail: `${endpoint} did not list its tools (${probe.error})`,
      },
      readBack: null,
    };
  }
  if (!probe.tools.includes("create_cart")) {
    return {
      attempt: { via: "mcp", outcome: "failed", detail: `${endpoint} lists no create_cart tool` },
      readBack: null,
    };
  }
  // The profile goes where the current binding reads it (arguments.meta["ucp-agent"]) and
  // where the 2026-01 drafts read it (params._meta.ucp.profile).
  const meta = { "ucp-agent": { profile: ctx.agentProfileUrl } };
  const _meta = { ucp: { profile: ctx.agentProfileUrl } };
  // The id a UCP cart takes is the catalog's (a variant id), which a page's SKU need not
  // be: when the endpoint offers UCP's search_catalog, the product is looked up there first.
  if (probe.tools.includes("search_catalog")) await findInCatalog(ctx, session, meta, _meta);
  const id = ctx.product?.itemId;
  if (!id) {
    return {
      attempt: { via: "mcp", outcome: "failed", detail: `no item id to put in a UCP cart at ${endpoint}` },
      readBack: null,
    };
  }
  const created = await session.call(
    "tools/call",
    { name: "create_cart", arguments: { meta, cart: { line_items: [{ item: { id }, quantity: 1 }] } }, _meta },
    true,
  );
  noteChallenge(ctx, created.response);
  const what = `tools/call create_cart at ${endpoint}`;
  if (created.error) {
    const blocked = created.response.refused?.kind === "robots" || !!created.response.challenge;
    return {
      attempt: { via: "mcp", outcome: blocked ? "blocked" : "failed", detail: `${what}: ${created.error}` },
      readBack: null,
    };
  }
  const cart = toolPayload(created.result);
  const cartObj = (cart?.cart as Record<string, unknown> | undefined) ?? cart;
  const cartId = cartObj && typeof cartObj.id === "string" ? cartObj.id : null;
  if (!cartId)
    return { attempt: { via: "mcp", outcome: "failed", detail: `${what} returned no cart id` }, readBack: null };
  const read = await session.call("tools/call", { name: "get_cart", arguments: { meta, id: cartId }, _meta });
  const got = toolPayload(read.result);
  const gotCart = (got?.cart as Record<string, unknown> | undefined) ?? got;
  const lines = Array.isArray(gotCart?.line_items) ? (gotCart.line_items as Array<Record<string, unknown>>) : [];
  const line = lines.find((l) => String((l.item as Record<string, unknown> | undefined)?.id ?? "") === id);
  const rb: ReadBack = line
    ? {
        url: endpoint,
        credential: "mcp-cart-id",
        quantity: Number(line.quantity ?? 0),
        confirmed: true,
        // The cart id is a credential to that cart: it is never put in the result.
        detail: `get_cart shows ${Number(line.quantity ?? 0)} × ${id}`,
      }
    : {
        url: endpoint,
        credential: "mcp-cart-id",
        quantity: null,
        confirmed: false,
        detail: read.error ? `get_cart failed: ${read.error}` : `get_cart has no line for ${id}`,
      };
  return confirmed("mcp", what, rb);
}

interface CatalogProduct {
  id?: string;
  title?: string;
  url?: string;
  variants?: Array<{
    id?: string;
    availability?: { available?: boolean };
    price?: { amount?: number; currency?: string };
  }>;
}

/**
 * UCP catalog search (https://ucp.dev/specification/shopping/catalog/mcp/): the product
 * whose title is the understood product's name (else the first), its first available
 * variant's id for the cart. Without an understood product (a protocol-only shop), the
 * query is a word of the home page's title, and the catalog's product becomes the one
 * the journey adds.
 */
async function findInCatalog(
  ctx: JourneyContext,
  session: McpSession,
  meta: Record<string, unknown>,
  _meta: Record<string, unknown>,
): Promise<void> {
  const name = ctx.product?.name ?? null;
  const query = name ?? (ctx.site.home?.page?.title ?? "").split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 3) ?? null;
  if (!query) return;
  const answer = await session.call("tools/call", {
    name: "search_catalog",
    arguments: { meta, catalog: { query, pagination: { limit: 10 } } },
    _meta,
  });
  noteChallenge(ctx, answer.response);
  const products = (toolPayload(answer.result)?.products ?? []) as CatalogProduct[];
  if (!Array.isArray(products) || products.length === 0) return;
  const wanted = name?.trim().toLowerCase();
  const product = products.find((p) => wanted && p.title?.trim().toLowerCase() === wanted) ?? products[0];
  const variant = product.variants?.find((v) => v.availability?.available !== false) ?? product.variants?.[0];
  const itemId = variant?.id ?? product.id ?? null;
  if (!itemId) return;
  if (ctx.product) {
    ctx.product = { ...ctx.product, itemId };
    return;
  }
  const amount = variant?.price?.amount;
  ctx.product = {
    url: product.url ?? null,
    name: product.title ?? null,
    price: typeof amount === "number" ? (amount / 100).toFixed(2) : null,
    currency: variant?.price?.currency ?? null,
    availability: variant?.availability?.available === false ? "OutOfStock" : "InStock",
    itemId,
    source: "ucp_catalog",
    disagreements: [],
  };
}

/** server/discover (else initialize) + tools/list on an advertised MCP endpoint, once per endpoint. */
export async function probeMcp(ctx: McpContext, endpoint: string, advertisedBy: string, side = false) {
  const known = ctx.mcpProbes.find((p) => p.endpoint === endpoint);
  if (known) return known;
  const session = mcpSession(ctx, endpoint, side);
  // server/discover and initialize together; the 2025 session only when discover does not name 2026-07-28.
  const init = await session.connect();
  noteChallenge(ctx, init.response);
  let tools: string[] | null = null;
  let error = init.error;
  let answeredAs = init.answeredAs;
  if (!init.error) {
    const listed = await session.listTools();
    tools = listed.tools;
    error = listed.answer.error ?? (listed.tools ? null : "tools/list returned no tools array");
    answeredAs = listed.answer.answeredAs ?? answeredAs;
  }
  const probe = {
    endpoint,
    advertisedBy,
    tools,
    answeredAs,
    error,
    era: session.era,
    versions: session.serverVersions,
  };
  ctx.mcpProbes.push(probe);
  return probe;
}

export { productPage };
