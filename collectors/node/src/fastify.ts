import { Collector, type CollectorOptions } from "./collector.js";
import { type NodeHeaders, nodeUrl, readNodeHeader } from "./node-headers.js";

/** The parts of a Fastify (4, 5) request and reply this reads, typed by shape. */
export interface FastifyRequestLike {
  method: string;
  url: string;
  protocol?: string;
  ip?: string;
  headers: NodeHeaders;
}

export interface FastifyReplyLike {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
}

export interface FastifyLike {
  addHook(
    name: "onResponse",
    hook: (request: FastifyRequestLike, reply: FastifyReplyLike, done: () => void) => void,
  ): unknown;
  addHook(name: "onClose", hook: (instance: unknown, done: () => void) => void): unknown;
}

export interface FastifyOptions {
  /** The client IP; default Fastify's `request.ip` (honours `trustProxy`). */
  clientIp?: (request: FastifyRequestLike) => string | null | undefined;
}

/**
 * A Fastify plugin: an `onResponse` hook (runs after the answer is sent) records the
 * request; an `onClose` hook flushes what is left when the server closes. Register with
 * `app.register(agentReadinessPlugin, { endpoint, key })`.
 */
export function agentReadinessPlugin(
  fastify: FastifyLike,
  options: (CollectorOptions & FastifyOptions) | { collector: Collector; clientIp?: FastifyOptions["clientIp"] },
  done: (err?: Error) => void,
) {
  const collector = "collector" in options ? options.collector : new Collector(options);
  fastify.addHook("onResponse", (request, reply, next) => {
    try {
      const contentType = reply.getHeader("content-type");
      collector.record({
        method: request.method,
        url: nodeUrl(request.headers, request.url, request.protocol),
        status: reply.statusCode,
        contentType: contentType === undefined ? null : String(contentType),
        header: (name) => readNodeHeader(request.headers, name),
        ip: options.clientIp ? options.clientIp(request) : request.ip,
      });
    } catch {
      // Never in the shop's way.
    }
    next();
  });
  fastify.addHook("onClose", (_instance, next) => {
    void collector.close().then(() => next());
  });
  done();
}

// What fastify-plugin sets: the hooks apply to the whole app, not an encapsulated child.
Object.assign(agentReadinessPlugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "agent-readiness",
});
