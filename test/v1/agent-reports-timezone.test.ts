import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import type { CrawlToReferral } from "../../shared/reports/agent-report-schemas";
import { inShard } from "../helpers/shard";
import { freshKey, getJson, insertSession, seedSite, windowQuery } from "./traffic-fixtures";

// crawl-to-referral's `timezone` (docs/reports.md "Time zones"): its buckets are local
// days or hours, as the traffic reports' are. Requests and referred visits sit either
// side of local midnight; every expected count is read off the table above the test.

const at = (iso: string) => Date.parse(iso);

let seq = 0;
const request = (iso: string, agent: string, platform: string, purpose: "crawl" | "search"): AgentRequestRow => {
  seq += 1;
  return {
    id: `ar-tz-${seq}`,
    occurred_at: at(iso),
    method: "GET",
    path: `/p/${seq}`,
    status: 200,
    agent,
    platform,
    purpose,
    tier: "declared",
    document: 1,
    via: "drn_test",
  };
};

async function site(domain: string, requests: AgentRequestRow[], referrals: string[]) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  await inShard(env.ANALYTICS_SHARD, siteId, (db) => storeAgentRequests(db, requests));
  for (const startedAt of referrals)
    await insertSession(key.workspaceId, siteId, {
      startedAt: at(startedAt),
      source: "ai_assistant_link",
      subSource: "chatgpt",
    });
  return key;
}

const series = (r: CrawlToReferral) => Object.fromEntries(r.operators.map((o) => [o.operator, o.series] as const));

describe("crawl-to-referral in a time zone", () => {
  it("puts Berlin's 25-hour 2026-10-25 in one day bucket, where UTC days split it differently", async () => {
    // UTC                  Berlin local          UTC day  Berlin day  what
    // 2026-10-24 21:59     10-24 23:59 CEST      10-24    (outside)   gptbot crawl
    // 2026-10-24 22:00     10-25 00:00 CEST      10-24    10-25       gptbot crawl
    // 2026-10-25 00:30     10-25 02:30 CEST      10-25    10-25       visit from ChatGPT
    // 2026-10-25 22:30     10-25 23:30 CET       10-25    10-25       gptbot crawl (the 25th hour)
    // 2026-10-25 23:00     10-26 00:00 CET       10-25    10-26       gptbot crawl
    // 2026-10-25 23:30     10-26 00:30 CET       10-25    10-26       visit from ChatGPT
    // 2026-10-26 22:59     10-26 23:59 CET       10-26    10-26       claudebot search
    const domain = "c2r-berlin.example";
    const key = await site(
      domain,
      [
        request("2026-10-24T21:59:00Z", "gptbot", "chatgpt", "crawl"),
        request("2026-10-24T22:00:00Z", "gptbot", "chatgpt", "crawl"),
        request("2026-10-25T22:30:00Z", "gptbot", "chatgpt", "crawl"),
        request("2026-10-25T23:00:00Z", "gptbot", "chatgpt", "crawl"),
        request("2026-10-26T22:59:00Z", "claudebot", "claude", "search"),
      ],
      ["2026-10-25T00:30:00Z", "2026-10-25T23:30:00Z"],
    );
    // Local 10-25 00:00 to 10-27 00:00: 25 + 24 = 49 hours.
    const window = windowQuery(domain, at("2026-10-24T22:00:00Z"), at("2026-10-26T23:00:00Z"));

    const berlin = await getJson<CrawlToReferral>(
      key,
      `/traffic/crawl-to-referral${window}&interval=day&timezone=Europe/Berlin`,
    );
    expect(berlin.timezone).toBe("Europe/Berlin");
    expect(berlin.buckets).toEqual(["2026-10-25T00:00:00.000+02:00", "2026-10-26T00:00:00.000+01:00"]);
    expect(series(berlin)).toEqual({
      chatgpt: { crawl_requests: [2, 1], search_requests: [0, 0], referrals: [1, 1] },
      claude: { crawl_requests: [0, 0], search_requests: [0, 1], referrals: [0, 0] },
    });
    // (3 crawl + 0 search) / 2 visits.
    expect(berlin.operators.map((o) => [o.operator, o.crawl_requests, o.referrals, o.ratio])).toEqual([
      ["chatgpt", 3, 2, 1.5],
      ["claude", 0, 0, null],
    ]);

    // The same window without a zone: UTC days 10-24, 10-25, 10-26.
    const utc = await getJson<CrawlToReferral>(key, `/traffic/crawl-to-referral${window}&interval=day`);
    expect(utc.timezone).toBe("UTC");
    expect(utc.buckets).toEqual(["2026-10-24T00:00:00.000Z", "2026-10-25T00:00:00.000Z", "2026-10-26T00:00:00.000Z"]);
    expect(series(utc)).toEqual({
      chatgpt: { crawl_requests: [1, 2, 0], search_requests: [0, 0, 0], referrals: [0, 2, 0] },
      claude: { crawl_requests: [0, 0, 0], search_requests: [0, 0, 1], referrals: [0, 0, 0] },
    });
  });

  it("starts Kolkata's hourly buckets at :30 past the UTC hour", async () => {
    // UTC                  Kolkata (+05:30)      hour bucket
    // 2026-11-01 18:29     11-01 23:59           (outside)
    // 2026-11-01 18:30     11-02 00:00           00:00   gptbot crawl
    // 2026-11-01 19:29     11-02 00:59           00:00   visit from ChatGPT
    // 2026-11-01 19:30     11-02 01:00           01:00   gptbot crawl
    const domain = "c2r-kolkata.example";
    const key = await site(
      domain,
      [
        request("2026-11-01T18:29:00Z", "gptbot", "chatgpt", "crawl"),
        request("2026-11-01T18:30:00Z", "gptbot", "chatgpt", "crawl"),
        request("2026-11-01T19:30:00Z", "gptbot", "chatgpt", "crawl"),
      ],
      ["2026-11-01T19:29:00Z"],
    );
    const r = await getJson<CrawlToReferral>(
      key,
      `/traffic/crawl-to-referral${windowQuery(domain, at("2026-11-01T18:30:00Z"), at("2026-11-01T20:30:00Z"))}&interval=hour&timezone=Asia/Kolkata`,
    );
    expect(r.timezone).toBe("Asia/Kolkata");
    expect(r.buckets).toEqual(["2026-11-02T00:00:00.000+05:30", "2026-11-02T01:00:00.000+05:30"]);
    expect(series(r)).toEqual({ chatgpt: { crawl_requests: [1, 1], search_requests: [0, 0], referrals: [1, 0] } });
  });

  it("refuses an unknown zone as 400 invalid_timezone, naming the parameter", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "c2r-mars.example");
    const body = await getJson<{ code: string; details?: Array<{ field: string }> }>(
      key,
      "/traffic/crawl-to-referral?domain=c2r-mars.example&timezone=Mars/Olympus",
      400,
    );
    expect(body.code).toBe("invalid_timezone");
    expect(body.details?.[0]?.field).toBe("query.timezone");
  });
});
