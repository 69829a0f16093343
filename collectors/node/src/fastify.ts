import { AnswerChunks, answerText, type NodeCheckout, nodeCheckoutCalls, nodeCheckoutOf } from "./agentic-node.js";
import { Collector, type CollectorOptions } from "./collector.js";
import { type NodeHeaders, nodeUrl, readNodeHeader } from "./node-headers.js";
import { nodeGate } from "./policy-node.js";

/** The parts of a Fastify (4, 5) request and reply this reads, typed by shape. */
export interface FastifyRequestLike {
  method: string;
  url: string;
  protocol?: string;
  ip?: string;
  headers: NodeHeaders;
  /** The parsed body: an MCP call's tool name is read from it. */
  body?: unknown;
}

export interface FastifyReplyLike {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
}

/** What answering from an `onRequest` hook uses (Fastify's reply: `code`, `headers`, `send` chain). */
export interface FastifyReplySender {
  code(status: number): { headers(h: Record<string, string>): { send(body: string): unknown } };
}

export interface FastifyLike {
  addHook(
    name: "onRequest",
    hook: (request: FastifyRequestLike, reply: FastifyReplyLike & FastifyReplySender, done: () => void) => void,
  ): unknown;
  addHook(
    name: "onResponse",
    hook: (request: FastifyRequestLike, reply: FastifyReplyLike, done: () => void) => void,
  ): unknown;
  addHook(
    name: "onSend",
    hook: (
      request: FastifyRequestLike,
      reply: FastifyReplyLike,
      payload: unknown,
      done: (err: Error | null, payload?: unknown) => void,
    ) => void,
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
  // Requests the policy answered (policy-gate.ts): recorded there, not again on their response.
  const stopped = new WeakSet<FastifyRequestLike>();
  if (collector.policy) {
    const gate = collector.policy;
    fastify.addHook("onRequest", (request, reply, next) => {
      try {
        const ip = options.clientIp ? options.clientIp(request) : request.ip;
        const { answer } = nodeGate(gate, {
          method: request.method,
          path: request.url,
          headers: request.headers,
          protocol: request.protocol,
          ip,
        });
        if (answer) {
          stopped.add(request);
          // Answered from the hook, the route never runs (Fastify "Hooks": respond from a hook).
          reply.code(answer.status).headers(answer.headers).send(answer.body);
          return;
        }
      } catch {
        // Never in the shop's way.
      }
      next();
    });
  }
  // An agentic checkout call's answer, as serialized (onSend), until it has been sent.
  const answers = new WeakMap<FastifyRequestLike, { checkout: NodeCheckout; chunks: AnswerChunks }>();
  fastify.addHook("onSend", (request, _reply, payload, next) => {
    try {
      const header = (name: string) => readNodeHeader(request.headers, name);
      const checkout = nodeCheckoutOf(request.method, request.url, header);
      if (checkout) {
        const chunks = new AnswerChunks();
        // A stream payload is not copied: reading it would change what the shop sends.
        if (typeof payload === "string" || payload instanceof Uint8Array) chunks.add(payload);
        else chunks.over = true;
        answers.set(request, { checkout, chunks });
      }
    } catch {
      // Never in the shop's way.
    }
    next(null, payload);
  });
  fastify.addHook("onResponse", (request, reply, next) => {
    try {
      if (stopped.has(request)) return next();
      const contentType = reply.getHeader("content-type");
      const header = (name: string) => readNodeHeader(request.headers, name);
      const facts = {
        method: request.method,
        url: nodeUrl(request.headers, request.url, request.protocol),
        status: reply.statusCode,
        contentType: contentType === undefined ? null : String(contentType),
        header,
        ip: options.clientIp ? options.clientIp(request) : request.ip,
      };
      collector.record(facts);
      const answer = answers.get(request);
      if (answer) {
        const encoding = reply.getHeader("content-encoding");
        const text = answerText(answer.chunks, encoding === undefined ? null : String(encoding));
        for (const call of nodeCheckoutCalls(answer.checkout, request.body, text, facts.contentType, header))
          collector.recordCheckout(facts, call, text);
      }
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
