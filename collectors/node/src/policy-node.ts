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
    pathAndQuery: originForm(req.path),
    host: header("host") ?? "",
  });
}

// A request target in absolute form (RFC 9112 §3.2.2, `GET http://host/path`), which a
// server must accept: Node passes it on as sent and Express routes it by its path, so the
// gate judges that path, or a path exception could be stepped around.
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** The request target as a path and query (`/p?q=1`). */
export function originForm(target: string): string {
  if (target.startsWith("/")) return target;
  const authority = ABSOLUTE_FORM.exec(target);
  const rest = authority ? target.slice(authority[0].length) : target;
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** Writes a gate answer on a `node:http` ServerResponse (Express's `res` is one). */
export function sendNodeAnswer(res: unknown, answer: GateAnswer): void {
  const r = res as { writeHead(status: number, headers: Record<string, string>): unknown; end(body?: string): unknown };
  r.writeHead(answer.status, { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) });
  r.end(answer.body);
}
