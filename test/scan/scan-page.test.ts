import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET / (scan web page)", () => {
  it("serves one self-contained HTML page with a strict CSP, the scan form and the scanner's description", async () => {
    const res = await exports.default.fetch("http://scan.local/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    expect(html).toContain('<form id="scan-form"');
    expect(html).toContain('<label for="domain">Domain</label>');
    expect(html).toContain('fetch("/api/scan"');
    // The User-Agent documented on the page links back to this very section.
    expect(html).toContain('<section id="scanner">');
    expect(html).toContain("Mozilla/5.0 (compatible; AgentReadinessScanner/1.0; +http://scan.local/#scanner)");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
  });

  it("is only a GET page: other methods are 405", async () => {
    const res = await exports.default.fetch("http://scan.local/", { method: "POST" });
    expect(res.status).toBe(405);
  });
});
