import type { FormFacts, PageFacts, SiteSnapshot } from "../../types";
import { isOk, looksLikeHtml } from "../check-helpers";
import { findCartControl } from "../interaction/cart-control";
import type { Finding } from "./discovery-finding";

// WebMCP's declarative API (issue 45; webmachinelearning/webmcp declarative-api-explainer.md,
// developer.chrome.com "Declarative API", origin trial in Chrome since 2026-09-25): a
// `<form toolname tooldescription>` is a tool a browser agent can call. The browser
// compiles the form's named controls into the tool's input schema (`name` → a property,
// `toolparamdescription` or the label → its description, `required` → required), and
// when the submit navigates, the first `<script type=application/ld+json>` on the page it
// lands on is the tool's answer to the agent.
//
// What helps an agent buy is the add-to-cart form itself annotated, with a named variant
// field and a named quantity field, and a cart page (where that submit lands) that opens
// with a JSON-LD block. An annotated newsletter or search form is a tool, but not that.

export interface DeclarativeTool {
  name: string;
  description: string;
  autosubmit: boolean;
  /** The input schema the browser compiles from the form's named controls. */
  inputSchema: {
    type: "object";
    properties: Record<string, { type: "string" | "number" | "boolean"; description?: string }>;
    required: string[];
  };
}

export interface WebMcpReading {
  /** Every annotated form of the home and product pages: the page and its tool. */
  tools: Array<{ url: string; tool: DeclarativeTool; cartForm: boolean }>;
  /** The add-to-cart form's tool, when it is annotated. */
  cart: {
    url: string;
    tool: DeclarativeTool;
    variantField: string | null;
    quantityField: string | null;
    /** The first JSON-LD block of the cart page, the tool's answer after a navigating submit. */
    answer: { url: string; type: string | null } | null;
  } | null;
  findings: Finding[];
}

const VARIANT = /^(id|variant|variant_?id|product_?id|product|sku|option|super_attribute\b|items?\[\d*\]\[id\])/i;
const QUANTITY = /^(quantity|qty)\b/i;

/** The schema a browser compiles from the form's named controls (hidden fields are not the agent's to fill). */
export function compileTool(form: FormFacts): DeclarativeTool | null {
  if (!form.tool) return null;
  const properties: DeclarativeTool["inputSchema"]["properties"] = {};
  const required: string[] = [];
  for (const input of form.inputs) {
    if (!input.name || properties[input.name]) continue;
    const type =
      input.type === "number" || input.type === "range" ? "number" : input.type === "checkbox" ? "boolean" : "string";
    properties[input.name] = {
      type,
      ...(input.toolParamDescription ? { description: input.toolParamDescription } : {}),
    };
    if (input.required) required.push(input.name);
  }
  return { ...form.tool, inputSchema: { type: "object", properties, required } };
}

/** The first `<script type=application/ld+json>` of an HTML body, parsed; its @type, or why it cannot serve. */
export function firstJsonLd(body: string): { ok: true; type: string | null } | { ok: false; reason: string } {
  const m = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/i.exec(body);
  if (!m) return { ok: false, reason: "it has no JSON-LD block" };
  try {
    const data = JSON.parse(m[1]) as Record<string, unknown>;
    const node = Array.isArray(data["@graph"]) ? (data["@graph"][0] as Record<string, unknown>) : data;
    const type = node?.["@type"];
    return { ok: true, type: typeof type === "string" ? type : Array.isArray(type) ? String(type[0]) : null };
  } catch {
    return { ok: false, reason: "its first JSON-LD block is not valid JSON" };
  }
}

function pagesOf(site: SiteSnapshot): Array<{ url: string; page: PageFacts }> {
  const visits = [site.home, ...site.products].filter((v) => v?.page);
  const seen = new Set<string>();
  return visits
    .map((v) => ({ url: v?.fetched.url ?? "", page: v?.page as PageFacts }))
    .filter((v) => !seen.has(v.url) && seen.add(v.url));
}

export function readWebMcp(site: SiteSnapshot): WebMcpReading {
  const findings: Finding[] = [];
  const tools: WebMcpReading["tools"] = [];
  let cart: WebMcpReading["cart"] = null;
  for (const { url, page } of pagesOf(site)) {
    const cartForm = findCartControl(page);
    for (const form of page.forms) {
      const tool = compileTool(form);
      if (!tool) continue;
      const isCart = cartForm.level === "form" && cartForm.form === form;
      tools.push({ url, tool, cartForm: isCart });
      if (!isCart || cart) continue;
      const names = [...Object.keys(tool.inputSchema.properties), ...(form.hiddenNames ?? [])];
      cart = {
        url,
        tool,
        variantField: names.find((n) => VARIANT.test(n)) ?? null,
        quantityField: Object.keys(tool.inputSchema.properties).find((n) => QUANTITY.test(n)) ?? null,
        answer: null,
      };
    }
  }
  if (cart) {
    if (!cart.variantField)
      findings.push({
        code: "WEBMCP_NO_VARIANT",
        severity: "error",
        detail: `the tool "${cart.tool.name}" has no named variant field (id, variant_id, product_id, sku), so an agent cannot say which product to add`,
      });
    if (!cart.quantityField)
      findings.push({
        code: "WEBMCP_NO_QUANTITY",
        severity: "error",
        detail: `the tool "${cart.tool.name}" has no named quantity field an agent can fill`,
      });
    const page = site.cart.find((f) => isOk(f) && looksLikeHtml(f));
    const read = page ? firstJsonLd(page.body) : null;
    if (page && read?.ok) cart.answer = { url: page.url, type: read.type };
    else
      findings.push({
        code: "WEBMCP_NO_ANSWER",
        severity: "error",
        detail: page
          ? `the cart page ${page.url}, where the form's submit lands, cannot answer the agent: ${read && !read.ok ? read.reason : "it was not read"} (WebMCP sends the first JSON-LD block of that page back as the tool's result)`
          : "no cart page was read to carry the tool's answer (the first JSON-LD block of the page the submit lands on)",
      });
  } else if (tools.length > 0) {
    findings.push({
      code: "WEBMCP_NOT_CART_FORM",
      severity: "note",
      detail: `annotated forms (${tools.map((t) => `"${t.tool.name}"`).join(", ")}) are tools, but none is the add-to-cart form`,
    });
  }
  return { tools, cart, findings };
}
