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
    // No 'unsafe-inline' for scripts (issue 25 #5): the one inline script runs by its hash.
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(scriptSrc).toBe(`'sha256-${hash}'`);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("is only a GET page: other methods are 405", async () => {
    const res = await exports.default.fetch("http://scan.local/", { method: "POST" });
    expect(res.status).toBe(405);
  });
});
