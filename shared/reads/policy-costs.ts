import { attributionOverview } from "../attribution/attribution-overview";
import { ipRangeLists } from "../classify/ip-range-cache";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { platformName } from "../display/display-names";
import { verifiableAgent } from "../policy/collector-document";
import { type PolicyAgent, policyAgentNamed, policyAgents } from "../policy/policy-agents";
import type { PolicyCosts } from "../policy/policy-costs-schema";
import { type PolicySiteRefusal, policySite } from "../policy/site-policy";
import { reportWindow } from "../reports/report-window";
import { ok, type Result, refusal } from "../result/result";
import { siteShard } from "../shards/site-shard";
import { crawlToReferralReport, robotsComplianceReport } from "./agent-reports";

// What each choice would cost, before it is made (docs/policy.md "What a choice costs"):
// for each agent, its last 30 days as the reports count them, read through the very use
// cases the reports answer from (robots.txt compliance, crawl-to-referral, attribution,
// and the sessions' grouping the session list counts with), so every figure equals the
// report's.

const PERIOD = "30d" as const;
/** Purposes whose agents put the shop in an assistant's answers, which people then click. */
const FEEDS_ANSWERS = new Set(["search", "user_action"]);
/** Purposes whose agents' own sessions are a person's errand (visits that can end in an order). */
const ERRANDS = new Set(["user_action", "agentic_browser"]);

const n = (x: number) => x.toLocaleString("en");
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/** The sentence a merchant reads before choosing: what blocking the agent would have stopped. */
function summary(row: Omit<PolicyCosts["agents"][number], "summary">): string {
  const stopped: string[] = [];
  // An agent known only from its visits (a snippet-only site) made no request to count.
  if (row.requests > 0 || row.visits === null)
    stopped.push(
      `${plural(row.requests, "request")}${row.robots_violations > 0 ? ` (${n(row.robots_violations)} against robots.txt)` : ""}`,
    );
  if (row.visits !== null)
    stopped.push(`${plural(row.visits, "visit")} that led to ${plural(row.visits_with_order ?? 0, "order")}`);
  const feeds = FEEDS_ANSWERS.has(row.purpose) && row.platform !== "other_ai";
  if (!feeds) stopped.push("0 referrals");
  const last = stopped.pop() as string;
  let text = `Blocking ${row.token} would have stopped ${stopped.length ? `${stopped.join(", ")} and ${last}` : last}.`;
  if (feeds)
    text += ` It also puts at stake ${plural(row.referrals_at_stake, "referral")} from ${platformName(row.platform)}${
      row.orders_at_stake === null ? "" : ` (${plural(row.orders_at_stake, "attributed order")})`
    }.`;
  return text;
}

/**
 * The cost of blocking each agent seen in the last 30 days. `withOrders`: the caller
 * may read conversions (v1: the key holds `conversions:read`); otherwise order figures
 * are null and attribution is not read.
 */
export async function policyCosts(
  ctx: RequestContext,
  input: { site: string; withOrders: boolean },
): Promise<Result<PolicyCosts, PolicySiteRefusal>> {
  const site = await policySite(ctx, input.site);
  if (!site.ok) return site;
  const { domain } = site.value;
  const query = { domain, period: PERIOD };
  const window = reportWindow(query, ctx.nowMs);
  if (!window.ok) return refusal("site_not_found");
  const [robots, referrals, visits, attribution, ipLists] = await Promise.all([
    robotsComplianceReport(ctx, query),
    crawlToReferralReport(ctx, query),
    siteShard(ctx.env, site.value.id).agentVisits({ site: site.value, window: window.value, nowMs: ctx.nowMs }),
    input.withOrders
      ? attributionOverview(database(ctx.env.DB), {
          workspaceId: ctx.workspaceId,
          domain,
          period: PERIOD,
          nowMs: ctx.nowMs,
        })
      : null,
    ipRangeLists(ctx.env.DB, ctx.nowMs),
  ]);
  // The site was found a moment ago: a refusal now means it was deleted meanwhile.
  if (!robots.ok || !referrals.ok || (attribution && !attribution.ok)) return refusal("site_not_found");
  const referralsOf = new Map(referrals.value.operators.map((o) => [o.operator, o.referrals]));
  const ordersOf = new Map(
    attribution?.ok ? attribution.value.by_platform.map((p) => [p.platform, p.conversions]) : [],
  );
  const visitsOf = new Map(visits.map((v) => [`${v.platform}\u0000${v.purpose}`, v]));
  const requestsOf = new Map(robots.value.agents.map((a) => [a.agent, a]));
  // The reports' purpose of an agent (sessions know no `agentic_browser`).
  const reportPurpose = (a: PolicyAgent) => (a.purpose === "agentic_browser" ? "user_action" : a.purpose);

  const seen = new Set<PolicyAgent>();
  for (const a of robots.value.agents) {
    const agent = policyAgentNamed(a.agent);
    if (agent) seen.add(agent);
  }
  // Sessions know a platform and a purpose, not the agent: a platform's visits for a
  // person go to its agents seen in the requests, or, when none was (a snippet-only
  // site), to each of its agents that can make them.
  const errandOf = (a: PolicyAgent) => `${a.platform}\u0000${reportPurpose(a)}`;
  const withRequests = new Set([...seen].filter((a) => ERRANDS.has(a.purpose)).map(errandOf));
  for (const v of visits)
    if (v.visits > 0 && !withRequests.has(`${v.platform}\u0000${v.purpose}`))
      for (const agent of policyAgents)
        if (ERRANDS.has(agent.purpose) && !agent.robotsOnly && errandOf(agent) === `${v.platform}\u0000${v.purpose}`)
          seen.add(agent);

  const rows = [...seen].map((agent) => {
    const req = requestsOf.get(agent.key);
    const errand = ERRANDS.has(agent.purpose)
      ? visitsOf.get(`${agent.platform}\u0000${reportPurpose(agent)}`)
      : undefined;
    // `other_ai` lumps every operator the platform list does not name: its referrals are no one agent's.
    const feeds = FEEDS_ANSWERS.has(agent.purpose) && agent.platform !== "other_ai";
    const row = {
      token: agent.token,
      operator: agent.operator,
      platform: agent.platform,
      purpose: agent.purpose,
      verifiable: verifiableAgent(agent, ipLists),
      requests: req?.requests ?? 0,
      robots_violations: req?.disallowed ?? 0,
      visits: ERRANDS.has(agent.purpose) ? (errand?.visits ?? 0) : null,
      visits_with_order: ERRANDS.has(agent.purpose) ? (errand?.visits_with_order ?? 0) : null,
      referrals_at_stake: feeds ? (referralsOf.get(agent.platform) ?? 0) : 0,
      orders_at_stake: input.withOrders ? (feeds ? (ordersOf.get(agent.platform) ?? 0) : 0) : null,
    };
    return { ...row, summary: summary(row) };
  });
  rows.sort((x, y) => y.requests - x.requests || (y.visits ?? 0) - (x.visits ?? 0) || x.token.localeCompare(y.token));
  return ok({
    domain,
    site_id: site.value.id,
    period: PERIOD,
    period_start: new Date(window.value.start).toISOString(),
    period_end: new Date(window.value.end).toISOString(),
    orders_included: input.withOrders,
    agents: rows,
  });
}
