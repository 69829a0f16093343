import { describe, expect, it } from "vitest";
import { buildIpRangeIndex } from "../../shared/classify/ip-ranges";
import { originAllowed } from "../../shared/ingest/origin-check";
import { PipelineStepError, runPipeline, steps } from "../../shared/ingest/pipeline";
import type { RawEvent } from "../../shared/ingest/pipeline-types";
import { visitorHash } from "../../shared/salt/visitor-hash";

const DAY1 = Date.UTC(2026, 10, 20, 23, 50);
const DAY2 = Date.UTC(2026, 10, 21, 0, 10);
const salts = {
  current: { day: "2026-11-21", salt: "salt-day2", createdAt: DAY2 },
  previous: { day: "2026-11-20", salt: "salt-day1", createdAt: DAY1 },
};
const deps = { salts, ipRanges: buildIpRangeIndex({}) };

function raw(over: Partial<RawEvent>): RawEvent {
  return {
    id: "e1",
    channel: "beacon",
    kind: "pageview",
    occurredAt: DAY2,
    receivedAt: DAY2,
    pageUrl: "https://shop.example/p/1?utm_source=newsletter&email=a@b.example",
    referrer: null,
    durationMs: null,
    target: null,
    userAgent: "UA/1",
    clientIp: "203.0.113.77",
    automation: {},
    signature: { status: "absent" },
    site: { id: "site", workspaceId: "ws", domain: "shop.example", coverage: "all_traffic" },
    ...over,
  };
}

describe("ingest pipeline", () => {
  it("names the step that failed, keeping the original error as the cause", async () => {
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error("salt store unreadable");
        },
      },
    ) as typeof deps.salts;
    const failure = await runPipeline(raw({}), { ...deps, salts: broken }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PipelineStepError);
    const err = failure as PipelineStepError;
    expect(steps.map(([name]) => name)).toContain(err.step);
    expect(err.message).toBe(`ingest step "${err.step}" failed: salt store unreadable`);
    expect((err.cause as Error).message).toBe("salt store unreadable");
  });

  it("hashes under the salt of the event's day and carries the other day's hash", async () => {
    const today = await runPipeline(raw({}), deps);
    const yesterday = await runPipeline(raw({ occurredAt: DAY1 }), deps);
    const h1 = await visitorHash("salt-day1", "ws", "site", "203.0.113.77", "UA/1");
    const h2 = await visitorHash("salt-day2", "ws", "site", "203.0.113.77", "UA/1");
    expect(today).toMatchObject({ visitorHash: h2, altVisitorHash: h1 });
    expect(yesterday).toMatchObject({ visitorHash: h1, altVisitorHash: h2 });
  });

  it("keeps the path only, and no IP anywhere in the message", async () => {
    const m = await runPipeline(raw({}), deps);
    expect(m).toMatchObject({ url: "/p/1", source: "tagged", subSource: "newsletter" });
    expect(JSON.stringify(m)).not.toContain("203.0.113");
    expect(JSON.stringify(m)).not.toContain("a@b.example");
  });

  it("defers hashing to the consumer when no salt is at hand, carrying only the /24", async () => {
    const m = await runPipeline(raw({}), { ...deps, salts: null });
    expect(m).toMatchObject({ visitorHash: "", pendingHash: { network: "203.0.113.0/24", userAgent: "UA/1" } });
    expect(JSON.stringify(m)).not.toContain("203.0.113.77");
  });

  it("drops a client that names itself as non-AI automation, even when it runs headless Chrome", async () => {
    const prerender =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/121.0.0.0 Safari/537.36 Prerender (+https://github.com/prerender/prerender)";
    expect(await runPipeline(raw({ userAgent: prerender, automation: { headless: true } }), deps)).toEqual({
      dropped: "named_automation",
    });
    const unnamed =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/121.0.0.0 Safari/537.36";
    expect(await runPipeline(raw({ userAgent: unnamed }), deps)).toMatchObject({
      platform: "other_ai",
      tier: "heuristic",
    });
  });

  it("drops events dated in the future, too old to hash, or on another host", async () => {
    expect(await runPipeline(raw({ occurredAt: DAY2 + 5 * 60_000 + 1 }), deps)).toEqual({
      dropped: "future_timestamp",
    });
    expect(await runPipeline(raw({ occurredAt: DAY2 - 48 * 3600_000 }), deps)).toEqual({ dropped: "stale_timestamp" });
    expect(await runPipeline(raw({ occurredAt: DAY2 - 30 * 3600_000 }), deps)).toEqual({ dropped: "stale_timestamp" });
    expect(await runPipeline(raw({ pageUrl: "https://other.example/" }), deps)).toEqual({ dropped: "foreign_host" });
    expect(await runPipeline(raw({ pageUrl: "javascript:alert(1)" }), deps)).toEqual({ dropped: "invalid_url" });
  });

  it("lets only AI, paid and tagged traffic start sessions under ai_and_tagged coverage", async () => {
    const site = { id: "site", workspaceId: "ws", domain: "shop.example", coverage: "ai_and_tagged" };
    const tagged = await runPipeline(raw({ site }), deps);
    const plain = await runPipeline(raw({ site, pageUrl: "https://shop.example/" }), deps);
    expect(tagged).toMatchObject({ mayStartSession: true });
    expect(plain).toMatchObject({ mayStartSession: false, source: "direct" });
  });
});

describe("Origin check (docs/decisions.md#4-domains)", () => {
  const none = new Map<string, string>();
  const mapped = new Map([["shop.test", "127.0.0.1:9001"]]);
  it("accepts https DOMAIN and www.DOMAIN only", () => {
    expect(originAllowed("https://shop.example", "shop.example", none)).toBe(true);
    expect(originAllowed("https://www.shop.example", "shop.example", none)).toBe(true);
    for (const o of [
      "https://a.shop.example",
      "http://shop.example",
      "https://shop.example:444",
      "https://shop.example/",
      "null",
      "",
      null,
    ]) {
      expect(originAllowed(o, "shop.example", none), String(o)).toBe(false);
    }
  });
  it("accepts plain http only for hosts mapped by OUTBOUND_RESOLVE, on the mapped port", () => {
    expect(originAllowed("http://shop.test:9001", "shop.test", mapped)).toBe(true);
    expect(originAllowed("http://shop.test", "shop.test", mapped)).toBe(true);
    expect(originAllowed("http://shop.test:9002", "shop.test", mapped)).toBe(false);
    expect(originAllowed("http://shop.test:9001", "shop.test", none)).toBe(false);
  });
});
