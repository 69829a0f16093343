import { expect, inject, it } from "vitest";
import { describeInChromium, offlineOnly, screenshots } from "./browser";

const baseUrl = inject("baseUrl");

describeInChromium("/api/v1/docs in headless Chromium, offline", (chrome) => {
  it("renders the reference with every request to another host refused", async () => {
    const page = await chrome.newPage();
    const refused = await offlineOnly(page, baseUrl);
    await page.goto(`${baseUrl}/api/v1/docs`);
    // Scalar renders the document's operations from /api/v1/openapi.json.
    await page.getByText("Identify the key and its workspace").first().waitFor({ timeout: 20_000 });
    expect(await page.getByText("Agent-Traffic API").count()).toBeGreaterThan(0);
    await screenshots(page, "api-docs");
    expect(refused).toEqual([]);
    await page.context().close();
  }, 60_000);
});
