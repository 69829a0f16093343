import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Posted {
  authorization: string | undefined;
  events: Record<string, unknown>[];
}

type Answer = (req: IncomingMessage, res: ServerResponse, posted: Posted) => void;

/**
 * A stand-in for `POST /api/v1/events` on loopback: each POST is parsed and kept, then
 * answered by the current `answer` (healthy by default: 200 with every record accepted,
 * the service's answer shape). Tests switch it to slow, rate-limiting or failing.
 */
export async function startLocalService() {
  const posts: Posted[] = [];
  const healthy: Answer = (_req, res, posted) => {
    const n = posted.events.length;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ received: n, accepted: n, rejected: 0, results: [] }));
  };
  let answer: Answer = healthy;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const posted: Posted = {
      authorization: req.headers.authorization,
      events: (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { events: Record<string, unknown>[] }).events,
    };
    posts.push(posted);
    answer(req, res, posted);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    healthy,
    answerWith(a: Answer) {
      answer = a;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address nobody listens on: the service is down. */
export async function downUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A page request's facts as an adapter gives them. */
export function pageFacts(path: string, headers: Record<string, string> = {}, status = 200) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method: "GET",
    url: `https://shop.example${path}`,
    status,
    contentType: "text/html; charset=utf-8",
    header: (name: string) => lower[name],
    ip: "203.0.113.9",
  };
}
