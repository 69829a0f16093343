// A merchant's ACP checkout endpoints as the Agentic Commerce Protocol specifies them
// (github.com/agentic-commerce-protocol/agentic-commerce-protocol, rfcs/rfc.agentic_checkout.md,
// version 2026-01-16; the MCP binding: docs/mcp-binding.md), framework-neutral: each test
// mounts `acpShop().handle` behind one collector adapter. What it follows:
// - `API-Version` and `Authorization: Bearer` are required (§3.1): 400 / 401 otherwise;
// - create `POST /checkout_sessions` → 201; update `POST /checkout_sessions/{id}` → 200;
//   get → 200 or 404; complete `POST …/complete` → 200 with `status: completed` and an
//   `order` (§4.4); cancel `POST …/cancel` → 200, or 405 once completed or canceled (§4.5);
// - amounts are integers in minor units, `currency` lower-case (`usd`), `totals[]` ends
//   with `type: "total"` (§5, §8);
// - the flat error shape `{type, code, message, param?}` (§3.1); a declined payment token
//   is a 4xx `payment_declined`; a session needing 3-D Secure answers
//   `authentication_required` and a complete without `authentication_result` 4xx
//   `requires_3ds` (§4.4);
// - `Idempotency-Key`: the same key and body replay the first answer, the same key with
//   another body is 409 `idempotency_conflict` (§6).

export interface ShopAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Body = Record<string, unknown>;

/** Prices in minor units (USD cents), the spec's examples' items. */
const CATALOG: Record<string, number> = { item_456: 300, item_123: 2500, item_3ds: 10000 };
const TAX_RATE = 0.1;
const SHIPPING = 100;

export const ACP_API_VERSION = "2026-01-16";

interface Session {
  id: string;
  status: string;
  items: { id: string; quantity: number }[];
  buyer?: unknown;
  fulfillment_details?: unknown;
  order?: { id: string; checkout_session_id: string; permalink_url: string };
}

const error = (status: number, type: string, code: string, message: string, param?: string): ShopAnswer => ({
  status,
  body: { type, code, message, ...(param ? { param } : {}) },
});

function totals(s: Session) {
  const base = s.items.reduce((sum, i) => sum + (CATALOG[i.id] ?? 0) * i.quantity, 0);
  const tax = Math.round(base * TAX_RATE);
  const shipping = s.fulfillment_details ? SHIPPING : 0;
  return {
    line_items: s.items.map((i, n) => {
      const amount = (CATALOG[i.id] ?? 0) * i.quantity;
      const lineTax = Math.round(amount * TAX_RATE);
      return {
        id: `line_item_${n}`,
        item: i,
        base_amount: amount,
        discount: 0,
        subtotal: amount,
        tax: lineTax,
        total: amount + lineTax,
      };
    }),
    totals: [
      { type: "items_base_amount", display_text: "Item(s) total", amount: base },
      { type: "subtotal", display_text: "Subtotal", amount: base },
      { type: "tax", display_text: "Tax", amount: tax },
      { type: "fulfillment", display_text: "Fulfillment", amount: shipping },
      { type: "total", display_text: "Total", amount: base + tax + shipping },
    ],
  };
}

/** The grand total a session of these items answers (hand-computed by the same rule the tests state). */
export function acpTotal(items: { id: string; quantity: number }[], shipped: boolean): number {
  const base = items.reduce((sum, i) => sum + (CATALOG[i.id] ?? 0) * i.quantity, 0);
  return base + Math.round(base * TAX_RATE) + (shipped ? SHIPPING : 0);
}

function view(s: Session) {
  return {
    id: s.id,
    payment_provider: {
      provider: "stripe",
      supported_payment_methods: [{ type: "card", supported_card_networks: ["visa", "mastercard"] }],
    },
    status: s.status,
    currency: "usd",
    ...(s.buyer ? { buyer: s.buyer } : {}),
    ...(s.fulfillment_details ? { fulfillment_details: s.fulfillment_details } : {}),
    ...totals(s),
    fulfillment_options: [
      { type: "shipping", id: "fo_std", title: "Standard", totals: [{ type: "total", amount: 100 }] },
    ],
    messages: [],
    links: [{ type: "terms_of_use", url: "https://shop.example/terms" }],
    ...(s.order ? { order: s.order } : {}),
  };
}

/**
 * One ACP merchant. `handle(method, path, headers, body)` answers as the REST binding;
 * `tool(name, args)` as the MCP binding's `tools/call` (the same operations).
 */
export function acpShop() {
  const sessions = new Map<string, Session>();
  const idempotent = new Map<string, { request: string; answer: ShopAnswer }>();
  let next = 1;

  function operate(op: string, id: string | null, body: Body): ShopAnswer {
    if (op === "create") {
      const items = Array.isArray(body.items) ? (body.items as Session["items"]) : [];
      if (items.length === 0 || items.some((i) => !(i.id in CATALOG)))
        return error(400, "invalid_request", "invalid", "Unknown or missing items", "$.items");
      const s: Session = {
        id: `checkout_session_${next++}`,
        status: body.fulfillment_details ? "ready_for_payment" : "not_ready_for_payment",
        items,
        buyer: body.buyer,
        fulfillment_details: body.fulfillment_details,
      };
      sessions.set(s.id, s);
      return { status: 201, body: view(s) };
    }
    const s = id ? sessions.get(id) : undefined;
    if (!s) return error(404, "invalid_request", "not_found", "Checkout session not found", "$.id");
    if (op === "get") return { status: 200, body: view(s) };
    if (op === "update") {
      if (s.status === "completed" || s.status === "canceled")
        return error(405, "invalid_request", "invalid", "Session is no longer open");
      if (Array.isArray(body.items)) s.items = body.items as Session["items"];
      if (body.fulfillment_details) s.fulfillment_details = body.fulfillment_details;
      if (s.fulfillment_details && s.status === "not_ready_for_payment") s.status = "ready_for_payment";
      return { status: 200, body: view(s) };
    }
    if (op === "cancel") {
      if (s.status === "completed" || s.status === "canceled")
        return error(405, "invalid_request", "invalid", `Session is already ${s.status}`);
      s.status = "canceled";
      return { status: 200, body: view(s) };
    }
    // complete
    if (s.status === "completed" || s.status === "canceled")
      return error(405, "invalid_request", "invalid", `Session is already ${s.status}`);
    if (s.status === "not_ready_for_payment")
      return error(400, "invalid_request", "missing", "Fulfillment details are required", "$.fulfillment_details");
    const payment = body.payment_data as { token?: string } | undefined;
    if (!payment?.token) return error(400, "invalid_request", "missing", "payment_data is required", "$.payment_data");
    if (payment.token === "spt_declined")
      return error(402, "invalid_request", "payment_declined", "The card was declined", "$.payment_data");
    const needs3ds = s.items.some((i) => i.id === "item_3ds");
    if (needs3ds && !body.authentication_result) {
      if (s.status !== "authentication_required") {
        s.status = "authentication_required";
        return { status: 200, body: { ...view(s), authentication_metadata: { directory_server: "visa" } } };
      }
      return error(
        400,
        "invalid_request",
        "requires_3ds",
        "authentication_result is required",
        "$.authentication_result",
      );
    }
    if (body.buyer) s.buyer = body.buyer;
    s.status = "completed";
    s.order = {
      id: `ord_${s.id}`,
      checkout_session_id: s.id,
      permalink_url: `https://shop.example/orders/ord_${s.id}`,
    };
    return { status: 200, body: view(s) };
  }

  /** Idempotency-Key replay (§6): same key and body, the stored answer; other body, 409. */
  function once(key: string | undefined, op: string, id: string | null, body: Body): ShopAnswer {
    if (!key) return operate(op, id, body);
    const request = JSON.stringify([op, id, body]);
    const seen = idempotent.get(key);
    if (seen)
      return seen.request === request
        ? seen.answer
        : error(409, "invalid_request", "idempotency_conflict", "Same Idempotency-Key used with different parameters");
    const answer = operate(op, id, body);
    idempotent.set(key, { request, answer });
    return answer;
  }

  return {
    sessions,
    /** The REST binding. Headers by lower-case name. */
    handle(method: string, path: string, headers: Record<string, string | undefined>, body: unknown): ShopAnswer {
      if (!headers["api-version"])
        return error(400, "invalid_request", "invalid", "API-Version is required", "$.headers.API-Version");
      if (!headers.authorization?.startsWith("Bearer "))
        return error(401, "invalid_request", "unauthorized", "A bearer token is required");
      const m = /^\/checkout_sessions(?:\/([^/]+)(?:\/(complete|cancel))?)?$/.exec(path.split("?")[0]);
      if (!m) return error(404, "invalid_request", "not_found", "No such endpoint");
      const [, id, action] = m;
      const op = action ?? (id ? (method === "GET" ? "get" : "update") : "create");
      if ((op === "get") !== (method === "GET")) return error(405, "invalid_request", "invalid", "Method not allowed");
      const b = (body && typeof body === "object" ? body : {}) as Body;
      return once(headers["idempotency-key"], op, id ? decodeURIComponent(id) : null, b);
    },
    /** The MCP binding: `{meta, id, payload}` arguments, the session as `result` (docs/mcp-binding.md). */
    tool(name: string, args: Body): { result?: unknown; error?: unknown } {
      const op = /^(create|update|get|complete|cancel)_checkout_session$/.exec(name)?.[1];
      if (!op) return { error: { code: -32602, message: `Unknown tool ${name}` } };
      const meta = (args.meta ?? {}) as { api_version?: string; idempotency_key?: string };
      if (!meta.api_version) return { error: { code: -32602, message: "meta.api_version is required" } };
      const answer = once(
        meta.idempotency_key,
        op,
        typeof args.id === "string" ? args.id : null,
        (args.payload ?? {}) as Body,
      );
      if (answer.status >= 400) {
        const data = answer.body as { message: string };
        return { error: { code: -32000, message: data.message, data } };
      }
      return { result: answer.body };
    },
  };
}
