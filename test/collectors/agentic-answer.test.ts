import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkoutCallsFromAnswer, readCheckoutAnswer } from "../../collectors/node/src/agentic-answer";
import { decode } from "../../collectors/node/src/agentic-node";
import { mayBeMcpCall, mcpCheckoutCalls, restCheckoutCall } from "../../collectors/node/src/agentic-protocols";
import { toOrderRecord } from "../../collectors/node/src/agentic-record";

type Header = (name: string) => string | null | undefined;
/** The one checkout call a single JSON-RPC message is, or null. */
const mcpCheckoutCall = (body: unknown, header: Header) => mcpCheckoutCalls(body, header)[0] ?? null;
/** The first checkout call an answer alone shows, or null. */
const checkoutCallFromAnswer = (body: string, contentType: string | null, ucp: boolean) =>
  checkoutCallsFromAnswer(body, contentType, ucp)[0] ?? null;

const headers =
  (h: Record<string, string>) =>
  (name: string): string | null =>
    h[name] ?? null;

describe("recognising a checkout call by its protocol's required signals", () => {
  it("ACP needs API-Version, UCP needs UCP-Agent; the path alone counts nothing", () => {
    const acp = headers({ "api-version": "2026-01-16" });
    const ucp = headers({ "ucp-agent": 'profile="https://p.example/profile"' });
    expect(restCheckoutCall("POST", "/checkout_sessions", acp)).toMatchObject({ protocol: "acp", operation: "create" });
    expect(restCheckoutCall("POST", "/acp/checkout_sessions/cs_1", acp)).toMatchObject({
      operation: "update",
      checkoutId: "cs_1",
    });
    expect(restCheckoutCall("GET", "/checkout_sessions/cs_1", acp)).toMatchObject({ operation: "get" });
    expect(restCheckoutCall("POST", "/checkout_sessions/cs%201/complete", acp)).toMatchObject({
      operation: "complete",
      checkoutId: "cs 1",
    });
    expect(restCheckoutCall("POST", "/checkout_sessions/cs_1/complete", headers({}))).toBeNull();
    expect(restCheckoutCall("PUT", "/checkout-sessions/chk_1", ucp)).toMatchObject({
      protocol: "ucp",
      operation: "update",
    });
    // UCP updates with PUT; a POST to the id is no UCP operation.
    expect(restCheckoutCall("POST", "/checkout-sessions/chk_1", ucp)).toBeNull();
    expect(restCheckoutCall("POST", "/checkout-sessions/chk_1/cancel", ucp)).toMatchObject({ operation: "cancel" });
    expect(restCheckoutCall("GET", "/checkout-sessions/chk_1/complete", ucp)).toBeNull();
  });

  it("MCP tool calls: each binding's tool names, the UCP profile from meta", () => {
    const none = headers({});
    const call = (name: string, args: unknown) => ({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    });
    expect(
      mcpCheckoutCall(
        call("complete_checkout", { id: "c1", meta: { "ucp-agent": { profile: "https://p.example/x" } } }),
        none,
      ),
    ).toEqual({
      protocol: "ucp",
      binding: "mcp",
      operation: "complete",
      checkoutId: "c1",
      ucpAgent: 'profile="https://p.example/x"',
      rpcId: 1,
    });
    expect(mcpCheckoutCall(call("cancel_checkout_session", { id: "cs" }), none)).toMatchObject({
      protocol: "acp",
      operation: "cancel",
    });
    // A quote in the profile cannot break out of the header's string.
    expect(
      mcpCheckoutCall(call("get_checkout", { meta: { "ucp-agent": { profile: 'x" evil="1' } } }), none)?.ucpAgent,
    ).toBeUndefined();
    expect(mcpCheckoutCall(call("search_catalog", {}), none)).toBeNull();
    expect(mcpCheckoutCall({ jsonrpc: "2.0", id: 1, method: "initialize" }, none)).toBeNull();
    // Names of Object.prototype are no tools of either binding.
    expect(mcpCheckoutCall(call("constructor", {}), none)).toBeNull();
    expect(mcpCheckoutCall({ jsonrpc: "2.0", id: 1, method: "toString", params: {} }, none)).toBeNull();
  });

  it("MCP: UCP's first binding (operations as methods, the profile in _meta) and _meta in a tool call", () => {
    const none = headers({});
    const profile = "https://platform.example/profiles/shopping-agent.json";
    expect(
      mcpCheckoutCall(
        {
          jsonrpc: "2.0",
          id: 7,
          method: "complete_checkout",
          params: { _meta: { ucp: { profile } }, id: "chk_9", idempotency_key: "k" },
        },
        none,
      ),
    ).toEqual({
      protocol: "ucp",
      binding: "mcp",
      operation: "complete",
      checkoutId: "chk_9",
      ucpAgent: `profile="${profile}"`,
      rpcId: 7,
    });
    // MCP's own `_meta` on a tool call names the profile too; an ACP tool so called is UCP's.
    expect(
      mcpCheckoutCall(
        {
          jsonrpc: "2.0",
          id: 8,
          method: "tools/call",
          params: { name: "complete_checkout_session", _meta: { ucp: { profile } }, arguments: { id: "cs_2" } },
        },
        none,
      ),
    ).toMatchObject({ protocol: "ucp", operation: "complete", checkoutId: "cs_2" });
    // A UCP-Agent header sent with the call wins: no second profile is made up.
    expect(
      mcpCheckoutCall(
        { jsonrpc: "2.0", id: 9, method: "cancel_checkout", params: { _meta: { ucp: { profile } }, id: "c" } },
        headers({ "ucp-agent": `profile="${profile}"` }),
      ),
    ).toEqual({ protocol: "ucp", binding: "mcp", operation: "cancel", checkoutId: "c", rpcId: 9 });
  });

  it("ACP over MCP: the agent's User-Agent from meta.user_agent, not its MCP client's", () => {
    const ua =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
    const body = (meta: Record<string, unknown>) => ({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "complete_checkout_session", arguments: { meta, id: "cs_7", payload: {} } },
    });
    const call = mcpCheckoutCall(body({ api_version: "2026-01-30", user_agent: ua }), headers({}));
    expect(call).toMatchObject({ protocol: "acp", operation: "complete", userAgent: ua });
    if (!call) throw new Error("not a checkout call");
    // Not one printable line: not taken.
    expect(mcpCheckoutCall(body({ user_agent: "a\r\nb" }), headers({}))?.userAgent).toBeUndefined();
    expect(mcpCheckoutCall(body({ user_agent: 7 }), headers({}))?.userAgent).toBeUndefined();
    const facts = {
      method: "POST",
      url: "https://shop.example/mcp",
      status: 200,
      header: (n: string) => ({ "user-agent": "python-httpx/0.28.1" })[n] ?? null,
    };
    const result = {
      outcome: "completed" as const,
      checkoutId: "cs_7",
      orderId: "o",
      amountMinor: 430,
      currency: "USD",
    };
    expect(toOrderRecord(facts, call, result, 0, "shop.example")?.user_agent).toBe(ua);
    // Without it, the request's own User-Agent.
    const plain = mcpCheckoutCall(body({ api_version: "2026-01-30" }), headers({}));
    if (!plain) throw new Error("not a checkout call");
    expect(toOrderRecord(facts, plain, result, 0, "shop.example")?.user_agent).toBe("python-httpx/0.28.1");
  });

  it("which requests may be MCP checkout calls, before the body is read", () => {
    const json = { "content-type": "application/json" };
    // MCP-Protocol-Version (2025-06-18 on) or a session: read.
    expect(mayBeMcpCall("POST", headers({ ...json, "mcp-protocol-version": "2025-11-25" }), "/api")).toBe(true);
    expect(mayBeMcpCall("POST", headers({ ...json, "mcp-session-id": "s1" }), "/x")).toBe(true);
    // A client that negotiated nothing yet: Streamable HTTP's Accept, or an endpoint named mcp.
    expect(mayBeMcpCall("POST", headers({ ...json, accept: "application/json, text/event-stream" }), "/x")).toBe(true);
    expect(mayBeMcpCall("POST", headers(json), "/ucp/mcp")).toBe(true);
    expect(mayBeMcpCall("POST", headers(json), "/mcp/")).toBe(true);
    // 2026-07-28's routing headers: another tool, or another method, is not read.
    const v = { ...json, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call" };
    expect(mayBeMcpCall("POST", headers({ ...v, "mcp-name": "complete_checkout" }), "/mcp")).toBe(true);
    expect(mayBeMcpCall("POST", headers({ ...v, "mcp-name": "cancel_checkout_session" }), "/mcp")).toBe(true);
    expect(mayBeMcpCall("POST", headers({ ...v, "mcp-name": "search_catalog" }), "/mcp")).toBe(false);
    expect(mayBeMcpCall("POST", headers({ ...v, "mcp-method": "tools/list" }), "/mcp")).toBe(false);
    expect(mayBeMcpCall("POST", headers({ ...v, "mcp-name": "constructor" }), "/mcp")).toBe(false);
    // Anything else is a shop's own request: nothing is copied.
    expect(mayBeMcpCall("POST", headers(json), "/cart/add")).toBe(false);
    expect(mayBeMcpCall("POST", headers({ accept: "text/event-stream" }), "/events")).toBe(false);
    expect(mayBeMcpCall("GET", headers({ "mcp-protocol-version": "2025-11-25" }), "/mcp")).toBe(false);
    expect(mayBeMcpCall("POST", headers(json), "/mcp-guide")).toBe(false);
  });
});

describe("reading the order from the answer", () => {
  const complete = { protocol: "acp", binding: "rest", operation: "complete", checkoutId: "cs_1" } as const;
  const session = (status: string, extra: object = {}) =>
    JSON.stringify({
      id: "cs_1",
      status,
      currency: "eur",
      totals: [
        { type: "subtotal", amount: 900 },
        { type: "total", amount: 1000 },
      ],
      ...extra,
    });

  it("a completion counts only once it says completed; 3-D Secure and progress are steps", () => {
    expect(
      readCheckoutAnswer(complete, 200, "application/json", session("completed", { order: { id: "o1" } })),
    ).toEqual({
      outcome: "completed",
      checkoutId: "cs_1",
      orderId: "o1",
      amountMinor: 1000,
      currency: "EUR",
    });
    expect(readCheckoutAnswer(complete, 200, "application/json", session("authentication_required"))).toBeNull();
    expect(readCheckoutAnswer(complete, 200, "application/json", session("in_progress"))).toBeNull();
    expect(
      readCheckoutAnswer(complete, 400, "application/json", '{"type":"invalid_request","code":"requires_3ds"}'),
    ).toMatchObject({
      outcome: "failed",
      amountMinor: null,
    });
    expect(readCheckoutAnswer({ ...complete, operation: "update" }, 200, null, session("completed"))).toBeNull();
  });

  it("a hand-off or an order still being placed is a step, and a later get that finds it ended records it", () => {
    const review = {
      messages: [{ type: "error", code: "buyer_review", content: "Review", severity: "requires_buyer_review" }],
      continue_url: "https://shop.example/checkout/continue/cs_1",
    };
    // UCP's hand-off answers with an error message, yet nothing has failed.
    expect(readCheckoutAnswer(complete, 200, "application/json", session("requires_escalation", review))).toBeNull();
    expect(readCheckoutAnswer(complete, 200, "application/json", session("complete_in_progress"))).toBeNull();
    // A declined payment leaves the session ready, with an error: that attempt failed.
    const declined = { messages: [{ type: "error", code: "payment_declined", severity: "recoverable" }] };
    expect(readCheckoutAnswer(complete, 200, null, session("ready_for_complete", declined))).toMatchObject({
      outcome: "failed",
    });
    const get = { ...complete, operation: "get" } as const;
    expect(readCheckoutAnswer(get, 200, "application/json", session("completed", { order: { id: "o9" } }))).toEqual({
      outcome: "completed",
      checkoutId: "cs_1",
      orderId: "o9",
      amountMinor: 1000,
      currency: "EUR",
    });
    expect(readCheckoutAnswer(get, 200, null, session("canceled"))).toMatchObject({ outcome: "canceled" });
    expect(readCheckoutAnswer(get, 200, null, session("requires_escalation", review))).toBeNull();
    expect(readCheckoutAnswer(get, 200, null, session("ready_for_complete", declined))).toBeNull();
    // A get that fails is no failed checkout.
    expect(readCheckoutAnswer(get, 404, null, '{"code":"not_found"}')).toBeNull();
  });

  it("amounts that are not whole minor units are not read", () => {
    const odd = JSON.stringify({
      id: "cs_1",
      status: "completed",
      currency: "usd",
      totals: [{ type: "total", amount: 12.5 }],
    });
    expect(readCheckoutAnswer(complete, 200, null, odd)).toMatchObject({ outcome: "completed", amountMinor: null });
  });

  it("MCP answers as JSON or as an event stream; errors are failures", () => {
    const mcp = { ...complete, protocol: "ucp", binding: "mcp" } as const;
    const result = {
      jsonrpc: "2.0",
      id: 7,
      result: { structuredContent: JSON.parse(session("completed", { order: { id: "o2" } })) },
    };
    const stream = `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: message\ndata: ${JSON.stringify(result)}\n\n`;
    expect(readCheckoutAnswer(mcp, 200, "text/event-stream", stream)).toMatchObject({
      outcome: "completed",
      orderId: "o2",
    });
    expect(
      readCheckoutAnswer(
        mcp,
        200,
        "application/json",
        JSON.stringify({ jsonrpc: "2.0", id: 7, error: { code: -32000 } }),
      ),
    ).toMatchObject({
      outcome: "failed",
    });
    expect(
      readCheckoutAnswer(
        mcp,
        200,
        "application/json",
        JSON.stringify({ jsonrpc: "2.0", id: 7, result: { isError: true } }),
      ),
    ).toMatchObject({
      outcome: "failed",
    });
    const ucpError = {
      jsonrpc: "2.0",
      id: 7,
      result: { structuredContent: { ucp: { status: "error" }, messages: [] } },
    };
    expect(readCheckoutAnswer(mcp, 200, null, JSON.stringify(ucpError))).toMatchObject({ outcome: "failed" });
  });

  it("a JSON-RPC batch (MCP 2025-03-26): each checkout call, each answered by the message of its own id", () => {
    const none = (_: string) => null;
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_catalog", arguments: {} } },
      {
        jsonrpc: "2.0",
        id: "c2",
        method: "tools/call",
        params: { name: "complete_checkout_session", arguments: { id: "cs_1" } },
      },
      {
        jsonrpc: "2.0",
        id: "c3",
        method: "tools/call",
        params: { name: "cancel_checkout_session", arguments: { id: "cs_2" } },
      },
    ];
    const calls = mcpCheckoutCalls(batch, none);
    expect(calls).toMatchObject([
      { protocol: "acp", operation: "complete", checkoutId: "cs_1", rpcId: "c2" },
      { protocol: "acp", operation: "cancel", checkoutId: "cs_2", rpcId: "c3" },
    ]);
    const [complete, cancel] = calls;
    if (!complete || !cancel) throw new Error("two checkout calls expected");
    // The batch's answers, in another order than the calls: each call reads its own.
    const answers = JSON.stringify([
      { jsonrpc: "2.0", id: "c3", result: JSON.parse(session("canceled", { id: "cs_2" })) },
      { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "2 mugs" }] } },
      { jsonrpc: "2.0", id: "c2", result: JSON.parse(session("completed", { order: { id: "o7" } })) },
    ]);
    expect(readCheckoutAnswer(complete, 200, "application/json", answers)).toMatchObject({
      outcome: "completed",
      checkoutId: "cs_1",
      orderId: "o7",
    });
    expect(readCheckoutAnswer(cancel, 200, "application/json", answers)).toMatchObject({
      outcome: "canceled",
      checkoutId: "cs_2",
    });
    // Its error, not the other call's success.
    const failedAnswers = JSON.stringify([
      { jsonrpc: "2.0", id: "c2", error: { code: -32000, message: "declined" } },
      { jsonrpc: "2.0", id: 1, result: { content: [] } },
    ]);
    expect(readCheckoutAnswer(complete, 200, null, failedAnswers)).toMatchObject({ outcome: "failed" });
    // A call whose id no message of a batch's answer carries takes none of the others'
    // (the cancel's answer is missing here): nothing is recorded for it.
    expect(readCheckoutAnswer(cancel, 200, null, failedAnswers)).toBeNull();
    // Without the request's body, the batch's answers alone show both ended checkouts.
    expect(checkoutCallsFromAnswer(answers, "application/json", false)).toMatchObject([
      { protocol: "acp", operation: "cancel", checkoutId: "cs_2", rpcId: "c3" },
      { protocol: "acp", operation: "complete", checkoutId: "cs_1", rpcId: "c2" },
    ]);
  });

  it("an MCP tool result with only its text block: the session is read from the text", () => {
    const mcp = { ...complete, protocol: "ucp", binding: "mcp" } as const;
    const textOnly = (text: string) =>
      JSON.stringify({ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text }] } });
    expect(
      readCheckoutAnswer(mcp, 200, "application/json", textOnly(session("completed", { order: { id: "o5" } }))),
    ).toMatchObject({ outcome: "completed", orderId: "o5", amountMinor: 1000, currency: "EUR" });
    // Prose, or a session still open: nothing.
    expect(readCheckoutAnswer(mcp, 200, null, textOnly("Your order is placed!"))).toBeNull();
    expect(readCheckoutAnswer(mcp, 200, null, textOnly(session("complete_in_progress")))).toBeNull();
    // Without the request's body, the text block alone shows a completed checkout.
    expect(
      checkoutCallFromAnswer(
        textOnly(session("completed", { order: { id: "o5" }, ucp: {} })),
        "application/json",
        false,
      ),
    ).toMatchObject({ protocol: "ucp", operation: "complete", checkoutId: "cs_1" });
  });

  it("a compressed answer is read through its Content-Encoding, a plain one despite it", () => {
    const text = session("canceled");
    expect(decode(gzipSync(text), "gzip")).toBe(text);
    expect(decode(Buffer.from(text), "gzip")).toBe(text);
    expect(decode(Buffer.from(text), "zstd")).toBeNull();
  });
});
