import { answerText, copyNodeAnswer, nodeCheckoutCalls, nodeCheckoutOf } from "./agentic-node.js";
import { Collector, type CollectorOptions } from "./collector.js";
import { type NodeHeaders, nodeUrl, readNodeHeader } from "./node-headers.js";
import { nodeGate, sendNodeAnswer } from "./policy-node.js";

/**
 * The parts of an Express (4, 5) or plain `node:http` request this reads. Typed by shape,
 * so the package depends on no framework; Express adds `originalUrl`, `protocol`, `ip`
 * (which honour `app.set("trust proxy", …)`).
 */
export interface NodeRequestLike {
  method?: string;
  url?: string;
  originalUrl?: string;
  protocol?: string;
  ip?: string;
  headers: NodeHeaders;
  socket?: { remoteAddress?: string };
  /** What a body parser (`express.json()`) made of the body: an MCP call's tool name is read from it. */
  body?: unknown;
}

export interface NodeResponseLike {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  once(event: "finish", listener: () => void): unknown;
  /** Wrapped for an agentic checkout call only, to copy its answer (agentic-node.ts). */
  write?: (...args: never[]) => unknown;
  end?: (...args: never[]) => unknown;
}

export interface ExpressOptions {
  /** The client IP; default Express's `req.ip`, else the socket's address. */
  clientIp?: (req: NodeRequestLike) => string | null | undefined;
}

/**
 * Express/Connect middleware (also a `node:http` request listener's first call): records
 * each request once its answer has been written (`finish`), and calls `next()` at once.
 */
export function agentReadiness(collectorOrOptions: Collector | CollectorOptions, options: ExpressOptions = {}) {
  const collector = collectorOrOptions instanceof Collector ? collectorOrOptions : new Collector(collectorOrOptions);
  const middleware = (req: NodeRequestLike, res: NodeResponseLike, next?: (err?: unknown) => void) => {
    try {
      const path = req.originalUrl ?? req.url ?? "/";
      const ip = () => (options.clientIp ? options.clientIp(req) : (req.ip ?? req.socket?.remoteAddress));
      // The site's agent policy first (policy-gate.ts): a blocked agent never reaches the shop.
      const stop = collector.policy
        ? nodeGate(collector.policy, {
            method: req.method ?? "GET",
            path,
            headers: req.headers,
            protocol: req.protocol,
            ip: ip(),
          }).answer
        : null;
      if (stop) return sendNodeAnswer(res, stop);
      const header = (name: string) => readNodeHeader(req.headers, name);
      const checkout = nodeCheckoutOf(req.method ?? "GET", path, header);
      const answer = checkout && res.write && res.end ? copyNodeAnswer(res as Required<NodeResponseLike>) : null;
      res.once("finish", () => {
        const contentType = res.getHeader("content-type");
        const facts = {
          method: req.method ?? "GET",
          url: nodeUrl(req.headers, path, req.protocol),
          status: res.statusCode,
          contentType: contentType === undefined ? null : String(contentType),
          header,
          ip: ip(),
        };
        collector.record(facts);
        if (!checkout || !answer) return;
        try {
          const encoding = res.getHeader("content-encoding");
          const text = answerText(answer, encoding === undefined ? null : String(encoding));
          for (const call of nodeCheckoutCalls(checkout, req.body, text, facts.contentType, header))
            collector.recordCheckout(facts, call, text);
        } catch {
          // An answer we cannot read is an order not recorded, never an error in the shop.
        }
      });
    } catch {
      // Never in the shop's way: a request we cannot watch is a request not recorded.
    }
    next?.();
  };
  return Object.assign(middleware, { collector });
}
