import { describe, expect, it } from "vitest";
import { isDocument, isForwarded, toEventRecord } from "../../collectors/node/src/record";
import { isDocument as serviceIsDocument } from "../../shared/drains/document-request";

const NOW = Date.parse("2026-11-25T10:00:00Z");
const facts = (headers: Record<string, string>, over: Record<string, unknown> = {}) => ({
  method: "GET",
  url: "https://shop.example/products/blue-mug?color=blue",
  status: 200,
  contentType: "text/html",
  header: (name: string) => headers[name],
  ip: "23.98.142.180",
  ...over,
});

describe("what a collector sends", () => {
  it("tells documents apart exactly as the service's drains do", () => {
    const cases: [string, string | null][] = [
      ["/", null],
      ["/products/blue-mug", null],
      ["/about.html", null],
      ["/index.php?id=3", null],
      ["/styles/site.css", null],
      ["/_next/static/chunk", null],
      ["/.well-known/ucp", null],
      ["/feed.xml", null],
      ["/products/1", "text/html; charset=utf-8"],
      ["/products/1", "application/json"],
      ["/logo.png", "text/html"],
      ["/page", "application/xhtml+xml"],
    ];
    for (const [path, type] of cases) {
      expect(isDocument(path, type), `${path} ${type}`).toBe(serviceIsDocument({ path, contentType: type }));
    }
  });

  it("forwards GET pages of any outcome but redirects, and /robots.txt", () => {
    expect(isForwarded("GET", "/p", 200, "text/html")).toBe(true);
    expect(isForwarded("GET", "/missing", 404, "text/html")).toBe(true);
    expect(isForwarded("GET", "/p", 304, null)).toBe(true);
    expect(isForwarded("GET", "/robots.txt", 200, "text/plain")).toBe(true);
    expect(isForwarded("GET", "/old", 301, "text/html")).toBe(false);
    expect(isForwarded("POST", "/cart", 200, "text/html")).toBe(false);
    expect(isForwarded("GET", "/app.js", 200, "text/javascript")).toBe(false);
    expect(isForwarded("GET", "/api/cart", 200, "application/json")).toBe(false);
  });

  it("writes the record the events endpoint takes, Web Bot Auth and UCP-Agent headers included", () => {
    const record = toEventRecord(
      facts({
        "user-agent": "ChatGPT-User/1.0",
        referer: "https://chatgpt.com/",
        signature: "sig1=:abc:",
        "signature-input": 'sig1=("@authority");tag="web-bot-auth"',
        "signature-agent": '"https://chatgpt.com"',
        "ucp-agent": 'profile="https://agent.example/.well-known/ucp"',
        cookie: "session=secret",
      }),
      NOW,
      undefined,
    );
    expect(record).toEqual({
      timestamp: NOW,
      domain: "shop.example",
      path: "/products/blue-mug?color=blue",
      method: "GET",
      status: 200,
      user_agent: "ChatGPT-User/1.0",
      ip: "23.98.142.180",
      referer: "https://chatgpt.com/",
      headers: {
        signature: "sig1=:abc:",
        "signature-input": 'sig1=("@authority");tag="web-bot-auth"',
        "signature-agent": '"https://chatgpt.com"',
        "ucp-agent": 'profile="https://agent.example/.well-known/ucp"',
      },
    });
  });

  it("keeps every field within the service's bounds, so no record is refused for its size", () => {
    const record = toEventRecord(
      facts(
        {
          "user-agent": "x".repeat(5000),
          referer: `https://a.example/${"r".repeat(3000)}`,
          signature: "s".repeat(5000),
        },
        { url: `https://shop.example/${"p".repeat(3000)}`, ip: "not-an-ip" },
      ),
      NOW,
      "shop.example",
    );
    expect(record?.path.length).toBe(2048);
    expect(record?.user_agent?.length).toBe(1024);
    expect(record?.referer).toBeNull();
    expect(record?.ip).toBeNull();
    expect(record?.headers).toBeUndefined();
  });

  it("names the configured site's domain when the app sees an internal host", () => {
    const record = toEventRecord(facts({}, { url: "http://localhost:3000/p" }), NOW, "shop.example");
    expect(record).toMatchObject({ domain: "shop.example", path: "/p" });
  });
});
