import { describe, expect, it } from "vitest";
import { parseLogTime, readCombinedLine } from "../../../shared/logs/combined-log";
import { detectLogFormat, readLogLine } from "../../../shared/logs/log-formats";
import { toDrainLine } from "../../../shared/logs/to-drain-line";

// The access-log readers of `npm run import-logs` (shared/logs/): nginx's and Apache's
// "combined" lines as their documentation defines them, and Cloudflare/Vercel JSON lines
// through the drains' own readers.

const NGINX =
  '20.171.207.2 - - [25/Nov/2026:10:04:00 +0100] "GET /products/blue-mug?color=blue HTTP/1.1" 200 5120 "https://chatgpt.com/" "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"';

describe("the combined log format", () => {
  it("reads an nginx line: time with its offset, request, status, referer, user agent, address", () => {
    const out = readCombinedLine(NGINX, "shop.example.com");
    expect(out).toEqual({
      record: {
        key: null,
        // 10:04:00 at +01:00 is 09:04:00 UTC.
        occurredAt: Date.UTC(2026, 10, 25, 9, 4, 0),
        host: "shop.example.com",
        path: "/products/blue-mug?color=blue",
        method: "GET",
        status: 200,
        userAgent: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        ip: "20.171.207.2",
        referer: "https://chatgpt.com/",
        contentType: null,
        signature: null,
      },
    });
  });
  it("reads Apache's escaped quotes, a '-' size and referer, and an absolute request target (as its URL writes it)", () => {
    const line =
      '2001:db8::7 - frank [02/Nov/2026:23:59:59 -0500] "GET http://shop.example.com/search?q=\\"mug\\" HTTP/1.0" 304 - "-" "curl/8.5.0"';
    const out = readCombinedLine(line, "shop.example.com");
    expect(out).toMatchObject({
      record: { path: "/search?q=%22mug%22", status: 304, referer: null, ip: "2001:db8::7", userAgent: "curl/8.5.0" },
    });
    expect(parseLogTime("02/Nov/2026:23:59:59 -0500")).toBe(Date.UTC(2026, 10, 3, 4, 59, 59));
  });
  it("refuses a line of another format and a request line that is no request, saying which", () => {
    expect(readCombinedLine("hello world", "s.example")).toEqual({
      problem: { code: "invalid_record", message: "line: not in the combined log format" },
    });
    const tls = '198.51.100.23 - - [25/Nov/2026:10:04:00 +0000] "\\x16\\x03\\x01\\x02\\x00" 400 157 "-" "-"';
    expect(readCombinedLine(tls, "s.example")).toMatchObject({ problem: { code: "invalid_record" } });
    const badTime = NGINX.replace("25/Nov/2026", "25/Foo/2026");
    expect(readCombinedLine(badTime, "s.example")).toEqual({
      problem: { code: "invalid_record", message: "timestamp: not a valid time" },
    });
  });
});

describe("telling formats apart and turning lines into drain lines", () => {
  it("detects combined, Cloudflare and Vercel lines", () => {
    expect(detectLogFormat(NGINX)).toBe("combined");
    expect(detectLogFormat('{"RayID":"8f1","EdgeStartTimestamp":1764061440000000000}')).toBe("cloudflare");
    expect(detectLogFormat('{"id":"1","source":"edge","proxy":{"path":"/"}}')).toBe("vercel");
    expect(detectLogFormat("not a log")).toBeNull();
  });
  it("reads a Cloudflare export line with the Logpush reader and keeps its RayID as the id", () => {
    const line = JSON.stringify({
      RayID: "8f1a2b3c4d5e6f70",
      EdgeStartTimestamp: "2026-11-25T10:04:00Z",
      ClientRequestHost: "shop.example.com",
      ClientRequestURI: "/products/blue-mug",
      ClientRequestMethod: "GET",
      EdgeResponseStatus: 200,
      EdgeResponseContentType: "text/html",
      ClientRequestUserAgent: "Mozilla/5.0 (compatible; ClaudeBot/1.0)",
      ClientIP: "160.79.104.10",
    });
    const out = readLogLine("cloudflare", line, "ignored.example");
    if (!("record" in out)) throw new Error(out.problem.message);
    expect(toDrainLine(out.record, "fallback")).toEqual({
      id: "8f1a2b3c4d5e6f70",
      timestamp: "2026-11-25T10:04:00.000Z",
      domain: "shop.example.com",
      path: "/products/blue-mug",
      method: "GET",
      status: 200,
      user_agent: "Mozilla/5.0 (compatible; ClaudeBot/1.0)",
      ip: "160.79.104.10",
      referer: null,
      content_type: "text/html",
    });
    expect(readLogLine("cloudflare", "{oops", "s.example")).toEqual({
      problem: { code: "invalid_json", message: "line: not valid JSON" },
    });
  });
});
