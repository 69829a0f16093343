/**
 * How the two agentic checkout protocols announce themselves on a shop's own endpoints,
 * from their specifications (docs/integrations/agentic-checkout.md cites each line):
 *
 * - ACP, Agentic Commerce Protocol (OpenAI, Stripe), REST: `POST /checkout_sessions`,
 *   `POST /checkout_sessions/{id}` (update), `GET /checkout_sessions/{id}`,
 *   `POST /checkout_sessions/{id}/complete`, `POST /checkout_sessions/{id}/cancel`; the
 *   client MUST send `API-Version` (rfc.agentic_checkout.md §3.1, §4). Its MCP binding
 *   maps each operation to a tool: `create_checkout_session`, `update_checkout_session`,
 *   `get_checkout_session`, `complete_checkout_session`, `cancel_checkout_session`, with
 *   the path's id as `arguments.id` (docs/mcp-binding.md).
 * - UCP, Universal Commerce Protocol (checkout capability), REST: `POST /checkout-sessions`,
 *   `GET` and `PUT /checkout-sessions/{id}`, `POST …/{id}/complete`, `POST …/{id}/cancel`;
 *   every request MUST carry `UCP-Agent: profile="…"` (checkout-rest.md, "Operations",
 *   "HTTP Headers"). Its MCP binding: tools `create_checkout`, `get_checkout`,
 *   `update_checkout`, `complete_checkout`, `cancel_checkout`, with `arguments.id` and the
 *   profile in `arguments.meta["ucp-agent"].profile` (checkout-mcp.md).
 *   UCP's first published MCP binding (ucp.dev, version 2026-01-11) called the operations
 *   as JSON-RPC methods of their own (`{"method":"complete_checkout","params":{…}}`) with
 *   the profile in `params._meta.ucp.profile`; both forms are read.
 * - MCP: a tool call is JSON-RPC `{"method":"tools/call","params":{"name","arguments"}}`
 *   over Streamable HTTP. A request after initialization carries `MCP-Protocol-Version`
 *   (2025-06-18 on), a stateful one `Mcp-Session-Id`, and from 2026-07-28 every POST
 *   mirrors its method and tool in `Mcp-Method` and `Mcp-Name` (SEP-2243); every client
 *   MUST accept both `application/json` and `text/event-stream` ("Sending Messages to
 *   the Server").
 */

export type CommerceProtocol = "acp" | "ucp";
export type CheckoutBinding = "rest" | "mcp";
export type CheckoutOperation = "create" | "update" | "get" | "complete" | "cancel";

/** One recognised checkout call, before its answer is read. */
export interface CheckoutCall {
  protocol: CommerceProtocol;
  binding: CheckoutBinding;
  operation: CheckoutOperation;
  /** The checkout session's id from the path or the tool's `id` argument; null on create. */
  checkoutId: string | null;
  /** A UCP MCP call names its profile in `meta`, not in a header: kept as a header value. */
  ucpAgent?: string;
  /**
   * ACP's MCP binding carries the REST `User-Agent` as `meta.user_agent` (docs/mcp-binding.md,
   * "Header Mapping"): the agent's own word, where the HTTP User-Agent is its MCP client's.
   */
  userAgent?: string;
  /** The MCP call's JSON-RPC id: its answer is the one of that id (a batch answers several). */
  rpcId?: string | number;
}

// The collection segment, then optionally an id and an action; a mount prefix
// (`/acp/checkout_sessions`) is allowed. Ids are one path segment.
const ACP_PATH = /(?:^|\/)checkout_sessions(?:\/([^/]+)(?:\/(complete|cancel))?)?\/?$/;
const UCP_PATH = /(?:^|\/)checkout-sessions(?:\/([^/]+)(?:\/(complete|cancel))?)?\/?$/;

const ACP_TOOLS: Record<string, CheckoutOperation> = {
  create_checkout_session: "create",
  update_checkout_session: "update",
  get_checkout_session: "get",
  complete_checkout_session: "complete",
  cancel_checkout_session: "cancel",
};
const UCP_TOOLS: Record<string, CheckoutOperation> = {
  create_checkout: "create",
  update_checkout: "update",
  get_checkout: "get",
  complete_checkout: "complete",
  cancel_checkout: "cancel",
};

const MAX_ID = 255;

/** A checkout or order id worth keeping: a string of 1 to 255 characters. */
export const idOf = (v: unknown): string | null =>
  typeof v === "string" && v.length > 0 && v.length <= MAX_ID ? v : null;

function decodeId(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return idOf(decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function restOperation(
  method: string,
  id: string | undefined,
  action: string | undefined,
  updateMethod: string,
): CheckoutOperation | null {
  if (action) return method === "POST" ? (action as CheckoutOperation) : null;
  if (!id) return method === "POST" ? "create" : null;
  if (method === "GET") return "get";
  return method === updateMethod ? "update" : null;
}

/**
 * The REST checkout call a request is, or null. A path alone does not make one: ACP
 * needs its required `API-Version` header, UCP its required `UCP-Agent`, so a shop's own
 * page that happens to be called `/checkout-sessions` is not counted.
 */
export function restCheckoutCall(
  method: string,
  pathname: string,
  header: (name: string) => string | null | undefined,
): CheckoutCall | null {
  const m = method.toUpperCase();
  if (header("ucp-agent")) {
    const match = UCP_PATH.exec(pathname);
    const operation = match && restOperation(m, match[1], match[2], "PUT");
    if (operation) return { protocol: "ucp", binding: "rest", operation, checkoutId: decodeId(match[1]) };
  }
  if (header("api-version")) {
    const match = ACP_PATH.exec(pathname);
    const operation = match && restOperation(m, match[1], match[2], "POST");
    if (operation) return { protocol: "acp", binding: "rest", operation, checkoutId: decodeId(match[1]) };
  }
  return null;
}

/** The operation a tool of that table names; own keys only, so a tool called `constructor` is none. */
const toolOperation = (tools: Record<string, CheckoutOperation>, name: string) =>
  Object.hasOwn(tools, name) ? tools[name] : undefined;

const isCheckoutTool = (name: string) =>
  toolOperation(UCP_TOOLS, name) !== undefined || toolOperation(ACP_TOOLS, name) !== undefined;

/**
 * Whether a request may be an MCP checkout tool call, from its method, headers and path
 * alone (the body is read only for a candidate): a POST that carries an MCP header, or
 * accepts both of Streamable HTTP's answer types, or is sent to an endpoint named `mcp`
 * (`/mcp`, `/ucp/mcp`: a client that negotiated nothing yet). When the 2026-07-28
 * routing headers name the method and the tool, a call of any other tool is not one.
 */
export function mayBeMcpCall(
  method: string,
  header: (name: string) => string | null | undefined,
  pathname = "",
): boolean {
  if (method.toUpperCase() !== "POST") return false;
  const mcpMethod = header("mcp-method");
  if (mcpMethod) {
    if (mcpMethod !== "tools/call") return isCheckoutTool(mcpMethod);
    const tool = header("mcp-name");
    return !tool || isCheckoutTool(tool);
  }
  if (header("mcp-protocol-version") || header("mcp-session-id")) return true;
  const accept = header("accept")?.toLowerCase() ?? "";
  if (accept.includes("text/event-stream") && accept.includes("application/json")) return true;
  return /(?:^|\/)mcp\/?$/i.test(pathname);
}

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The UCP profile an MCP call names: `arguments.meta["ucp-agent"].profile` (checkout-mcp.md,
 * "Request Metadata"), or MCP's own `_meta` as the first binding spelt it
 * (`_meta.ucp.profile`, in `params` or in the arguments).
 */
function ucpProfile(params: Record<string, unknown>, args: Record<string, unknown>): unknown {
  for (const [holder, key, inner] of [
    [args.meta, "ucp-agent", "profile"],
    [params._meta, "ucp", "profile"],
    [args._meta, "ucp", "profile"],
    [params._meta, "ucp-agent", "profile"],
  ] as const) {
    const entry = isObject(holder) ? holder[key] : undefined;
    if (isObject(entry) && entry[inner] !== undefined) return entry[inner];
  }
  return undefined;
}

/** `value` when it is a string of 1 to `max` characters, each of which `allowed` takes. */
function textOf(value: unknown, max: number, allowed: (code: number) => boolean): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > max) return undefined;
  for (let i = 0; i < value.length; i++) if (!allowed(value.charCodeAt(i))) return undefined;
  return value;
}

/** `UCP-Agent` as the REST binding spells it (an RFC 8941 Dictionary), from the profile an MCP call names. */
function ucpAgentHeader(profile: unknown): string | undefined {
  // An RFC 8941 sf-string holds printable ASCII; `"` and a backslash would need escapes.
  const text = textOf(profile, 2000, (c) => c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c);
  return text === undefined ? undefined : `profile="${text}"`;
}

/** A JSON-RPC id worth matching an answer by: a string or a number. */
export const rpcIdOf = (id: unknown): { rpcId?: string | number } =>
  typeof id === "string" || typeof id === "number" ? { rpcId: id } : {};

/** `meta.user_agent` of an ACP tool call, when it is one printable line of at most 1,024 characters. */
function metaUserAgent(args: Record<string, unknown>): string | undefined {
  return textOf(isObject(args.meta) ? args.meta.user_agent : undefined, 1024, (c) => c >= 0x20 && c !== 0x7f);
}

/** A batch holds at most this many calls worth reading (a client sends a handful). */
const MAX_BATCH_CALLS = 100;

/**
 * The checkout calls an MCP JSON-RPC request body holds: none, one, or, for a batch (MCP
 * 2025-03-26: an array of calls in one POST), each checkout call in it, each answered by
 * the message of its own id. UCP when the request or the call's `meta` names a UCP agent,
 * or the tool is UCP's; ACP for ACP's tool names.
 */
export function mcpCheckoutCalls(body: unknown, header: (name: string) => string | null | undefined): CheckoutCall[] {
  if (!Array.isArray(body)) {
    const call = mcpCheckoutCall(body, header);
    return call ? [call] : [];
  }
  const calls: CheckoutCall[] = [];
  for (const item of body.slice(0, MAX_BATCH_CALLS)) {
    const call = mcpCheckoutCall(item, header);
    if (call) calls.push(call);
  }
  return calls;
}

/** The checkout call one JSON-RPC message is, or null. */
function mcpCheckoutCall(body: unknown, header: (name: string) => string | null | undefined): CheckoutCall | null {
  if (!isObject(body) || typeof body.method !== "string" || !isObject(body.params)) return null;
  const id = rpcIdOf(body.id);
  const { params } = body;
  // A tool call, or an operation called as its own method (UCP's first MCP binding).
  const direct = body.method !== "tools/call";
  const name = direct ? body.method : params.name;
  if (typeof name !== "string") return null;
  const args = direct ? params : isObject(params.arguments) ? params.arguments : {};
  const checkoutId = idOf(args.id);
  const ucpAgent = ucpAgentHeader(ucpProfile(params, args));
  const ucpOperation = toolOperation(UCP_TOOLS, name);
  const operation = ucpOperation ?? toolOperation(ACP_TOOLS, name);
  if (!operation) return null;
  // A UCP agent calling a tool of ACP's name is still counted as UCP: the header (or
  // `meta`) is that protocol's own required signal. Only ACP's binding maps the REST
  // User-Agent into `meta.user_agent`.
  const protocol: CommerceProtocol = ucpOperation || header("ucp-agent") || ucpAgent ? "ucp" : "acp";
  const userAgent = ucpOperation ? undefined : metaUserAgent(args);
  return {
    protocol,
    binding: "mcp",
    operation,
    checkoutId,
    ...(ucpAgent && !header("ucp-agent") ? { ucpAgent } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...id,
  };
}
