import { watchWebCheckout } from "./agentic-web.js";
import { copyNodeAnswer } from "./answer-copy.js";
import { Collector, type CollectorOptions } from "./collector.js";
import { gateResponse, webGateFacts } from "./policy-gate.js";

/** The parts of a Hono `Context` this reads, typed by shape (Hono 4). */
export interface HonoContextLike {
  req: { method: string; url: string; header(name: string): string | undefined; raw?: Request };
  res: Response;
  /** On Node, @hono/node-server's bindings: `incoming` is node's request (its README, "Access the raw Node.js APIs"). */
  env?: unknown;
  /** Hono throws when the runtime gives no execution context (Node, Bun): read in a try. */
  readonly executionCtx: { waitUntil(promise: Promise<unknown>): void };
}

export interface HonoOptions {
  /**
   * The client IP; default on Node the socket's peer address, elsewhere `CF-Connecting-IP`,
   * else the first `X-Forwarded-For` address. Behind a proxy on Node, read its header here.
   */
  clientIp?: (c: HonoContextLike) => string | null | undefined;
}

/**
 * The TCP peer when Hono runs on Node: there anyone can send `CF-Connecting-IP` or
 * `X-Forwarded-For`, and an address read from them would verify a claimed crawler
 * (an agent from its operator's published ranges gets the verified decision).
 */
function nodePeer(c: HonoContextLike): string | undefined {
  try {
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined)?.incoming;
    const address = incoming?.socket?.remoteAddress;
    return typeof address === "string" ? address : undefined;
  } catch {
    return undefined;
  }
}

/** The Node response under @hono/node-server (`c.env.outgoing`), when there is one. */
interface NodeOutgoing {
  write: (...args: never[]) => unknown;
  end: (...args: never[]) => unknown;
  once(event: "finish" | "close", listener: () => void): unknown;
}

function nodeOutgoing(c: HonoContextLike): NodeOutgoing | undefined {
  try {
    const out = (c.env as { outgoing?: Partial<NodeOutgoing> } | undefined)?.outgoing;
    return typeof out?.write === "function" && typeof out.end === "function" && typeof out.once === "function"
      ? (out as NodeOutgoing)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A checkout answer's text under @hono/node-server, copied as Node's response writes it:
 * cloning the Response there turns an answer held in memory into a stream that the server
 * then writes chunk by chunk (+1.25 ms at p99 on a completion, bench:collector-checkout).
 * Resolves once the answer has gone (null past the bound); undefined when it never went.
 */
function writtenAnswer(out: NodeOutgoing): Promise<string | null | undefined> {
  const copy = copyNodeAnswer(out);
  return new Promise((resolve) => {
    out.once("finish", () => {
      const bytes = copy.bytes();
      resolve(bytes === null ? null : new TextDecoder().decode(bytes));
    });
    out.once("close", () => resolve(undefined));
  });
}

/**
 * Hono middleware: lets the route answer (`await next()`, the shop's own work), records
 * the request from `c.res`, and returns. Where the runtime gives an execution context
 * (Workers, Deno Deploy, Vercel edge) the batch is sent under `waitUntil`; on Node the
 * collector's timer sends it.
 */
export function agentReadiness(collectorOrOptions: Collector | CollectorOptions, options: HonoOptions = {}) {
  const collector = collectorOrOptions instanceof Collector ? collectorOrOptions : new Collector(collectorOrOptions);
  const middleware = async (c: HonoContextLike, next: () => Promise<void>): Promise<Response | undefined> => {
    const ip = () =>
      options.clientIp
        ? options.clientIp(c)
        : (nodePeer(c) ?? c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim());
    // The site's agent policy first (policy-gate.ts): a blocked agent never reaches the route.
    const gate = policyGate(collector, c, ip);
    if (gate?.answer) return gateResponse(gate.answer);
    let checkout: ReturnType<typeof watchWebCheckout> = null;
    try {
      // Before the route reads the request: an MCP call's body is copied here.
      checkout = c.req.raw ? watchWebCheckout(collector, c.req.raw) : null;
    } catch {
      checkout = null;
    }
    await next();
    let ctx: HonoContextLike["executionCtx"] | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined;
    }
    let settled: Promise<void> | null = null;
    try {
      if (ctx) collector.useWaitUntil();
      const facts = {
        method: c.req.method,
        url: c.req.url,
        status: c.res.status,
        contentType: c.res.headers.get("content-type"),
        header: (name: string) => c.req.header(name),
        ip: ip(),
      };
      collector.record(facts);
      // The answer is copied now; the copy is read after the route's answer has gone. On
      // Node an uncompressed answer is copied as it is written (writtenAnswer).
      const out = checkout && !ctx && !c.res.headers.get("content-encoding") ? nodeOutgoing(c) : undefined;
      if (checkout && out) {
        const watch = checkout;
        const res = c.res;
        void writtenAnswer(out).then((text) => (text === undefined ? undefined : watch(res, facts, text)));
      } else settled = checkout ? checkout(c.res, facts) : null;
    } catch {
      // Never in the shop's way.
    }
    try {
      ctx?.waitUntil(settled ? settled.then(() => collector.flushSoon()) : collector.flushSoon());
    } catch {
      // As above.
    }
  };
  return Object.assign(middleware, { collector });
}

/** The gate's answer for a Hono request, its background work under `waitUntil` where there is one. */
function policyGate(collector: Collector, c: HonoContextLike, ip: () => string | null | undefined) {
  if (!collector.policy) return null;
  try {
    const gate = collector.policy.check(webGateFacts(c.req.method, c.req.url, (n) => c.req.header(n), ip()));
    let ctx: HonoContextLike["executionCtx"] | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined;
    }
    if (ctx) {
      collector.useWaitUntil();
      if (gate.refresh) ctx.waitUntil(gate.refresh);
      if (gate.answer) ctx.waitUntil(collector.flushSoon());
    }
    return gate;
  } catch {
    return null;
  }
}
