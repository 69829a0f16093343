import { type NodeHeaders, nodeUrl, readNodeHeader } from "./node-headers.js";
import type { GateAnswer, GateResult, PolicyGate } from "./policy-gate.js";

// The policy gate for Node's own request and response (Express, Connect, `node:http`,
// Fastify's raw reply): the request target is the path as sent, so no URL is parsed on
// the request's time.

export function nodeGate(
  gate: PolicyGate,
  req: { method: string; path: string; headers: NodeHeaders; protocol?: string; ip: string | null | undefined },
): GateResult {
  const header = (name: string) => readNodeHeader(req.headers, name);
  return gate.check({
    method: req.method,
    url: nodeUrl(req.headers, req.path, req.protocol),
    status: 0,
    header,
    ip: req.ip,
    pathAndQuery: req.path.startsWith("/") ? req.path : `/${req.path}`,
    host: header("host") ?? "",
  });
}

/** Writes a gate answer on a `node:http` ServerResponse (Express's `res` is one). */
export function sendNodeAnswer(res: unknown, answer: GateAnswer): void {
  const r = res as { writeHead(status: number, headers: Record<string, string>): unknown; end(body?: string): unknown };
  r.writeHead(answer.status, { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) });
  r.end(answer.body);
}
