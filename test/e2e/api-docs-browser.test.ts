import { expect, inject, it } from "vitest";
import { describeInChromium, offlineOnly, screenshots } from "./browser";

const baseUrl = inject("baseUrl");

describeInChromium("/api/v1/docs in headless Chromium, offline", (chrome) => {
  it("renders the reference under a strict CSP (inline script by hash, no eval), every request to another host refused", async () => {
    const page = await chrome.newPage();
    const refused = await offlineOnly(page, baseUrl);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
          `${e.effectiveDirective} ${e.blockedURI}`,
        ),
      ),
    );
    const res = await page.goto(`${baseUrl}/api/v1/docs`);
    const csp = (await res?.headerValue("content-security-policy")) ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).not.toContain("unsafe-eval");
    // Scalar renders the document's operations from /api/v1/openapi.json.
    await page.getByText("Identify the key and its workspace").first().waitFor({ timeout: 20_000 });
    expect(await page.getByText("Agent-Traffic API").count()).toBeGreaterThan(0);
    await screenshots(page, "api-docs");
    expect(refused).toEqual([]);
    // The one refusal is zod's feature probe inside the bundle (`try { Function("") }`,
    // which falls back to code without eval); nothing the page needs is blocked.
    expect(violations.filter((v) => v !== "script-src-elem eval" && v !== "script-src eval")).toEqual([]);
    await page.context().close();
  }, 60_000);
});
