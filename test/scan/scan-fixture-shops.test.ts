import { describe, expect, it } from "vitest";
import { CHECKS } from "../../shared/scan/checks/registry";
import { completeOf, getScan, postScan } from "./scan-client";

describe("scanning fixture shops through OUTBOUND_RESOLVE", () => {
  it("scores the well-built shop at least 80 and streams the docs/decisions.md#8-scan-stream-payloads events in order", async () => {
    const { res, events } = await postScan("Good-Shop.test");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(res.headers.get("X-RateLimit-Limit")).toBe("5");
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("4");
    expect(Number(res.headers.get("X-RateLimit-Reset"))).toBeGreaterThan(Date.now() / 1000);

    const phases = events.filter((e) => e.event === "status").map((e) => e.data.phase);
    // `journey` reports several steps; every other phase comes once, in order.
    expect(phases.filter((p, i) => p !== phases[i - 1])).toEqual([
      "queued",
      "fetching",
      "journey",
      "checking",
      "scoring",
      "saving",
    ]);
    const crawl = events.filter((e) => e.event === "crawl" && !e.data.journey);
    const journey = events.filter((e) => e.event === "crawl" && e.data.journey);
    expect(crawl.length).toBeGreaterThan(10);
    expect(crawl.length).toBeLessThanOrEqual(25);
    expect(journey.length).toBeGreaterThan(0);
    expect(crawl.length + journey.length).toBeLessThanOrEqual(41);
    expect(crawl[0].data).toMatchObject({ url: "https://good-shop.test/robots.txt", status: 200 });
    for (const c of crawl) expect(Object.keys(c.data).sort()).toEqual(["bytes", "ms", "status", "url"]);
    // Journey requests carry two additive fields: the method, and journey: true.
    for (const c of journey)
      expect(Object.keys(c.data).sort()).toEqual(["bytes", "journey", "method", "ms", "status", "url"]);
    const layers = events.filter((e) => e.event === "layer");
    expect(layers.map((l) => l.data.name)).toEqual(["access", "identity", "interaction", "content", "integration"]);

    const complete = completeOf(events);
    expect(complete.domain).toBe("good-shop.test");
    expect(complete.overallScore).toBeGreaterThanOrEqual(80);

    const stored = await getScan(complete.id);
    expect(stored.checkResults.map((c) => c.key)).toEqual(CHECKS.map((c) => c.key));
    expect(stored.checkResults).toHaveLength(41);
    expect(stored.overallScore).toBe(complete.overallScore);
    expect(stored.layerScores).toEqual(complete.layerScores);
    expect(stored.seenCount).toBe(1);
    const notPassing = stored.checkResults.filter((c) => c.status !== "pass").map((c) => `${c.key}: ${c.message}`);
    expect(notPassing).toEqual([]);
    expect(stored.checkResults.every((c) => c.fix === null)).toBe(true);
    // Every sampled product page is ready for a hand-off (issue 45): 200, no challenge,
    // price and availability as the data says, an add-to-cart form.
    const handoff = (stored as unknown as { handoff: { sampled: number; ready: number; pages: unknown[] } }).handoff;
    expect(handoff.sampled).toBeGreaterThan(0);
    expect(handoff.ready).toBe(handoff.sampled);
  });

  it("scores the JavaScript-only shell that blocks AI agents at 20 (at most 45)", async () => {
    const { events } = await postScan("js-shell.test");
    const complete = completeOf(events);
    // By hand, from scan-checks.md weights:
    // access: https 3x100 + time 1x100 + robots 2x100 + challenge 3x100 + parity 2x100 = 1100 / 18 = 61
    // identity: title warn 2x50 = 100 / 14 = 7; interaction (cart_add weighs 3): no_captcha
    // 2x100 = 200 / 18 = 11.1 -> 11; content 0; integration: ai_usage_policy 1x100 / 14 = 7
    // overall: (61x25 + 7x15 + 11x25 + 0x20 + 7x15) / 100 = 20.1 -> 20
    expect(complete.layerScores).toEqual({ access: 61, identity: 7, interaction: 11, content: 0, integration: 7 });
    expect(complete.overallScore).toBe(20);
    const stored = await getScan(complete.id);
    const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c]));
    expect(byKey.robots_ai_user_agents.status).toBe("fail");
    expect(byKey.llms_txt.message).toContain("HTML page instead of a text file");
    expect(byKey.server_rendered_content.message).toContain("empty application shell");
    expect(stored.checkResults.some((c) => c.blocked)).toBe(false);
  });

  it("marks checks behind a bot challenge as blocked access problems, not missing resources", async () => {
    const { events } = await postScan("challenge-shop.test");
    const stored = await getScan(completeOf(events).id);
    const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c]));
    for (const key of [
      "https_reachable",
      "title_description",
      "product_schema",
      "add_to_cart_control",
      "llms_txt",
      "openapi_exists",
    ]) {
      expect(byKey[key].blocked, key).toBe(true);
      expect(byKey[key].status, key).toBe("fail");
      expect(byKey[key].message, key).toMatch(/^Access problem: .*Cloudflare bot challenge/);
    }
    expect(byKey.bot_challenge.status).toBe("fail");
    expect(byKey.bot_challenge.message).toContain("https://challenge-shop.test/ (Cloudflare)");
    expect(byKey.robots_txt.status).toBe("pass");
    expect(byKey.robots_txt.blocked).toBeUndefined();
    // Blocked checks score 0: only robots_txt, robots_ai_* pass in access.
    expect(stored.layerScores.access).toBe(Math.round((2 * 100 + 3 * 100 + 2 * 100) / 18));
  });

  it("gives a shop that does not answer one clear answer in the stream and the stored result", async () => {
    const { events } = await postScan("down-shop.test", "192.0.2.150");
    const checking = events.find((e) => e.event === "status" && e.data.phase === "checking");
    expect(checking?.data.message).toMatch(
      /^down-shop\.test could not be reached \(.+\), so nothing on the site could be checked/,
    );
    const complete = completeOf(events) as ReturnType<typeof completeOf> & {
      unreachable: Record<string, string> | null;
    };
    expect(complete.overallScore).toBe(0);
    expect(complete.unreachable).toMatchObject({ url: "https://down-shop.test/robots.txt" });
    const stored = await getScan(complete.id);
    expect((stored as unknown as { unreachable: unknown }).unreachable).toEqual(complete.unreachable);
    // No check passes or claims an access problem on a shop nobody could look at.
    expect(stored.checkResults.every((c) => c.status === "fail" && !c.blocked)).toBe(true);
    for (const c of stored.checkResults) expect(c.message).not.toMatch(/internal error|reference =/);
  });

  it("reports redirect chains, slow pages and truncated huge pages in their checks", async () => {
    const { events } = await postScan("edge-shop.test");
    const stored = await getScan(completeOf(events).id);
    const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c]));
    expect(byKey.https_reachable.status).toBe("warn");
    expect(byKey.https_reachable.evidence).toMatchObject({ redirects: 3, finalUrl: "https://edge-shop.test/home" });
    expect(byKey.response_time.status).toBe("warn");
    expect(byKey.page_weight.status).toBe("fail");
    expect(byKey.page_weight.evidence).toMatchObject({ truncated: true, bytes: 2 * 1024 * 1024 });
  });
});
