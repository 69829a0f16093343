import { expect } from "vitest";
import { CREDENTIAL_HEADERS } from "../../../collectors/node/src/agentic-record";
import type { Posted } from "../local-service";
import { ACP_API_VERSION, acpShop, acpTotal, type ShopAnswer } from "./acp-shop";
import { legacyMcpEndpoint, mcpEndpoint, ucpShop, ucpTotal } from "./ucp-shop";

/** One HTTP request of an agent to the shop, through whichever adapter a test mounts. */
export interface AgentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}
export type Send = (req: AgentRequest) => Promise<{ status: number; text: string }>;

/**
 * Every fixture endpoint of one shop: ACP and UCP REST, one MCP endpoint (`/mcp`) with
 * both bindings' tools, and UCP's first MCP binding at `/ucp/mcp`.
 */
export function checkoutShop() {
  const acp = acpShop();
  const ucp = ucpShop();
  const mcp = mcpEndpoint([acp, ucp]);
  const firstUcpMcp = legacyMcpEndpoint(ucp);
  return {
    acp,
    ucp,
    /** Routes a request; `sse` answers MCP calls as an event stream. Headers by lower-case name. */
    route(method: string, path: string, headers: Record<string, string | undefined>, body: unknown): ShopAnswer {
      const bare = path.split("?")[0];
      if (bare === "/mcp") return mcp(headers, body, headers["x-test-sse"] === "1");
      if (bare === "/ucp/mcp" && method === "POST") return firstUcpMcp(body);
      const handoff = /^\/checkout\/continue\/([^/]+)$/.exec(bare);
      if (handoff && method === "POST") return ucp.continueByBuyer(decodeURIComponent(handoff[1]));
      if (bare.startsWith("/checkout_sessions")) return acp.handle(method, bare, headers, body);
      if (bare.startsWith("/checkout-sessions")) return ucp.handle(method, bare, headers, body);
      return { status: 200, body: "<h1>shop</h1>", headers: { "content-type": "text/html" } };
    },
  };
}

/** An agent's requests sent over HTTP to a shop listening at `base`. */
export function httpSend(base: string): Send {
  return async (r) => {
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    return { status: res.status, text: await res.text() };
  };
}

/** The answer as bytes on the wire: a string as is, anything else as JSON. */
export function answerText(a: ShopAnswer): { text: string; contentType: string } {
  if (typeof a.body === "string") return { text: a.body, contentType: a.headers?.["content-type"] ?? "text/plain" };
  return { text: JSON.stringify(a.body), contentType: "application/json" };
}

// What must never leave the shop: the agent's credentials, the payment data, the buyer.
export const SECRETS = {
  bearer: "acp_live_secret_7f3a",
  cookie: "shop_session=9c1e77",
  apiKey: "xk_live_4b1d",
  csrf: "csrf-2e9a",
  acpBodySignature: "acpbodysig_AbC123",
  cardToken: "spt_123_card",
  ucpCardToken: "tok_visa_4242",
  pan: "4242424242424242",
  email: "john.smith@mail.example",
  street: "1234 Chat Road",
  phone: "15551234567",
  buyerIp: "198.51.100.77",
} as const;

// A ChatGPT-like agent: declared User-Agent, a Web Bot Auth signature naming its key directory.
const WBA = {
  "user-agent":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  signature: "sig1=:d2JhLXNpZw==:",
  "signature-input": 'sig1=("@authority" "signature-agent");created=1767225600;keyid="k1";tag="web-bot-auth"',
  "signature-agent": '"https://chatgpt.com"',
};
const CREDENTIALS: Record<string, string> = {
  authorization: `Bearer ${SECRETS.bearer}`,
  cookie: SECRETS.cookie,
  "x-api-key": SECRETS.apiKey,
  "x-csrf-token": SECRETS.csrf,
  "proxy-authorization": `Basic ${SECRETS.apiKey}`,
};
const ADDRESS = {
  name: "John Smith",
  line_one: SECRETS.street,
  line_two: "",
  city: "San Francisco",
  state: "CA",
  country: "US",
  postal_code: "94131",
};
const FULFILLMENT = { name: "John Smith", phone_number: SECRETS.phone, email: SECRETS.email, address: ADDRESS };
const PAYMENT = (token: string) => ({ token, provider: "stripe", billing_address: ADDRESS });

/** ACP request headers; `acpSigned`: ACP's own body signature instead of Web Bot Auth (§2.1). */
function acpHeaders(key?: string, acpSigned = false): Record<string, string> {
  const identity = acpSigned ? { "user-agent": WBA["user-agent"], signature: SECRETS.acpBodySignature } : WBA;
  return {
    ...identity,
    ...CREDENTIALS,
    "content-type": "application/json",
    "api-version": ACP_API_VERSION,
    "request-id": `req_${key ?? "x"}`,
    timestamp: "2026-11-20T10:00:00Z",
    ...(key ? { "idempotency-key": key } : {}),
  };
}

async function ok(send: Send, req: AgentRequest, status: number) {
  const answer = await send(req);
  expect(answer.status, `${req.method} ${req.path}`).toBe(status);
  return answer.text ? JSON.parse(answer.text) : null;
}

/** An order record as the collector sends it (`EventRecord.order`). */
export interface ExpectedOrder {
  protocol: "acp" | "ucp";
  binding: "rest" | "mcp";
  outcome: "completed" | "canceled" | "failed";
  checkout_id: string;
  order_id?: string;
  amount_minor?: number;
  currency?: string;
}

/**
 * ChatGPT-style ACP REST checkout, every step the spec has: three sessions.
 * A: create (retried with its key), update, complete, complete retried with its key.
 * B: create without an address, update, cancel. C: a declined card, the same key reused
 * with other parameters (409), then a good card. Plus a call without `API-Version`,
 * which is no ACP call. Returns the orders a collector must send, by hand.
 */
export async function acpRestJourney(send: Send): Promise<ExpectedOrder[]> {
  const itemsA = [{ id: "item_456", quantity: 1 }];
  const createA = { method: "POST", path: "/checkout_sessions", headers: acpHeaders("a-create") };
  const a = await ok(send, { ...createA, body: { items: itemsA, fulfillment_details: FULFILLMENT } }, 201);
  const replay = await ok(send, { ...createA, body: { items: itemsA, fulfillment_details: FULFILLMENT } }, 201);
  expect(replay.id).toBe(a.id);
  await ok(
    send,
    {
      method: "POST",
      path: `/checkout_sessions/${a.id}`,
      headers: acpHeaders(),
      body: { selected_fulfillment_options: [{ option_id: "fo_std", item_ids: ["item_456"] }] },
    },
    200,
  );
  const completeA = {
    method: "POST",
    path: `/checkout_sessions/${a.id}/complete`,
    headers: acpHeaders("a-complete"),
    body: { buyer: { first_name: "John", email: SECRETS.email }, payment_data: PAYMENT(SECRETS.cardToken) },
  };
  const doneA = await ok(send, completeA, 200);
  expect(doneA.status).toBe("completed");
  // The agent did not see the answer and retries with the same key: the same order.
  expect((await ok(send, completeA, 200)).order.id).toBe(doneA.order.id);

  const itemsB = [{ id: "item_123", quantity: 1 }];
  // B's agent signs ACP's way (a body `Signature`, no `Signature-Input`): that header is no Web Bot Auth signature and is not sent.
  const b = await ok(
    send,
    { method: "POST", path: "/checkout_sessions", headers: acpHeaders("b-create", true), body: { items: itemsB } },
    201,
  );
  expect(b.status).toBe("not_ready_for_payment");
  await ok(
    send,
    {
      method: "POST",
      path: `/checkout_sessions/${b.id}`,
      headers: acpHeaders(undefined, true),
      body: { fulfillment_details: FULFILLMENT },
    },
    200,
  );
  await ok(
    send,
    { method: "POST", path: `/checkout_sessions/${b.id}/cancel`, headers: acpHeaders("b-cancel", true), body: {} },
    200,
  );

  const itemsC = [{ id: "item_456", quantity: 2 }];
  const c = await ok(
    send,
    {
      method: "POST",
      path: "/checkout_sessions",
      headers: acpHeaders("c-create"),
      body: { items: itemsC, fulfillment_details: FULFILLMENT },
    },
    201,
  );
  await ok(
    send,
    {
      method: "POST",
      path: `/checkout_sessions/${c.id}/complete`,
      headers: acpHeaders("c-1"),
      body: { payment_data: PAYMENT("spt_declined") },
    },
    402,
  );
  await ok(
    send,
    {
      method: "POST",
      path: `/checkout_sessions/${c.id}/complete`,
      headers: acpHeaders("a-complete"),
      body: { payment_data: PAYMENT("spt_other") },
    },
    409,
  );
  const doneC = await ok(
    send,
    {
      method: "POST",
      path: `/checkout_sessions/${c.id}/complete`,
      headers: acpHeaders("c-2"),
      body: { payment_data: PAYMENT(SECRETS.cardToken) },
    },
    200,
  );
  // No API-Version: not an ACP call (the shop refuses it too), so nothing is counted.
  const { "api-version": _v, ...noVersion } = acpHeaders("x");
  await ok(send, { method: "POST", path: `/checkout_sessions/${c.id}/complete`, headers: noVersion, body: {} }, 400);

  // Hand counts: A 300 + 10% tax 30 + shipping 100 = 430; B 2,500 + 250 + 100 = 2,850;
  // C 2 × 300 = 600 + 60 + 100 = 760. ACP's `usd` is sent upper-case.
  expect(acpTotal(itemsA, true)).toBe(430);
  expect(acpTotal(itemsB, true)).toBe(2850);
  expect(acpTotal(itemsC, true)).toBe(760);
  return [
    {
      protocol: "acp",
      binding: "rest",
      outcome: "completed",
      checkout_id: a.id,
      order_id: doneA.order.id,
      amount_minor: 430,
      currency: "USD",
    },
    { protocol: "acp", binding: "rest", outcome: "canceled", checkout_id: b.id, amount_minor: 2850, currency: "USD" },
    { protocol: "acp", binding: "rest", outcome: "failed", checkout_id: c.id },
    {
      protocol: "acp",
      binding: "rest",
      outcome: "completed",
      checkout_id: c.id,
      order_id: doneC.order.id,
      amount_minor: 760,
      currency: "USD",
    },
  ];
}

const UCP_PROFILE = "https://platform.example/profiles/shopping-agent.json";
function ucpHeaders(key?: string): Record<string, string> {
  return {
    "user-agent": "Google-Agent/1.0",
    ...CREDENTIALS,
    "content-type": "application/json",
    "ucp-agent": `profile="${UCP_PROFILE}"`,
    "content-digest": "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:",
    ...(key ? { "idempotency-key": key } : {}),
  };
}
const UCP_BUYER = { email: SECRETS.email, first_name: "Jane", last_name: "Doe" };
const UCP_PAYMENT = (token: string) => ({
  instruments: [
    {
      id: "pi_1",
      handler_id: "gpay_1234",
      type: "card",
      selected: true,
      display: { brand: "visa", last_digits: "4242" },
      billing_address: { street_address: SECRETS.street, address_locality: "Anytown", address_country: "US" },
      credential: { type: "PAYMENT_GATEWAY", token, pan: SECRETS.pan },
    },
  ],
});

/**
 * A UCP REST checkout (Gemini-, Copilot-style): X completes (its complete retried with
 * the same key); Y is completed without a buyer (an error message: failed), then
 * canceled; Z's card is declined (failed); H is handed off to the buyer and found
 * completed by a later get.
 */
export async function ucpRestJourney(send: Send): Promise<ExpectedOrder[]> {
  const linesX = [{ id: "item_123", quantity: 2 }];
  const x = await ok(
    send,
    {
      method: "POST",
      path: "/checkout-sessions",
      headers: ucpHeaders("x-create"),
      body: {
        line_items: linesX.map((l) => ({ item: { id: l.id }, quantity: l.quantity })),
        buyer: UCP_BUYER,
        fulfillment: { methods: [{ type: "shipping", destinations: [{ street_address: SECRETS.street }] }] },
      },
    },
    201,
  );
  await ok(
    send,
    { method: "PUT", path: `/checkout-sessions/${x.id}`, headers: ucpHeaders(), body: { buyer: UCP_BUYER } },
    200,
  );
  const completeX = {
    method: "POST",
    path: `/checkout-sessions/${x.id}/complete`,
    headers: ucpHeaders("x-complete"),
    body: { payment: UCP_PAYMENT(SECRETS.ucpCardToken), signals: { "dev.ucp.buyer_ip": SECRETS.buyerIp } },
  };
  const doneX = await ok(send, completeX, 200);
  expect(doneX.status).toBe("completed");
  expect((await ok(send, completeX, 200)).order.id).toBe(doneX.order.id);

  const linesY = [{ id: "item_789", quantity: 1 }];
  const y = await ok(
    send,
    {
      method: "POST",
      path: "/checkout-sessions",
      headers: ucpHeaders("y-create"),
      body: { line_items: [{ item: { id: "item_789" }, quantity: 1 }] },
    },
    201,
  );
  expect(y.status).toBe("incomplete");
  const notYet = await ok(
    send,
    {
      method: "POST",
      path: `/checkout-sessions/${y.id}/complete`,
      headers: ucpHeaders("y-1"),
      body: { payment: UCP_PAYMENT(SECRETS.ucpCardToken) },
    },
    200,
  );
  expect(notYet.messages[0].code).toBe("missing");
  await ok(
    send,
    { method: "POST", path: `/checkout-sessions/${y.id}/cancel`, headers: ucpHeaders("y-cancel"), body: {} },
    200,
  );

  // A checkout with a buyer, one item, then completed with the given card token.
  const createAndComplete = async (key: string, item: string, token: string) => {
    const made = await ok(
      send,
      {
        method: "POST",
        path: "/checkout-sessions",
        headers: ucpHeaders(`${key}-create`),
        body: { line_items: [{ item: { id: item }, quantity: 1 }], buyer: UCP_BUYER },
      },
      201,
    );
    const answer = await ok(
      send,
      {
        method: "POST",
        path: `/checkout-sessions/${made.id}/complete`,
        headers: ucpHeaders(`${key}-complete`),
        body: { payment: UCP_PAYMENT(token) },
      },
      200,
    );
    return { id: made.id as string, answer };
  };
  const { id: zId, answer: declined } = await createAndComplete("z", "item_789", "tok_declined");
  expect(declined.messages[0].code).toBe("payment_declined");

  // H needs the buyer: its completion hands off (requires_escalation, continue_url), the
  // agent's get before the buyer is done finds it still handed off, the buyer finishes on
  // the shop's page, and the agent's next get finds it completed with its order.
  const { id: hId, answer: handedOff } = await createAndComplete("h", "item_123", "tok_handoff");
  expect(handedOff.status).toBe("requires_escalation");
  const getH = { method: "GET", path: `/checkout-sessions/${hId}`, headers: ucpHeaders() };
  expect((await ok(send, getH, 200)).status).toBe("requires_escalation");
  const buyer = await send({
    method: "POST",
    path: new URL(handedOff.continue_url).pathname,
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", "content-type": "application/json" },
    body: {},
  });
  expect(buyer.status).toBe(200);
  const doneH = await ok(send, getH, 200);
  expect(doneH.status).toBe("completed");
  // Polled again: the same order, not another.
  await ok(send, getH, 200);

  // Hand counts: X 2 × 2,500 + 400 tax = 5,400; Y 1,299 + 400 = 1,699; Z's total at its
  // failure is 1,699 too; H 2,500 + 400 = 2,900.
  expect(ucpTotal(linesX)).toBe(5400);
  expect(ucpTotal(linesY)).toBe(1699);
  return [
    {
      protocol: "ucp",
      binding: "rest",
      outcome: "completed",
      checkout_id: x.id,
      order_id: doneX.order.id,
      amount_minor: 5400,
      currency: "USD",
    },
    { protocol: "ucp", binding: "rest", outcome: "failed", checkout_id: y.id, amount_minor: 1699, currency: "USD" },
    { protocol: "ucp", binding: "rest", outcome: "canceled", checkout_id: y.id, amount_minor: 1699, currency: "USD" },
    { protocol: "ucp", binding: "rest", outcome: "failed", checkout_id: zId, amount_minor: 1699, currency: "USD" },
    {
      protocol: "ucp",
      binding: "rest",
      outcome: "completed",
      checkout_id: hId,
      order_id: doneH.order.id,
      amount_minor: 2900,
      currency: "USD",
    },
  ];
}

function rpc(id: number, name: string, args: unknown) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/**
 * Checkouts over MCP (Streamable HTTP, `MCP-Protocol-Version`): a UCP one whose profile
 * is only in `meta` and whose completion answers as an event stream (retried with its
 * key), an ACP one (its binding's tool names), and a tool call that is no checkout.
 * The UCP one counts as UCP.
 */
export async function mcpJourney(send: Send, options: { sse?: boolean } = { sse: true }): Promise<ExpectedOrder[]> {
  const base = {
    ...CREDENTIALS,
    "user-agent": "Google-Agent/1.0",
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-11-25",
  };
  const ucpMeta = { "ucp-agent": { profile: UCP_PROFILE } };
  const created = await ok(
    send,
    {
      method: "POST",
      path: "/mcp",
      headers: base,
      body: rpc(1, "create_checkout", {
        meta: ucpMeta,
        checkout: { line_items: [{ item: { id: "item_123" }, quantity: 1 }], buyer: UCP_BUYER },
      }),
    },
    200,
  );
  const m = created.result.structuredContent.id as string;
  const complete = {
    method: "POST",
    path: "/mcp",
    headers: { ...base, ...(options.sse ? { "x-test-sse": "1" } : {}) },
    body: rpc(2, "complete_checkout", {
      meta: { ...ucpMeta, "idempotency-key": "m-complete" },
      id: m,
      checkout: { payment: UCP_PAYMENT(SECRETS.ucpCardToken) },
    }),
  };
  const first = await send(complete);
  expect(first.status).toBe(200);
  const orderM = `ord_${m}`;
  expect(first.text).toContain(orderM);
  expect((await send(complete)).text).toContain(orderM);

  const acpMeta = { api_version: ACP_API_VERSION };
  const session = await ok(
    send,
    {
      method: "POST",
      path: "/mcp",
      headers: base,
      body: rpc(3, "create_checkout_session", {
        meta: { ...acpMeta, idempotency_key: "n-create" },
        payload: { items: [{ id: "item_456", quantity: 1 }], fulfillment_details: FULFILLMENT },
      }),
    },
    200,
  );
  const n = session.result.id as string;
  const doneN = await ok(
    send,
    {
      method: "POST",
      path: "/mcp",
      headers: base,
      body: rpc(4, "complete_checkout_session", {
        meta: { ...acpMeta, idempotency_key: "n-complete" },
        id: n,
        payload: { payment_data: PAYMENT(SECRETS.cardToken) },
      }),
    },
    200,
  );
  expect(doneN.result.status).toBe("completed");
  // An unknown session: a JSON-RPC error, a failed completion.
  const missing = await ok(
    send,
    {
      method: "POST",
      path: "/mcp",
      headers: base,
      body: rpc(5, "complete_checkout_session", {
        meta: acpMeta,
        id: "checkout_session_nope",
        payload: { payment_data: PAYMENT("spt_x") },
      }),
    },
    200,
  );
  expect(missing.error.code).toBe(-32000);
  // Another tool: not a checkout.
  await ok(
    send,
    { method: "POST", path: "/mcp", headers: base, body: rpc(6, "search_catalog", { query: "mug" }) },
    200,
  );

  // Hand counts: M 2,500 + 400 = 2,900 USD; N 300 + 30 + 100 = 430 USD.
  return [
    {
      protocol: "ucp",
      binding: "mcp",
      outcome: "completed",
      checkout_id: m,
      order_id: orderM,
      amount_minor: 2900,
      currency: "USD",
    },
    {
      protocol: "acp",
      binding: "mcp",
      outcome: "completed",
      checkout_id: n,
      order_id: doneN.result.order.id,
      amount_minor: 430,
      currency: "USD",
    },
    { protocol: "acp", binding: "mcp", outcome: "failed", checkout_id: "checkout_session_nope" },
  ];
}

/**
 * MCP checkouts as newer and older clients send them: one of MCP 2026-07-28, whose every
 * POST names its method and tool in `Mcp-Method` and `Mcp-Name` (a search it makes is
 * another tool, not read), and one of UCP's first MCP binding, which called each
 * operation as its own JSON-RPC method with the profile in `_meta` and sent no MCP
 * header at all. Both count as UCP.
 */
export async function mcpClientsJourney(send: Send): Promise<ExpectedOrder[]> {
  const json = { ...CREDENTIALS, "user-agent": "Google-Agent/1.0", "content-type": "application/json" };
  const latest = (tool: string) => ({
    ...json,
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
    "mcp-name": tool,
  });
  const meta = { "ucp-agent": { profile: UCP_PROFILE } };
  const tool = (id: number, name: string, args: unknown) =>
    ok(send, { method: "POST", path: "/mcp", headers: latest(name), body: rpc(id, name, args) }, 200);
  const created = await tool(1, "create_checkout", {
    meta,
    checkout: { line_items: [{ item: { id: "item_789" }, quantity: 2 }], buyer: UCP_BUYER },
  });
  const p = created.result.structuredContent.id as string;
  await tool(2, "search_catalog", { q: "mug" });
  const doneP = await tool(3, "complete_checkout", {
    meta: { ...meta, "idempotency-key": "p-complete" },
    id: p,
    checkout: { payment: UCP_PAYMENT(SECRETS.ucpCardToken) },
  });
  expect(doneP.result.structuredContent.status).toBe("completed");

  const first = (id: number, method: string, params: Record<string, unknown>) => ({
    method: "POST",
    path: "/ucp/mcp",
    headers: json,
    body: { jsonrpc: "2.0", id, method, params: { _meta: { ucp: { profile: UCP_PROFILE } }, ...params } },
  });
  const create = async (id: number, item: string) =>
    (
      await ok(
        send,
        first(id, "create_checkout", {
          checkout: { line_items: [{ item: { id: item }, quantity: 1 }], buyer: UCP_BUYER },
        }),
        200,
      )
    ).result.structuredContent.id as string;
  const q = await create(4, "item_123");
  const doneQ = await ok(
    send,
    first(5, "complete_checkout", {
      id: q,
      idempotency_key: "q-complete",
      checkout: { payment: UCP_PAYMENT(SECRETS.ucpCardToken) },
    }),
    200,
  );
  expect(doneQ.result.structuredContent.status).toBe("completed");
  const r = await create(6, "item_789");
  await ok(send, first(7, "cancel_checkout", { id: r, idempotency_key: "r-cancel" }), 200);

  // Hand counts: P 2 × 1,299 + 400 = 2,998 USD; Q 2,500 + 400 = 2,900; R (canceled) 1,299 + 400 = 1,699.
  return [
    {
      protocol: "ucp",
      binding: "mcp",
      outcome: "completed",
      checkout_id: p,
      order_id: doneP.result.structuredContent.order.id,
      amount_minor: 2998,
      currency: "USD",
    },
    {
      protocol: "ucp",
      binding: "mcp",
      outcome: "completed",
      checkout_id: q,
      order_id: doneQ.result.structuredContent.order.id,
      amount_minor: 2900,
      currency: "USD",
    },
    { protocol: "ucp", binding: "mcp", outcome: "canceled", checkout_id: r, amount_minor: 1699, currency: "USD" },
  ];
}

/**
 * Checkouts in JSON-RPC batches, as an MCP 2025-03-26 client could send them (no
 * version header, a session id): two ACP sessions created in one POST, then one POST
 * that searches, completes the first and cancels the second. Each checkout call of a
 * batch counts, each by the answer of its own id.
 */
export async function mcpBatchJourney(send: Send, options: { sse?: boolean } = {}): Promise<ExpectedOrder[]> {
  const headers = {
    ...WBA,
    ...CREDENTIALS,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-session-id": "batch-session-1",
    ...(options.sse ? { "x-test-sse": "1" } : {}),
  };
  const meta = (key: string) => ({ api_version: ACP_API_VERSION, idempotency_key: key });
  const batch = async (body: unknown[]) => {
    const answer = await send({ method: "POST", path: "/mcp", headers, body });
    expect(answer.status).toBe(200);
    const messages = options.sse
      ? answer.text
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => JSON.parse(l.slice(6)))
      : JSON.parse(answer.text);
    return (id: number) => messages.find((m: { id: number }) => m.id === id);
  };
  const created = await batch([
    rpc(11, "create_checkout_session", {
      meta: meta("s-create"),
      payload: { items: [{ id: "item_123", quantity: 1 }], fulfillment_details: FULFILLMENT },
    }),
    rpc(12, "create_checkout_session", {
      meta: meta("t-create"),
      payload: { items: [{ id: "item_456", quantity: 2 }], fulfillment_details: FULFILLMENT },
    }),
  ]);
  const s = created(11).result.id as string;
  const t = created(12).result.id as string;
  const done = await batch([
    rpc(13, "search_catalog", { query: "mug" }),
    rpc(14, "complete_checkout_session", {
      meta: meta("s-complete"),
      id: s,
      payload: { payment_data: PAYMENT(SECRETS.cardToken) },
    }),
    rpc(15, "cancel_checkout_session", { meta: meta("t-cancel"), id: t }),
  ]);
  expect(done(14).result.status).toBe("completed");
  expect(done(15).result.status).toBe("canceled");

  // Hand counts: S 2,500 + 250 tax + 100 shipping = 2,850 USD; T 2 × 300 + 60 + 100 = 760 (canceled).
  return [
    {
      protocol: "acp",
      binding: "mcp",
      outcome: "completed",
      checkout_id: s,
      order_id: done(14).result.order.id,
      amount_minor: 2850,
      currency: "USD",
    },
    { protocol: "acp", binding: "mcp", outcome: "canceled", checkout_id: t, amount_minor: 760, currency: "USD" },
  ];
}

const key = (o: ExpectedOrder) => `${o.protocol}|${o.checkout_id}|${o.outcome}`;

/** The order records the service received, sorted as `expected` is compared. */
export function ordersReceived(posts: Posted[]): Record<string, unknown>[] {
  return posts
    .flatMap((p) => p.events)
    .filter((e) => e.order)
    .sort((a, b) => key(a.order as ExpectedOrder).localeCompare(key(b.order as ExpectedOrder)));
}

export function expectOrders(posts: Posted[], expected: ExpectedOrder[]) {
  const got = ordersReceived(posts).map((e) => e.order);
  expect(got).toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
}

/**
 * Nothing of the agent's credentials, the payment or the buyer reached the service: no
 * secret value anywhere in what it received, no header but the four forwarded ones, and
 * none of the 22 credential headers Known Agents strips.
 */
export function expectNothingSecret(posts: Posted[]) {
  const sent = JSON.stringify(posts.map((p) => p.events));
  for (const [what, value] of Object.entries(SECRETS)) expect(sent, `${what} left the shop`).not.toContain(value);
  for (const word of ["payment", "billing", "buyer", "fulfillment", "address", "credential", "line_items", "email"])
    expect(sent, `a ${word} field left the shop`).not.toContain(`"${word}`);
  for (const event of posts.flatMap((p) => p.events)) {
    const names = Object.keys((event.headers as Record<string, string> | undefined) ?? {});
    for (const name of names) {
      expect(["signature", "signature-input", "signature-agent", "ucp-agent"]).toContain(name);
      expect(CREDENTIAL_HEADERS as readonly string[]).not.toContain(name);
    }
    expect(event.referer).toBe(event.order ? null : event.referer);
  }
  // Every posted request carried its own API key, never the shop's credentials.
  for (const p of posts) expect(p.authorization?.startsWith("Bearer ar_")).toBe(true);
}
