import { createServer, type Server } from "node:http";

// Hosts the snippet browser test uses: a local shop page and a Web Bot Auth key
// directory. The local server reaches them through OUTBOUND_RESOLVE (key directory)
// and accepts beacons from the shop's http origin because the host is mapped.
export const SHOP_HOST = "snippet-shop.example";
export const SIGNER_HOST = "signer-agent.example";
/**
 * A listed operator's signing origin (shared/classify/listed-signers.ts), mapped to this
 * server too, so a test can sign as the operator whose directory it serves.
 */
export const LISTED_SIGNER_HOST = "chatgpt.com";
/** The agentic-browser test's shop: the same page under its own host and snippet. */
export const AGENTIC_SHOP_HOST = "agentic-shop.example";
/**
 * The snippet-commerce test's shop: its add-to-cart form is a WebMCP tool (declarative
 * API: `toolname` on the form), so an agent's submit carries `agentInvoked`.
 */
export const COMMERCE_SHOP_HOST = "commerce-shop.example";

export interface SnippetFixtures {
  port: number;
  outboundResolve: string;
  close: () => Promise<void>;
}

/**
 * One Node server for every host, routed by Host. Tests set a shop page's snippet and
 * the signer's public key with POST /__set (JSON {snippet?, jwk?, host?}; `host` picks
 * the shop whose snippet is set, SHOP_HOST by default).
 */
export async function startSnippetFixtures(): Promise<SnippetFixtures> {
  const snippets = new Map<string, string>();
  let jwk: Record<string, string> | null = null;
  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? "").split(":")[0];
    if (req.method === "POST" && req.url === "/__set") {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        const set = JSON.parse(body) as { snippet?: string; jwk?: Record<string, string>; host?: string };
        if (set.snippet !== undefined) snippets.set(set.host ?? SHOP_HOST, set.snippet);
        if (set.jwk !== undefined) jwk = set.jwk;
        res.end("ok");
      });
      return;
    }
    // Workers' fetch may not pass the mapped Host to a loopback address, so the key
    // directory is answered by path alone (only the signer host is mapped to it).
    if (req.url === "/.well-known/http-message-signatures-directory") {
      res.writeHead(jwk ? 200 : 404, { "Content-Type": "application/http-message-signatures-directory+json" });
      res.end(JSON.stringify({ keys: jwk ? [jwk] : [] }));
      return;
    }
    if (host === SHOP_HOST || host === AGENTIC_SHOP_HOST) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Mug shop</title>${snippets.get(host) ?? ""}</head><body>
<h1>Blue mug</h1>
<form action="/cart/add" method="post" onsubmit="event.preventDefault()"><button type="submit">Add to cart</button></form>
<a href="/checkout" data-ar-target="Checkout" onclick="event.preventDefault()">Checkout</a>
</body></html>`);
      return;
    }
    if (host === COMMERCE_SHOP_HOST) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Mug shop</title>${snippets.get(host) ?? ""}</head><body>
<h1>Blue mug</h1>
<form action="/cart/add" method="post" toolname="addToCart" tooldescription="Add the blue mug to the cart" onsubmit="event.preventDefault()"><button type="submit">Add to cart</button></form>
</body></html>`);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    outboundResolve: [SHOP_HOST, AGENTIC_SHOP_HOST, COMMERCE_SHOP_HOST, SIGNER_HOST, LISTED_SIGNER_HOST]
      .map((h) => `${h}=127.0.0.1:${port}`)
      .join(","),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
