import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type IdentityInput, identifyAgent } from "../../shared/classify/agent-identity";
import { buildIpRangeIndex } from "../../shared/classify/ip-ranges";
import { PAGE_AUTOMATION_HINTS, type PageAutomation } from "../../shared/classify/page-automation";
import { snippetBuild } from "../../workers/ingest/snippet/snippet-build.generated";
import { inShard } from "../helpers/shard";
import { seedSite } from "./helpers";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";

function who(automation: PageAutomation, over: Partial<IdentityInput> = {}) {
  return identifyAgent({
    userAgent: CHROME,
    clientIp: null,
    signature: { status: "absent" },
    automation,
    ipRanges: buildIpRangeIndex({}),
    ...over,
  });
}

describe("what the page saw of automation, as identity", () => {
  it("files each hint alone as a heuristic other_ai visit with its signal: flags as automation_flag, driver traces as behaviour", () => {
    const expected = {
      webdriver: "automation_flag",
      headless: "automation_flag",
      driver_global: "behaviour",
      driver_stack: "behaviour",
      agent_invoked: "behaviour",
    } as const;
    for (const { hint } of PAGE_AUTOMATION_HINTS) {
      expect(who({ [hint]: true }), hint).toEqual({
        platform: "other_ai",
        purpose: "unknown",
        tier: "heuristic",
        confidence: 0.3,
        signals: [expected[hint]],
      });
    }
    expect(who({ webdriver: true, driver_stack: true }).signals).toEqual(["automation_flag", "behaviour"]);
  });

  it("leaves a browser that showed nothing a person", () => {
    expect(who({})).toMatchObject({ platform: null, tier: null, signals: [] });
  });

  it("adds the signal to a declared or verified agent without changing its tier or platform", () => {
    expect(who({ driver_stack: true }, { userAgent: CHATGPT_USER })).toMatchObject({
      platform: "chatgpt",
      tier: "declared",
      signals: ["declared_user_agent", "behaviour"],
    });
    const listed = {
      status: "verified",
      signer: { source: { type: "directory", url: "https://chatgpt.com" }, card: null },
    } as const;
    expect(who({ webdriver: true }, { signature: listed })).toMatchObject({
      platform: "chatgpt",
      tier: "verified",
      signals: ["signature_verified", "automation_flag"],
    });
  });

  it("still drops named non-AI automation that raises the hints", () => {
    expect(
      who(
        { driver_global: true },
        { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      ),
    ).toMatchObject({ tier: null, namedAutomation: "search_engine" });
  });

  it("is the same bit vocabulary the built snippet sets", () => {
    const bits = [...snippetBuild.code.matchAll(/\|=(\d+)/g)].map((m) => Number(m[1])).sort((x, y) => x - y);
    expect(bits).toEqual(PAGE_AUTOMATION_HINTS.map((h) => h.bit));
  });
});

function beacon(body: unknown, origin: string, userAgent = CHROME) {
  return exports.default.fetch("https://ingest.example/ingest/e", {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: origin, "User-Agent": userAgent },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function sessionsOf(siteId: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const { results } = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
      db
        .prepare("SELECT entry_url, tier, agent_platform, purpose, detection_signals FROM sessions WHERE site_id = ?")
        .bind(siteId)
        .all<Record<string, unknown>>(),
    );
    if (results.length >= count) return results;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${count} sessions`);
}

describe("the beacon's automation field", () => {
  it("turns each bit into a heuristic session with its signal, and the earlier builds' w key still counts", async () => {
    const site = await seedSite("automation-a.example");
    const origin = "https://automation-a.example";
    // One visitor each: different User-Agents hash to different visitors.
    const sent = [
      { a: 1, ua: `${CHROME} A1` },
      { a: 4, ua: `${CHROME} A4` },
      { a: 8, ua: `${CHROME} A8` },
      { w: 1, ua: `${CHROME} W` },
      { ua: `${CHROME} none` },
    ];
    for (const { ua, ...hint } of sent) {
      const res = await beacon(
        { s: site.token, k: "pageview", u: `${origin}/${ua.split(" ").at(-1)}`, ...hint },
        origin,
        ua,
      );
      expect(res.status, ua).toBe(202);
    }
    const rows = await sessionsOf(site.id, 5);
    const seen = Object.fromEntries(
      rows.map((r) => [r.entry_url, [r.tier, r.agent_platform, r.purpose, r.detection_signals]]),
    );
    expect(seen).toEqual({
      "/A1": ["heuristic", "other_ai", "unknown", '["automation_flag"]'],
      "/A4": ["heuristic", "other_ai", "unknown", '["behaviour"]'],
      "/A8": ["heuristic", "other_ai", "unknown", '["behaviour"]'],
      "/W": ["heuristic", "other_ai", "unknown", '["automation_flag"]'],
      "/none": [null, null, null, "[]"],
    });
  });

  it("refuses a malformed field with 400 invalid_request naming `a`, never a 5xx", async () => {
    const site = await seedSite("automation-b.example");
    const origin = "https://automation-b.example";
    const bad: unknown[] = [0, 32, 33, -1, 1.5, "8", true, null, [8], { w: 1 }, 1e308, 2 ** 53];
    for (const a of bad) {
      const res = await beacon({ s: site.token, k: "pageview", u: `${origin}/`, a }, origin);
      expect(res.status, JSON.stringify(a)).toBe(400);
      const body = (await res.json()) as { code: string; details: { field: string }[] };
      expect(body.code).toBe("invalid_request");
      expect(body.details.map((d) => d.field)).toContain("json.a");
    }
    // A huge number written out in full is still one bounded body: 413 past 4 KB.
    const long = `{"s":"${site.token}","k":"pageview","u":"${origin}/","a":1${"0".repeat(5000)}}`;
    expect((await beacon(long, origin)).status).toBe(413);
  });
});
