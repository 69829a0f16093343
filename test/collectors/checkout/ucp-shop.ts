import type { ShopAnswer } from "./acp-shop";

// A business's UCP checkout capability as the Universal Commerce Protocol specifies it
// (github.com/Universal-Commerce-Protocol/ucp, docs/specification/checkout.md,
// checkout-rest.md, checkout-mcp.md), framework-neutral. What it follows:
// - REST: `POST /checkout-sessions` → 201, `GET` / `PUT /checkout-sessions/{id}` → 200,
//   `POST …/{id}/complete` and `…/{id}/cancel` → 200; every request carries
//   `UCP-Agent: profile="…"` (400 without, "Specific Header Requirements");
// - statuses `incomplete`, `ready_for_complete`, `completed` (with `order.id`),
//   `canceled`; amounts in minor units, `currency` upper-case, `totals[]` with a
//   `type: "total"` entry;
// - business outcomes are 200 with `messages` (a declined instrument is an `error`
//   message; `ucp.status: "error"` when no checkout can be made), protocol errors are
//   HTTP statuses with `{code, content}` ("Error Responses");
// - `Idempotency-Key`: the same key and body return the cached result, another body 409;
// - a completion that needs the buyer answers `requires_escalation` with a `continue_url`
//   and an error message of severity `requires_buyer_review` ("Checkout Status
//   Lifecycle"); the buyer finishes at that page (a person's browser, no UCP-Agent), and
//   the platform learns it by getting the session, now `completed` with its order;
// - MCP: `tools/call` of `create_checkout`, `update_checkout`, `get_checkout`,
//   `complete_checkout`, `cancel_checkout`, arguments `{meta: {"ucp-agent": {profile},
//   "idempotency-key"}, id, checkout}`, the checkout in `result.structuredContent`;
//   protocol errors as JSON-RPC `error` -32000;
// - the first published MCP binding (ucp.dev/specification/checkout-mcp, version
//   2026-01-11): each operation a JSON-RPC method of its own (`complete_checkout`), the
//   platform's profile in `params._meta.ucp.profile` (legacyMcpEndpoint).

type Body = Record<string, unknown>;

const PRICES: Record<string, number> = { item_123: 2500, item_789: 1299 };
const TAX = 400;
const UCP_VERSION = "2026-01-11";

interface Checkout {
  id: string;
  status: string;
  lines: { id: string; quantity: number }[];
  buyer?: unknown;
  fulfillment?: unknown;
  order?: { id: string; permalink_url: string };
}

/** The grand total of these lines (subtotal plus the fixed tax), as the tests hand-compute it. */
export function ucpTotal(lines: { id: string; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + (PRICES[l.id] ?? 0) * l.quantity, 0) + TAX;
}

function view(c: Checkout, messages: unknown[] = []) {
  const subtotal = c.lines.reduce((sum, l) => sum + (PRICES[l.id] ?? 0) * l.quantity, 0);
  return {
    ucp: { version: UCP_VERSION, capabilities: { "dev.ucp.shopping.checkout": [{ version: UCP_VERSION }] } },
    id: c.id,
    status: c.status,
    currency: "USD",
    line_items: c.lines.map((l, n) => ({
      id: `li_${n + 1}`,
      item: { id: l.id, title: l.id, price: PRICES[l.id] },
      quantity: l.quantity,
      totals: [{ type: "total", amount: (PRICES[l.id] ?? 0) * l.quantity }],
    })),
    ...(c.buyer ? { buyer: c.buyer } : {}),
    ...(c.fulfillment ? { fulfillment: c.fulfillment } : {}),
    totals: [
      { type: "subtotal", amount: subtotal },
      { type: "tax", amount: TAX },
      { type: "total", amount: subtotal + TAX },
    ],
    links: [{ type: "terms_of_service", url: "https://shop.example/terms" }],
    messages,
    ...(c.order ? { order: c.order } : {}),
  };
}

const protocolError = (status: number, code: string, content: string): ShopAnswer => ({
  status,
  body: { code, content },
});

export function ucpShop() {
  const checkouts = new Map<string, Checkout>();
  const idempotent = new Map<string, { request: string; answer: ShopAnswer }>();
  let next = 1;

  function operate(op: string, id: string | null, body: Body): ShopAnswer {
    if (op === "create") {
      const lines = (Array.isArray(body.line_items) ? body.line_items : []).map((l) => ({
        id: String((l as { item?: { id?: string } }).item?.id),
        quantity: Number((l as { quantity?: number }).quantity ?? 1),
      }));
      if (lines.length === 0 || lines.some((l) => !(l.id in PRICES)))
        return {
          status: 200,
          body: {
            ucp: { version: UCP_VERSION, status: "error" },
            messages: [
              { type: "error", code: "item_unavailable", content: "Items unavailable", severity: "unrecoverable" },
            ],
            continue_url: "https://shop.example/",
          },
        };
      const c: Checkout = { id: `chk_${next++}`, status: "incomplete", lines, buyer: body.buyer };
      if (c.buyer) c.status = "ready_for_complete";
      checkouts.set(c.id, c);
      return { status: 201, body: view(c) };
    }
    const c = id ? checkouts.get(id) : undefined;
    if (!c) return protocolError(404, "not_found", "Checkout not found");
    if (op === "get") return { status: 200, body: view(c) };
    if (op === "update") {
      if (body.buyer) c.buyer = body.buyer;
      if (body.fulfillment) c.fulfillment = body.fulfillment;
      if (c.buyer && c.status === "incomplete") c.status = "ready_for_complete";
      return { status: 200, body: view(c) };
    }
    if (op === "cancel") {
      if (c.status === "completed" || c.status === "canceled")
        return protocolError(409, "invalid_state", `Checkout is ${c.status}`);
      c.status = "canceled";
      return { status: 200, body: view(c) };
    }
    if (c.status === "completed" || c.status === "canceled")
      return protocolError(409, "invalid_state", `Checkout is ${c.status}`);
    if (c.status !== "ready_for_complete")
      return {
        status: 200,
        body: view(c, [
          {
            type: "error",
            code: "missing",
            path: "$.buyer.email",
            content: "Buyer email is required",
            severity: "recoverable",
          },
        ]),
      };
    const payment = body.payment as { instruments?: { credential?: { token?: string } }[] } | undefined;
    const token = payment?.instruments?.[0]?.credential?.token;
    if (token === "tok_handoff") {
      c.status = "requires_escalation";
      return {
        status: 200,
        body: {
          ...view(c, [
            {
              type: "error",
              code: "buyer_review_required",
              content: "Review the order on the shop's checkout",
              severity: "requires_buyer_review",
            },
          ]),
          continue_url: `https://shop.example/checkout/continue/${c.id}`,
        },
      };
    }
    if (token === "tok_declined")
      return {
        status: 200,
        body: view(c, [{ type: "error", code: "payment_declined", content: "Declined", severity: "recoverable" }]),
      };
    c.status = "completed";
    c.order = { id: `ord_${c.id}`, permalink_url: `https://shop.example/orders/ord_${c.id}` };
    return { status: 200, body: view(c) };
  }

  function once(key: string | undefined, op: string, id: string | null, body: Body): ShopAnswer {
    if (!key) return operate(op, id, body);
    const request = JSON.stringify([op, id, body]);
    const seen = idempotent.get(key);
    if (seen) return seen.request === request ? seen.answer : protocolError(409, "idempotency_conflict", "Key reused");
    const answer = operate(op, id, body);
    idempotent.set(key, { request, answer });
    return answer;
  }

  return {
    checkouts,
    /** The buyer finishes a handed-off checkout on the shop's own page (`continue_url`). */
    continueByBuyer(id: string): ShopAnswer {
      const c = checkouts.get(id);
      if (c?.status !== "requires_escalation")
        return { status: 404, body: "<h1>No checkout to finish</h1>", headers: { "content-type": "text/html" } };
      c.status = "completed";
      c.order = { id: `ord_${c.id}`, permalink_url: `https://shop.example/orders/ord_${c.id}` };
      return { status: 200, body: "<h1>Thank you</h1>", headers: { "content-type": "text/html" } };
    },
    handle(method: string, path: string, headers: Record<string, string | undefined>, body: unknown): ShopAnswer {
      if (!headers["ucp-agent"]) return protocolError(400, "invalid_request", "UCP-Agent is required");
      const m = /^\/checkout-sessions(?:\/([^/]+)(?:\/(complete|cancel))?)?$/.exec(path.split("?")[0]);
      if (!m) return protocolError(404, "not_found", "No such endpoint");
      const [, id, action] = m;
      const op = action ?? (id ? (method === "GET" ? "get" : method === "PUT" ? "update" : "") : "create");
      if (!op || (op === "create" && method !== "POST")) return protocolError(405, "method_not_allowed", method);
      const b = (body && typeof body === "object" ? body : {}) as Body;
      return once(headers["idempotency-key"], op, id ? decodeURIComponent(id) : null, b);
    },
    tool(name: string, args: Body): { result?: unknown; error?: unknown } {
      const op = /^(create|update|get|complete|cancel)_checkout$/.exec(name)?.[1];
      if (!op) return { error: { code: -32602, message: `Unknown tool ${name}` } };
      const meta = (args.meta ?? {}) as Record<string, unknown>;
      if (!meta["ucp-agent"]) return { error: { code: -32602, message: "meta.ucp-agent is required" } };
      const answer = once(
        meta["idempotency-key"] as string | undefined,
        op,
        typeof args.id === "string" ? args.id : null,
        (args.checkout ?? {}) as Body,
      );
      if (answer.status >= 400) {
        const data = answer.body as { content: string };
        return { error: { code: -32000, message: data.content, data } };
      }
      return {
        result: { structuredContent: answer.body, content: [{ type: "text", text: JSON.stringify(answer.body) }] },
      };
    },
  };
}

/**
 * An MCP endpoint (Streamable HTTP) over the given tools; `sse` answers as an event
 * stream. One JSON-RPC request per POST, with `MCP-Protocol-Version`; or, as MCP
 * 2025-03-26 allowed (its clients sent no version header; 2025-06-18 removed batching),
 * a batch: an array of requests answered by an array of their responses.
 */
export function mcpEndpoint(tools: { tool(name: string, args: Body): { result?: unknown; error?: unknown } }[]) {
  return (headers: Record<string, string | undefined>, body: unknown, sse = false): ShopAnswer => {
    const version = headers["mcp-protocol-version"];
    if (Array.isArray(body)) {
      if (version && version !== "2025-03-26")
        return { status: 400, body: { error: `JSON-RPC batches are not part of MCP ${version}` } };
      const messages = body.map((m) => answerOf(tools, m));
      if (!sse) return { status: 200, body: messages };
      const events = messages.map((m, i) => `event: message\nid: ${i + 1}\ndata: ${JSON.stringify(m)}\n\n`);
      return { status: 200, headers: { "content-type": "text/event-stream" }, body: events.join("") };
    }
    if (!version) return { status: 400, body: { error: "MCP-Protocol-Version required" } };
    const message = answerOf(tools, body);
    if (!sse) return { status: 200, body: message };
    return {
      status: 200,
      headers: { "content-type": "text/event-stream" },
      body: `event: message\nid: 1\ndata: ${JSON.stringify(message)}\n\n`,
    };
  };
}

/** The JSON-RPC response to one request: a tool's answer, or an empty tool list for any other method. */
function answerOf(
  tools: { tool(name: string, args: Body): { result?: unknown; error?: unknown } }[],
  body: unknown,
): Record<string, unknown> {
  const rpc = (body ?? {}) as { id?: unknown; method?: string; params?: { name?: string; arguments?: Body } };
  if (rpc.method !== "tools/call") return { jsonrpc: "2.0", id: rpc.id ?? null, result: { tools: [] } };
  const name = rpc.params?.name ?? "";
  let answer: { result?: unknown; error?: unknown } = { error: { code: -32602, message: `Unknown tool ${name}` } };
  for (const t of tools) {
    const a = t.tool(name, rpc.params?.arguments ?? {});
    if (
      !(
        "error" in a &&
        (a.error as { code: number }).code === -32602 &&
        /Unknown tool/.test(String((a.error as { message: string }).message))
      )
    ) {
      answer = a;
      break;
    }
  }
  return { jsonrpc: "2.0", id: rpc.id ?? null, ...answer };
}

/**
 * UCP's first MCP binding: `{"method": "complete_checkout", "params": {"_meta": {"ucp":
 * {"profile"}}, id, checkout, idempotency_key}}`, answered as the tools are. The
 * profile is required as the tools' `meta["ucp-agent"]` is.
 */
export function legacyMcpEndpoint(ucp: { tool(name: string, args: Body): { result?: unknown; error?: unknown } }) {
  return (body: unknown): ShopAnswer => {
    const rpc = (body ?? {}) as { id?: unknown; method?: string; params?: Body };
    const params = rpc.params ?? {};
    const profile = ((params._meta as Body | undefined)?.ucp as Body | undefined)?.profile;
    const answer =
      typeof profile === "string"
        ? ucp.tool(rpc.method ?? "", {
            meta: { "ucp-agent": { profile }, "idempotency-key": params.idempotency_key },
            id: params.id,
            checkout: params.checkout,
          })
        : { error: { code: -32602, message: "_meta.ucp.profile is required" } };
    return { status: 200, body: { jsonrpc: "2.0", id: rpc.id ?? null, ...answer } };
  };
}
