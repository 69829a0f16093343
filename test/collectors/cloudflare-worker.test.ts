import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../collectors/cloudflare-worker/src/index";
import { downUrl, startLocalService } from "./local-service";

// The collector Worker's fetch handler, called as workerd calls it (request, env, ctx),
// in front of a local origin. On a route, fetch(request) reaches the origin; here the
// request's URL is the origin's loopback address, so the same call does.
let origin = "";
let closeOrigin: () => void = () => {};

// Requests under /together/ are answered only once four of them wait, all at once: four
// visitors of the same moment, whatever the machine's load.
const together: (() => void)[] = [];

beforeAll(async () => {
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    const answer = () => {
      if (url.endsWith(".css")) return void res.writeHead(200, { "content-type": "text/css" }).end("p{}");
      res
        .writeHead(url.endsWith("/gone") ? 404 : 200, { "content-type": "text/html", "x-origin": "1" })
        .end(`<p>${url}</p>`);
    };
    if (!url.startsWith("/together/")) return answer();
    together.push(answer);
    if (together.length === 4) for (const release of together.splice(0)) release();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeOrigin = () => server.close();
});
afterAll(() => closeOrigin());

function context() {
  const waited: Promise<unknown>[] = [];
  return { waited, ctx: { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException() {} } };
}

const SIGNED = {
  "user-agent": "Mozilla/5.0 (Macintosh) Chrome/131 Safari/537.36",
  signature: "sig1=:c2ln:",
  "signature-input": 'sig1=("@authority" "signature-agent");created=1;keyid="k";tag="web-bot-auth"',
  "signature-agent": '"https://chatgpt.com"',
  "cf-connecting-ip": "20.171.207.1",
};

describe("the collector Worker", () => {
  it("passes the origin's answer through untouched while the service is still answering", async () => {
    const svc = await startLocalService();
    const held: ServerResponse[] = [];
    svc.answerWith((_req, res) => held.push(res));
    const env = { AR_URL: svc.url, AR_KEY: "ar_test", AR_DOMAIN: "shop.example" };
    const { waited, ctx } = context();
    const res = await worker.fetch(new Request(`${origin}/products/1`, { headers: SIGNED }), env, ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-origin")).toBe("1");
    expect(await res.text()).toBe("<p>/products/1</p>");
    // The record's POST runs under waitUntil, after the answer: it is held unanswered.
    await vi.waitUntil(() => held.length === 1, { timeout: 10_000 });
    let settled = false;
    void Promise.all(waited).then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    for (const r of held) svc.healthy({} as never, r, { authorization: "", events: [{}] });
    await Promise.all(waited);
    expect(svc.posts[0].authorization).toBe("Bearer ar_test");
    expect(svc.posts[0].events).toEqual([
      expect.objectContaining({
        domain: "shop.example",
        path: "/products/1",
        status: 200,
        ip: "20.171.207.1",
        headers: {
          signature: SIGNED.signature,
          "signature-input": SIGNED["signature-input"],
          "signature-agent": SIGNED["signature-agent"],
        },
      }),
    ]);
    await svc.close();
  });

  it("batches an isolate's requests of the same moment into one POST, pages only", async () => {
    const svc = await startLocalService();
    const env = { AR_URL: svc.url, AR_KEY: "ar_batch" };
    const { waited, ctx } = context();
    const paths = ["/together/a", "/together/style.css", "/together/gone", "/together/b"];
    await Promise.all(paths.map(async (p) => (await worker.fetch(new Request(`${origin}${p}`), env, ctx)).text()));
    await Promise.all(waited);
    expect(svc.posts.length).toBe(1);
    expect(svc.posts[0].events.map((e) => [e.path, e.status]).sort()).toEqual([
      ["/together/a", 200],
      ["/together/b", 200],
      ["/together/gone", 404],
    ]);
    await svc.close();
  });

  it("serves the shop when the service is down or not configured", async () => {
    const { waited, ctx } = context();
    const down = await worker.fetch(new Request(`${origin}/x`), { AR_URL: await downUrl(), AR_KEY: "k" }, ctx);
    expect(await down.text()).toBe("<p>/x</p>");
    // The record's retries go on under waitUntil (at most 20 s), after the answer.
    expect(waited.length).toBe(1);
    const bare = await worker.fetch(new Request(`${origin}/y`), {}, context().ctx);
    expect(await bare.text()).toBe("<p>/y</p>");
  });
});
