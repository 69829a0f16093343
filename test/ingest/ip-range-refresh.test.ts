import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { identifyAgent } from "../../shared/classify/agent-identity";
import { ipRangeIndex, resetIpRangeCache } from "../../shared/classify/ip-range-cache";
import { parseVendorRanges } from "../../shared/classify/ip-ranges";
import { refreshIpRanges } from "../../workers/ingest/runtime/refresh-ip-ranges";
import { setFixture } from "./helpers";

const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const NOW = Date.UTC(2026, 10, 21, 3, 17);

describe("vendor IP-range refresh (cron)", () => {
  it("parses the vendor format, keeping valid IPv4 and IPv6 prefixes only", () => {
    expect(
      parseVendorRanges({
        creationTime: "2026-11-20T00:00:00",
        prefixes: [{ ipv4Prefix: "20.1.2.0/28" }, { ipv6Prefix: "2a01:111::/48" }, { ipv4Prefix: "nonsense" }, {}],
      }),
    ).toEqual({ prefixes: ["20.1.2.0/28", "2a01:111::/48"], createdAt: "2026-11-20T00:00:00" });
    expect(parseVendorRanges({ prefixes: [] })).toBeNull();
    expect(parseVendorRanges("x")).toBeNull();
  });

  it("stores fetched lists, keeps the stored list when a refresh fails, and verifies with the new ranges", async () => {
    // Local runs fetch only hosts mapped in OUTBOUND_RESOLVE; the outbound stand-in answers them.
    const localEnv = { ...env, OUTBOUND_RESOLVE: "openai.com=127.0.0.1:9001,www.perplexity.ai=127.0.0.1:9002" };
    await setFixture("127.0.0.1:9001/chatgpt-user.json", {
      status: 200,
      body: JSON.stringify({ creationTime: "2026-11-20T00:00:00", prefixes: [{ ipv4Prefix: "20.1.2.0/28" }] }),
    });
    await setFixture("127.0.0.1:9001/gptbot.json", {
      status: 301,
      headers: { Location: "https://elsewhere.example/" },
      body: "",
    });
    await setFixture("127.0.0.1:9001/searchbot.json", { status: 200, body: "not json" });
    const first = await refreshIpRanges(localEnv, NOW);
    expect(first.refreshed).toEqual(["openai-chatgpt-user"]);
    expect(first.failed.sort()).toEqual(["openai-gptbot", "openai-searchbot", "perplexity-bot", "perplexity-user"]);

    resetIpRangeCache();
    const index = await ipRangeIndex(env.DB, NOW);
    const who = (ip: string) =>
      identifyAgent({
        userAgent: CHATGPT_USER,
        clientIp: ip,
        signature: { status: "absent" },
        automation: {},
        ipRanges: index,
      }).tier;
    expect(who("20.1.2.5")).toBe("verified");
    // The refreshed list replaces the bundled one of the same id.
    expect(who("23.98.142.180")).toBe("declared");

    // A day later the vendor answers 500: the stored list stays.
    await setFixture("127.0.0.1:9001/chatgpt-user.json", { status: 500, body: "" });
    const second = await refreshIpRanges(localEnv, NOW + 86_400_000);
    expect(second.failed).toContain("openai-chatgpt-user");
    const row = await env.DB.prepare(
      "SELECT prefixes, fetched_at FROM ip_range_snapshots WHERE list_id = 'openai-chatgpt-user'",
    ).first();
    expect(row).toEqual({ prefixes: '["20.1.2.0/28"]', fetched_at: NOW });
  });

  it("skips lists fetched within the last day and never fetches unmapped hosts locally", async () => {
    const localEnv = { ...env, OUTBOUND_RESOLVE: "openai.com=127.0.0.1:9001,www.perplexity.ai=127.0.0.1:9002" };
    await setFixture("127.0.0.1:9001/chatgpt-user.json", {
      status: 200,
      body: JSON.stringify({ prefixes: [{ ipv4Prefix: "20.9.9.0/28" }] }),
    });
    // The previous test stored chatgpt-user at NOW; an hour later it is not due.
    const soon = await refreshIpRanges(localEnv, NOW + 3600_000);
    expect(soon.refreshed).toEqual([]);
    expect(soon.failed).toContain("openai-gptbot");
    expect(soon.failed).not.toContain("openai-chatgpt-user");
    const unmapped = await refreshIpRanges({ ...env, OUTBOUND_RESOLVE: "" }, NOW + 3 * 86_400_000);
    expect(unmapped).toEqual({ refreshed: [], failed: [] });
  });
});
