import { Collector, type CollectorOptions } from "./collector.js";
import { type NodeHeaders, nodeUrl, readNodeHeader } from "./node-headers.js";

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
}

export interface NodeResponseLike {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  once(event: "finish", listener: () => void): unknown;
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
      res.once("finish", () => {
        const contentType = res.getHeader("content-type");
        collector.record({
          method: req.method ?? "GET",
          url: nodeUrl(req.headers, req.originalUrl ?? req.url ?? "/", req.protocol),
          status: res.statusCode,
          contentType: contentType === undefined ? null : String(contentType),
          header: (name) => readNodeHeader(req.headers, name),
          ip: options.clientIp ? options.clientIp(req) : (req.ip ?? req.socket?.remoteAddress),
        });
      });
    } catch {
      // Never in the shop's way: a request we cannot watch is a request not recorded.
    }
    next?.();
  };
  return Object.assign(middleware, { collector });
}
