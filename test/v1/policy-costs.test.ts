import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import type { PolicyCosts } from "../../shared/policy/policy-costs-schema";
import { recordRobotsFetch } from "../../shared/robots/robots-history";
import { inShard } from "../helpers/shard";
import { order, post } from "./conversions-fixtures";
import { DAY, freshKey, getJson, HOUR, insertSession, rollUp, seedSite } from "./traffic-fixtures";

// What blocking each agent would cost: every figure checked against a hand count and
// against the report it comes from, over the same 30 days.

let seq = 0;
const request = (at: number, path: string, agent: string, purpose: string): AgentRequestRow => ({
  id: `cost-${++seq}`,
  occurred_at: at,
  method: "GET",
  path,
  status: 200,
  agent,
  platform: "chatgpt",
  purpose: purpose as AgentRequestRow["purpose"],
  tier: "verified",
  document: 1,
  via: "events",
});

describe("policy costs", () => {
  it("says per agent what a block would have stopped, in the reports' own numbers", async () => {
    const key = await freshKey(["traffic:read", "conversions:read", "conversions:write"], "policy-costs");
    const domain = "costs.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const now = Date.now();
    await recordRobotsFetch(
      database(env.DB),
      domain,
      { status: 200, error: null },
      { kind: "rules", status: 200, body: "User-agent: GPTBot\nDisallow: /private\n" },
      now - 10 * DAY,
    );
    await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
      storeAgentRequests(db, [
        request(now - 3 * DAY, "/a", "gptbot", "crawl"),
        request(now - 2 * DAY, "/private/x", "gptbot", "crawl"),
        request(now - 1 * HOUR, "/b", "gptbot", "crawl"),
        request(now - 2 * HOUR, "/p/1", "chatgpt-user", "user_action"),
        request(now - 3 * HOUR, "/p/2", "chatgpt-user", "user_action"),
        // Older than 30 days: not counted.
        request(now - 40 * DAY, "/old", "gptbot", "crawl"),
      ]),
    );
    // ChatGPT acting for people: 3 visits, one reached a purchase; 2 people came from its answers.
    const t = now - 2 * HOUR;
    for (const outcome of ["completed", "not_attempted", "abandoned"] as const)
      await insertSession(key.workspaceId, siteId, {
        startedAt: t,
        platform: "chatgpt",
        purpose: "user_action",
        outcome,
      });
    for (let i = 0; i < 2; i++)
      await insertSession(key.workspaceId, siteId, { startedAt: t, source: "ai_assistant_link", subSource: "chatgpt" });
    await rollUp(siteId, t);
    // 2 orders attributed to ChatGPT (its UTM source), 1 to no one.
    const utm = { attribution: { utm: { source: "chatgpt.com" } }, site: domain };
    expect((await post(key, [order("c1", utm), order("c2", utm), order("c3", { site: domain })])).status).toBe(200);

    const costs = await getJson<PolicyCosts>(key, `/sites/${siteId}/policy/costs`);
    const row = (token: string) => costs.agents.find((a) => a.token === token);
    expect(row("GPTBot")).toMatchObject({
      purpose: "crawl",
      requests: 3,
      robots_violations: 1,
      visits: null,
      referrals_at_stake: 0,
      orders_at_stake: 0,
      summary: "Blocking GPTBot would have stopped 3 requests (1 against robots.txt) and 0 referrals.",
    });
    expect(row("ChatGPT-User")).toMatchObject({
      purpose: "user_action",
      requests: 2,
      visits: 3,
      visits_with_order: 1,
      referrals_at_stake: 2,
      orders_at_stake: 2,
      summary:
        "Blocking ChatGPT-User would have stopped 2 requests and 3 visits that led to 1 order. It also puts at stake 2 referrals from ChatGPT (2 attributed orders).",
    });
    // Sessions name a platform, not an agent: its visits go to the agent seen in the
    // requests, not to ChatGPT's browser agents as well.
    expect(costs.agents.map((a) => a.token).sort()).toEqual(["ChatGPT-User", "GPTBot"]);

    // The same numbers as the reports, over the same 30 days.
    const q = `?domain=${domain}&period=30d`;
    const robots = await getJson<{ agents: { agent: string; requests: number; disallowed: number }[] }>(
      key,
      `/traffic/robots-compliance${q}`,
    );
    expect(robots.agents.find((a) => a.agent === "gptbot")).toMatchObject({ requests: 3, disallowed: 1 });
    const list = (extra: string) =>
      getJson<{ total_matching: number }>(
        key,
        `/traffic/sessions${q}&agent_platform=chatgpt&purpose=user_action${extra}`,
      );
    expect((await list("")).total_matching).toBe(row("ChatGPT-User")?.visits);
    expect((await list("&outcome=completed")).total_matching).toBe(row("ChatGPT-User")?.visits_with_order);
    const referrals = await getJson<{ operators: { operator: string; referrals: number }[] }>(
      key,
      `/traffic/crawl-to-referral${q}`,
    );
    expect(referrals.operators.find((o) => o.operator === "chatgpt")?.referrals).toBe(
      row("ChatGPT-User")?.referrals_at_stake,
    );
    const attribution = await getJson<{ by_platform: { platform: string; conversions: number }[] }>(
      key,
      `/attribution/overview?domain=${domain}&period=30d`,
    );
    expect(attribution.by_platform.find((p) => p.platform === "chatgpt")?.conversions).toBe(
      row("ChatGPT-User")?.orders_at_stake,
    );

    // A key that may not read conversions gets no order figures.
    const trafficOnly = await freshKey(["traffic:read"], "policy-costs");
    const blind = await getJson<PolicyCosts>(trafficOnly, `/sites/${siteId}/policy/costs`);
    expect(blind.orders_included).toBe(false);
    expect(blind.agents.find((a) => a.token === "ChatGPT-User")).toMatchObject({ visits: 3, orders_at_stake: null });
    expect(blind.agents.find((a) => a.token === "ChatGPT-User")?.summary).toBe(
      "Blocking ChatGPT-User would have stopped 2 requests and 3 visits that led to 1 order. It also puts at stake 2 referrals from ChatGPT.",
    );
  });

  it("on a snippet-only site, gives a platform's visits to each of its agents that can make them", async () => {
    const key = await freshKey(["traffic:read"], "policy-costs-snippet");
    const siteId = await seedSite(key.workspaceId, "costs-snippet.example");
    const t = Date.now() - HOUR;
    await insertSession(key.workspaceId, siteId, { startedAt: t, platform: "claude", purpose: "user_action" });
    await rollUp(siteId, t);
    const costs = await getJson<PolicyCosts>(key, `/sites/${siteId}/policy/costs`);
    // Anthropic's agents acting for a person (the catalogue's vendor and listed entries).
    expect(costs.agents.map((a) => a.token).sort()).toEqual(["Claude-Code", "Claude-User"]);
    expect(costs.agents.find((a) => a.token === "Claude-User")).toMatchObject({
      requests: 0,
      visits: 1,
      visits_with_order: 0,
      orders_at_stake: null,
      summary:
        "Blocking Claude-User would have stopped 1 visit that led to 0 orders. It also puts at stake 0 referrals from Claude.",
    });
  });
});
