import { describe, expect, it } from "vitest";
import { mcpDiscovery } from "../../../shared/scan/checks/integration/mcp-discovery";
import { eraOf, ucpRelease } from "../../../shared/scan/checks/integration/ucp-release";
import { judgeUcpProfile } from "../../../shared/scan/checks/integration/ucp-rules";
import { compileTool, firstJsonLd } from "../../../shared/scan/checks/integration/webmcp-forms";
import { extractPage } from "../../../shared/scan/html/extract-page";
import { fetched, html, json, page, site } from "./site-builder";

// Issue 45, rule by rule: UCP releases and their legacy shapes, WebMCP's declarative tools.

const cached = { "cache-control": "public, max-age=3600" };
const capability = (version: string) => ({
  version,
  spec: "https://ucp.dev/specification/cart",
  schema: "https://ucp.dev/schemas/shopping/cart.json",
});
const key = { kty: "EC", kid: "k1", crv: "P-256", x: "x", y: "y" };

function profile(ucp: Record<string, unknown>, root: Record<string, unknown> = {}) {
  return json(
    "/.well-known/ucp",
    {
      ucp: {
        services: {
          "dev.ucp.shopping": [
            { version: ucp.version, spec: "https://ucp.dev/specification/overview", transport: "rest" },
          ],
        },
        capabilities: { "dev.ucp.shopping.cart": [capability(String(ucp.version))] },
        payment_handlers: {},
        ...ucp,
      },
      ...root,
    },
    { headers: cached },
  );
}

describe("UCP releases", () => {
  it("judges a profile by the release it declares, the newest known one at or before it", () => {
    expect(eraOf("2026-08-25")).toBe("2026-08-25");
    expect(eraOf("2026-05-01")).toBe("2026-04-08");
    expect(eraOf("2027-02-01")).toBe("2026-08-25");
    expect(eraOf("2025-12-01")).toBe("2026-01-11");
  });

  it("passes a 2026-08-25 profile with root keys, keyed handlers with ids and versioned capabilities", () => {
    const f = profile(
      {
        version: "2026-08-25",
        payment_handlers: { "com.google.pay": [{ id: "gpay_1", version: "2026-08-25" }] },
        supported_versions: { "2026-04-08": "https://shop.example/.well-known/ucp/2026-04-08" },
      },
      { keys: [key] },
    );
    const { findings, release } = judgeUcpProfile(f);
    expect(findings).toEqual([]);
    expect(release).toEqual({
      declared: "2026-08-25",
      era: "2026-08-25",
      supportedVersions: { "2026-04-08": "https://shop.example/.well-known/ucp/2026-04-08" },
      legacy: [],
    });
  });

  it("names each legacy shape a 2026-08-25 profile still carries", () => {
    const json = {
      signing_keys: [key],
      payment: { handlers: [{ id: "h", name: "com.google.pay" }] },
    };
    const ucp = {
      version: "2026-08-25",
      signing_keys: [key],
      payment_handlers: [{ id: "h", name: "com.google.pay" }],
      capabilities: [{ name: "dev.ucp.shopping.cart", version: "2026-08-25" }],
      services: { "dev.ucp.shopping": { version: "2026-08-25", rest: { endpoint: "https://shop.example/ucp" } } },
    };
    const { release, findings } = ucpRelease(json, ucp);
    expect(release.legacy).toEqual([
      "UCP_LEGACY_SIGNING_KEYS",
      "UCP_LEGACY_ROOT_SIGNING_KEYS",
      "UCP_LEGACY_PAYMENT_OBJECT",
      "UCP_LEGACY_HANDLERS_ARRAY",
      "UCP_LEGACY_CAPABILITIES_ARRAY",
      "UCP_LEGACY_SERVICE_BINDINGS",
    ]);
    expect(findings.every((f) => f.severity === "error")).toBe(true);
  });

  it("keeps the 2026-04-08 shape for a profile that declares 2026-04-08, and notes the older release", () => {
    const { release, findings } = ucpRelease({ signing_keys: [key] }, { version: "2026-04-08", payment_handlers: {} });
    expect(release.legacy).toEqual([]);
    expect(findings.map((f) => [f.code, f.severity])).toEqual([["UCP_OLDER_RELEASE", "note"]]);
  });

  it("wants an id on every handler, a reverse-domain handler name and a version on every capability", () => {
    const { findings } = ucpRelease(
      {},
      {
        version: "2026-08-25",
        payment_handlers: { googlepay: [{ version: "2026-08-25" }] },
        capabilities: { "dev.ucp.shopping.cart": [{ spec: "https://ucp.dev/x" }] },
      },
    );
    expect(findings.map((f) => f.code)).toEqual(["UCP_HANDLER_NAME", "UCP_HANDLER_ID", "UCP_CAPABILITY_VERSION"]);
  });
});

describe("WebMCP declarative tools", () => {
  const cartForm = `<form action="/cart/add" method="post" toolname="add_to_cart" tooldescription="Adds the product to the cart" toolautosubmit>
<input type="hidden" name="id" value="4711"><label for="q">Quantity</label><input id="q" name="quantity" type="number" required toolparamdescription="How many">
<button type="submit">Add to cart</button></form>`;
  const newsletter = `<form action="/newsletter" method="post" toolname="newsletter_signup" tooldescription="Subscribes to the newsletter"><input name="email" type="email"><button type="submit">Subscribe</button></form>`;

  it("compiles an annotated form's named controls into the tool's input schema", async () => {
    const facts = await extractPage(html("", cartForm));
    expect(compileTool(facts.forms[0])).toEqual({
      name: "add_to_cart",
      description: "Adds the product to the cart",
      autosubmit: true,
      inputSchema: {
        type: "object",
        properties: { quantity: { type: "number", description: "How many" } },
        required: ["quantity"],
      },
    });
    // A form with a name but no description registers no tool.
    const half = await extractPage(html("", '<form toolname="x" action="/a"><input name="a"></form>'));
    expect(compileTool(half.forms[0])).toBeNull();
  });

  it("reads the first JSON-LD block of a page as the tool's answer", () => {
    expect(firstJsonLd('<script type="application/ld+json">{"@type":"ItemList"}</script>')).toEqual({
      ok: true,
      type: "ItemList",
    });
    expect(firstJsonLd("<p>cart</p>")).toEqual({ ok: false, reason: "it has no JSON-LD block" });
    expect(firstJsonLd('<script type="application/ld+json">{oops</script>')).toMatchObject({ ok: false });
  });

  const cartPage = (head: string) => [fetched("/cart", { body: html(head, "<h1>Cart</h1>") })];
  const withForms = async (forms: string, cartHead: string) =>
    mcpDiscovery.run(
      site({
        home: await page("/", html("")),
        products: [await page("/products/kettle", html("", forms))],
        cart: cartPage(cartHead),
      }),
    );

  it("credits the add-to-cart form annotated with a variant and a quantity, when the cart page answers with JSON-LD", async () => {
    const out = await withForms(
      cartForm + newsletter,
      '<script type="application/ld+json">{"@type":"ItemList"}</script>',
    );
    expect(out.status, out.message).toBe("pass");
    expect(out.message).toBe(
      'https://shop.example/products/kettle annotates its add-to-cart form as the WebMCP tool "add_to_cart" (declarative API; inputs quantity, variant id fixed by the page); after its navigating submit the cart page https://shop.example/cart answers the agent with its first JSON-LD block (ItemList).',
    );
    expect(out.evidence).toMatchObject({
      webmcp: "declarative-cart-form",
      variantField: "id",
      quantityField: "quantity",
    });
  });

  it("warns when the cart page has no JSON-LD to answer with", async () => {
    const out = await withForms(cartForm, "");
    expect(out.status).toBe("warn");
    expect(out.message).toContain("(WEBMCP_NO_ANSWER)");
  });

  it("does not credit an annotated newsletter form", async () => {
    const plainCart =
      '<form action="/cart/add" method="post"><input type="hidden" name="id" value="1"><button type="submit">Add to cart</button></form>';
    const out = await withForms(plainCart + newsletter, '<script type="application/ld+json">{}</script>');
    expect(out.status).toBe("fail");
    expect(out.message).toContain(
      'The WebMCP tools its pages declare ("newsletter_signup") are not the add-to-cart form, so they do not help an agent buy.',
    );
  });
});
