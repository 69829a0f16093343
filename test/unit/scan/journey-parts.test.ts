import { afterEach, describe, expect, it, vi } from "vitest";
import { extractPage } from "../../../shared/scan/html/extract-page";
import { isCartForm } from "../../../shared/scan/journey/cart-paths";
import { CookieJar } from "../../../shared/scan/journey/cookie-jar";
import { shopifyHandleOf } from "../../../shared/scan/journey/find";
import { encodeEntries, readForms } from "../../../shared/scan/journey/forms";
import { JourneyClient, type JourneyResponse } from "../../../shared/scan/journey/journey-client";
import { readRpc, toolPayload } from "../../../shared/scan/journey/mcp-client";
import { unsafeReason } from "../../../shared/scan/journey/safety";
import { readUcpProfile } from "../../../shared/scan/journey/ucp-profile";
import {
  productFromPage,
  productFromShopify,
  productFromWoo,
  reconcile,
} from "../../../shared/scan/journey/understand";
import { json } from "./site-builder";

describe("journey cookie jar", () => {
  it("sends a host's cookies back on matching paths, keeps parent-domain cookies, drops expired ones", () => {
    const jar = new CookieJar();
    jar.store(new URL("https://shop.test/products/a"), [
      "cart=abc; path=/; SameSite=Lax",
      "seen=1",
      "wide=w; Domain=.shop.test; Path=/",
      "evil=x; Domain=other.test; Path=/",
    ]);
    expect(jar.header(new URL("https://shop.test/cart.js"))).toBe("cart=abc; wide=w");
    expect(jar.header(new URL("https://shop.test/products/b"))).toContain("seen=1");
    expect(jar.header(new URL("https://www.shop.test/cart"))).toBe("wide=w");
    expect(jar.header(new URL("https://other.test/"))).toBeNull();
    jar.store(new URL("https://shop.test/"), ["cart=; Max-Age=0; path=/"]);
    expect(jar.header(new URL("https://shop.test/cart.js"))).toBe("wide=w");
  });
});

describe("journey safety rules", () => {
  it.each([
    "https://shop.test/checkout",
    "https://shop.test/checkouts/cn/123",
    "https://shop.test/wp-json/wc/store/v1/checkout",
    "https://shop.test/?wc-ajax=checkout",
    "https://shop.test/buy/123:1",
    "https://shop.test/account/orders",
    "https://shop.test/payments/confirm",
    "https://shop.test/cart/44001:1",
    "https://shop.test/checkout/confirm",
    "https://shop.test/checkout/cart/../payment",
  ])("refuses %s", (url) => {
    expect(unsafeReason(new URL(url))).not.toBeNull();
  });
  it.each([
    "https://shop.test/cart/44001:1?storefront=true",
    "https://shop.test/cart/add",
    "https://shop.test/products/order-book",
    "https://shop.test/wp-json/wc/store/v1/cart/add-item",
    "https://shop.test/checkout/cart/add/uenc/aHR0cHM6/product/42/",
    "https://shop.test/checkout/line-item/add",
    "https://shop.test/checkout/cart",
  ])("allows %s", (url) => {
    expect(unsafeReason(new URL(url))).toBeNull();
  });
});

describe("a product page URL with a malformed percent escape", () => {
  // A shop's own URLs are untrusted input: decodeURIComponent throws URIError on them,
  // which used to end the whole scan with "internal error".
  it("gives the Shopify handle as written instead of throwing", () => {
    expect(shopifyHandleOf("https://shop.test/products/mug%E0%A4%A")).toBe("mug%E0%A4%A");
    expect(shopifyHandleOf("https://shop.test/products/blue%20mug?variant=1")).toBe("blue mug");
    expect(shopifyHandleOf("https://shop.test/collections/all")).toBeNull();
  });

  it("is still judged by the safety rules", () => {
    expect(unsafeReason(new URL("https://shop.test/checkout/%E0%A4%A"))).not.toBeNull();
    expect(unsafeReason(new URL("https://shop.test/products/%E0%A4%A"))).toBeNull();
  });
});

describe("form entry lists", () => {
  it("collects what a browser submits: named fields, checked boxes, selected option, the submit button's name=value", async () => {
    const [f] = await readForms(`<form class="cart"><input type="hidden" name="token" value="t1">
<input name="quantity" type="number" value="2"><input type="checkbox" name="gift" value="yes"><input type="checkbox" name="wrap" checked>
<select name="size"><option value="s">S<option value="m" selected>M</select><textarea name="note">hi</textarea>
<input name="off" disabled value="x"><button type="submit" name="add-to-cart" value="301">Add to cart</button></form>`);
    expect(f.action).toBeNull();
    expect(f.method).toBe("get");
    expect(f.fields).toEqual([
      { name: "token", value: "t1" },
      { name: "quantity", value: "2" },
      { name: "wrap", value: "on" },
      { name: "size", value: "m" },
      { name: "note", value: "hi" },
    ]);
    expect(f.buttons).toEqual([{ name: "add-to-cart", value: "301", text: "Add to cart" }]);
    expect(encodeEntries([{ name: "q", value: "trail runner" }])).toBe("q=trail+runner");
  });
  it("takes a select's first option when none is selected, and marks search forms", async () => {
    const forms = await readForms(
      `<form method="POST" action="/x" enctype="multipart/form-data"><select name="c"><option>red</option><option>blue</option></select></form><form role="search"><input type="search" name="q"></form>`,
    );
    expect(forms[0]).toMatchObject({
      method: "post",
      enctype: "multipart/form-data",
      fields: [{ name: "c", value: "red" }],
    });
    expect(forms[1].search).toBe(true);
  });
});

function answer(body: string, type: string): JourneyResponse {
  return {
    url: "u",
    finalUrl: "u",
    status: 200,
    firstStatus: 200,
    headers: { "content-type": type },
    body,
    challenge: null,
    refused: null,
    sentCookie: false,
  };
}

describe("MCP Streamable HTTP answers", () => {
  it("reads a JSON answer and an SSE answer, matching the request id", () => {
    expect(readRpc(answer('{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}', "application/json"), 2)).toEqual({
      message: { jsonrpc: "2.0", id: 2, result: { tools: [] } },
      as: "json",
    });
    const sse =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":3,"result":{}}\n\n';
    expect(readRpc(answer(sse, "text/event-stream"), 3)).toEqual({
      message: { jsonrpc: "2.0", id: 3, result: {} },
      as: "sse",
    });
  });
  it("takes a tool's payload from structuredContent, else from JSON text content; an error result has none", () => {
    expect(toolPayload({ structuredContent: { id: "c1" } })).toEqual({ id: "c1" });
    expect(toolPayload({ content: [{ type: "text", text: '{"id":"c2"}' }] })).toEqual({ id: "c2" });
    expect(toolPayload({ isError: true, content: [{ type: "text", text: '{"id":"c3"}' }] })).toBeNull();
  });
});

describe("UCP profiles", () => {
  it("finds the MCP binding and the cart capability in the 2026-08 shape and the 2026-01 draft shape", () => {
    const current = readUcpProfile(
      json("/.well-known/ucp", {
        ucp: {
          version: "2026-08-25",
          services: {
            "dev.ucp.shopping": [
              { transport: "rest", endpoint: "https://shop.example/ucp" },
              { transport: "mcp", endpoint: "/ucp/mcp" },
            ],
          },
          capabilities: { "dev.ucp.shopping.cart": [{ version: "2026-08-25" }] },
        },
      }),
    );
    expect(current).toMatchObject({
      version: "2026-08-25",
      mcpEndpoint: "https://shop.example/ucp/mcp",
      hasCart: true,
    });
    const draft = readUcpProfile(
      json("/.well-known/ucp", {
        ucp: {
          version: "2026-01-15",
          services: { "dev.ucp.shopping": { mcp: { endpoint: "https://shop.example/mcp" } } },
          capabilities: [{ name: "dev.ucp.shopping.checkout" }],
        },
      }),
    );
    expect(draft).toMatchObject({ mcpEndpoint: "https://shop.example/mcp", hasCart: false });
  });
});

describe("understanding a product", () => {
  it("reads JSON-LD offers and lists where the platform's JSON disagrees, keeping the platform's id", async () => {
    const page = await extractPage(
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail Runner 2","sku":"TR2","offers":{"@type":"Offer","price":"129.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script>`,
    );
    const fromPage = productFromPage("https://s.test/products/trail-runner-2", page);
    expect(fromPage).toMatchObject({
      name: "Trail Runner 2",
      price: "129.00",
      currency: "EUR",
      availability: "InStock",
      itemId: "TR2",
    });
    const shopify = productFromShopify(
      "https://s.test",
      { title: "Trail Runner 2", handle: "trail-runner-2", variants: [{ id: 44001, price: 11900, available: true }] },
      true,
    );
    expect(shopify.price).toBe("119.00");
    const both = reconcile(fromPage, shopify);
    expect(both?.itemId).toBe("44001");
    expect(both?.disagreements).toEqual(["price: page 129.00, shopify_json 119.00"]);
    const woo = productFromWoo({
      id: 301,
      name: "Trail Runner 2",
      prices: { price: "12900", currency_code: "EUR", currency_minor_unit: 2 },
      is_in_stock: true,
    });
    expect(reconcile(fromPage, woo)?.disagreements).toEqual([]);
  });
});

describe("which form is an add-to-cart form", () => {
  it("takes a form named or acting as add to cart, never a cart update/remove form, a newsletter or a search", async () => {
    const forms = await readForms(`
<form method="post" action="/cart/add"><input type="hidden" name="id" value="1"><button type="submit" name="add">Add to bag</button></form>
<form method="post" action="/checkout/cart/add/uenc/x/product/42/"><button type="submit">Kaufen</button></form>
<form method="post" action="/cart/update"><button type="submit">Update cart</button></form>
<form method="post" action="/cart/remove"><button type="submit">Add to cart</button></form>
<form method="post" action="/newsletter"><button type="submit">Sign up</button></form>
<form action="/search"><input type="search" name="q"><button type="submit">Buy</button></form>`);
    expect(forms.map(isCartForm)).toEqual([true, true, false, false, false, false]);
  });
});

describe("the journey client's one-mutation rule", () => {
  it("lets a cart path try one mutation and refuses a second, and any mutation outside a path", async () => {
    const client = new JourneyClient({
      domain: "shop.example.com",
      resolve: new Map(),
      gate: { kind: "disallow-all", reason: "test: nothing is sent" },
      userAgent: "test",
      signal: AbortSignal.timeout(1000),
    });
    const outside = await client.request("https://shop.example.com/cart/add", { method: "POST", mutation: true });
    expect(outside.refused).toMatchObject({ kind: "unsafe", reason: "a cart mutation outside a cart path" });
    client.beginPath("form");
    const first = await client.request("https://shop.example.com/cart/add", { method: "POST", mutation: true });
    expect(first.refused?.kind).toBe("robots");
    const second = await client.request("https://shop.example.com/cart/add", { method: "POST", mutation: true });
    expect(second.refused).toMatchObject({
      kind: "unsafe",
      reason: "the form path already sent its one cart mutation",
    });
    expect(client.requestCount).toBe(0);
  });
});

describe("the journey client's DELETE", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends no body and follows no redirect: a DELETE answered 307 or 301 is not sent to the new place", async () => {
    const seen: Array<{ method: string; path: string; body: string | null }> = [];
    // The platform fetch safeFetch connects with, standing in for the shop.
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      seen.push({ method: init.method ?? "GET", path, body: (init.body as string | undefined) ?? null });
      if (path === "/mcp") return new Response(null, { status: 307, headers: { Location: "/elsewhere" } });
      if (path === "/old") return new Response(null, { status: 301, headers: { Location: "/mcp" } });
      return new Response(null, { status: 204 });
    });
    const client = new JourneyClient({
      domain: "shop.example.com",
      resolve: new Map([["shop.example.com", "127.0.0.1:9"]]),
      gate: { kind: "allow-all" },
      userAgent: "test",
      signal: AbortSignal.timeout(5000),
    });
    const first = await client.request("https://shop.example.com/mcp", {
      method: "DELETE",
      headers: { "Mcp-Session-Id": "s1" },
      body: "ignored",
    });
    expect(first.status).toBe(307);
    const second = await client.request("https://shop.example.com/old", { method: "DELETE" });
    expect(second.status).toBe(301);
    expect(seen).toEqual([
      { method: "DELETE", path: "/mcp", body: null },
      { method: "DELETE", path: "/old", body: null },
    ]);
  });
});
