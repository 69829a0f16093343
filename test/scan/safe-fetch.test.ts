import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OutboundError } from "../../shared/outbound/outbound-error";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { safeFetch } from "../../shared/outbound/safe-fetch";

const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err;
    throw err;
  }
  throw new Error("expected an OutboundError");
}

describe("safeFetch against fixture servers", () => {
  it("fetches a mapped host over loopback and reports the https URL it stands for", async () => {
    const res = await safeFetch("https://good-shop.test/robots.txt", { resolve });
    expect(res.status).toBe(200);
    expect(res.url).toBe("https://good-shop.test/robots.txt");
    expect(res.text()).toContain("Sitemap: https://good-shop.test/sitemap.xml");
    expect(res.truncated).toBe(false);
  });

  it("follows redirects hop by hop and lists each hop", async () => {
    const res = await safeFetch("https://edge-shop.test/", { resolve });
    expect(res.status).toBe(200);
    expect(res.url).toBe("https://edge-shop.test/home");
    expect(res.redirects).toEqual([
      "https://edge-shop.test/",
      "https://edge-shop.test/hop-1",
      "https://edge-shop.test/hop-2",
    ]);
  });

  it("re-checks every redirect target: loopback, metadata and localhost are refused after a hop", async () => {
    expect((await failure(safeFetch("https://edge-shop.test/to-loopback", { resolve }))).code).toBe("port_not_allowed");
    expect((await failure(safeFetch("https://edge-shop.test/to-metadata", { resolve }))).code).toBe("ip_literal");
    expect((await failure(safeFetch("https://edge-shop.test/to-localhost", { resolve }))).code).toBe("private_host");
  });

  it("stops redirect loops at the hop limit and can forbid redirects entirely", async () => {
    const loop = await failure(safeFetch("https://edge-shop.test/loop", { resolve, maxRedirects: 3 }));
    expect(loop.code).toBe("too_many_redirects");
    const forbidden = await failure(safeFetch("https://edge-shop.test/", { resolve, maxRedirects: 0 }));
    expect(forbidden.code).toBe("redirect_forbidden");
    const raw = await safeFetch("https://edge-shop.test/", { resolve, maxRedirects: 0, failOnRedirect: false });
    expect(raw.status).toBe(301);
    expect(raw.headers.get("location")).toBe("/hop-1");
  });

  it("applies a caller's rule to redirect targets", async () => {
    const err = await failure(
      safeFetch("https://edge-shop.test/off-site", {
        resolve,
        allowRedirectTo: (u) => u.hostname === "edge-shop.test",
      }),
    );
    expect(err.code).toBe("redirect_forbidden");
  });

  it("keeps at most maxBytes of a body and says it truncated", async () => {
    const res = await safeFetch("https://edge-shop.test/products/huge", { resolve, maxBytes: 1000 });
    expect(res.body.byteLength).toBe(1000);
    expect(res.truncated).toBe(true);
    const exact = await safeFetch("https://edge-shop.test/echo-ua", {
      resolve,
      maxBytes: 1000,
      headers: { "User-Agent": "x" },
    });
    expect(exact.text()).toBe("x");
    expect(exact.truncated).toBe(false);
  });

  it("gives up after the time budget with a timeout error", async () => {
    const err = await failure(safeFetch("https://edge-shop.test/slow", { resolve, timeoutMs: 300 }));
    expect(err.code).toBe("timeout");
  });

  it("refuses unmapped loopback before any connection", async () => {
    const err = await failure(safeFetch(`http://127.0.0.1:${env.EDGE_SHOP_PORT}/home`, { resolve }));
    expect(err.code).toBe("port_not_allowed");
    expect((await failure(safeFetch("http://127.0.0.1/home", { resolve }))).code).toBe("ip_literal");
  });
});
