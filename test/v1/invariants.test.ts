import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../shared/encoding/csv";
import { seedWorld, WORLD } from "./invariant-world";
import { callTool } from "./mcp-call";
import { BASE, DAY, freshKey, getJson, iso, seedSite, todayStart, windowQuery } from "./traffic-fixtures";

// One number, one meaning (issue 40): the hand-counted world of ./invariant-world.ts read
// through every v1 surface, the JSON routes, their CSV and the MCP tools, gives the same
// numbers, and the parts add up to their totals. The app's pages and CSV downloads read
// the same world in test/app/invariants.test.ts.

type Counted<K extends string> = Record<K, number>;
const rows = <K extends string>(list: Array<Record<string, unknown>>, key: string, n = "sessions") =>
  Object.fromEntries(list.map((r) => [r[key], r[n]])) as Counted<K>;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function world(domain: string) {
  const key = await freshKey(["traffic:read"]);
  const siteId = await seedSite(key.workspaceId, domain);
  const d = todayStart() - 3 * DAY;
  await seedWorld(key.workspaceId, { id: siteId, domain }, d);
  return { key, q: windowQuery(domain, d, d + DAY), args: { domain, from: iso(d), to: iso(d + DAY) } };
}

interface Overview {
  total_sessions: number;
  by_platform: Array<{ platform: string; sessions: number }>;
  by_outcome: Array<{ outcome: string; sessions: number }>;
}
interface Sources {
  total_sessions: number;
  ai_sessions: number;
  ai_share_pct: number;
  agent_sessions: number;
  human_visits: number;
  assistant_referred_visits: number;
  by_source: Array<{ source: string; sub_source: string | null; sessions: number }>;
}
interface Purpose {
  total_sessions: number;
  by_purpose: Array<{ purpose: string; sessions: number }>;
}
interface SessionPage {
  total_matching: number;
  results: Array<{ agent_kind: string; outcome: string; purpose: string }>;
}

describe("one world, every v1 surface (invariants)", () => {
  it("the traffic reports, the session list and the MCP tools give the same session numbers", async () => {
    const w = await world("invariants-traffic.example");
    const overview = await getJson<Overview>(w.key, `/traffic/overview${w.q}`);
    const sources = await getJson<Sources>(w.key, `/traffic/sources${w.q}`);
    const purpose = await getJson<Purpose>(w.key, `/traffic/purpose-split${w.q}`);
    const sessions = await getJson<SessionPage>(w.key, `/traffic/sessions${w.q}&limit=50`);
    const failing = await getJson<{ results: unknown[] }>(w.key, `/traffic/failing-sessions${w.q}`);

    // AI-agent sessions: one number on every report and the list.
    for (const n of [overview.total_sessions, purpose.total_sessions, sources.agent_sessions, sessions.total_matching])
      expect(n).toBe(WORLD.agent_sessions);
    expect(sessions.results).toHaveLength(WORLD.agent_sessions);
    // The populations add up: agents + people = all; the share's numerator = agents + referred people.
    expect(sources).toMatchObject({
      total_sessions: WORLD.all_sessions,
      human_visits: WORLD.human_visits,
      assistant_referred_visits: WORLD.assistant_referred_visits,
      ai_sessions: WORLD.ai_sessions,
      ai_share_pct: WORLD.ai_share_pct,
    });
    expect(sources.agent_sessions + sources.human_visits).toBe(sources.total_sessions);
    expect(sources.agent_sessions + sources.assistant_referred_visits).toBe(sources.ai_sessions);
    expect(sum(sources.by_source.map((s) => s.sessions))).toBe(sources.total_sessions);
    // Parts sum to totals, and each part is the hand count.
    expect(rows(overview.by_platform, "platform")).toEqual(WORLD.by_platform);
    expect(rows(overview.by_outcome, "outcome")).toEqual(WORLD.by_outcome);
    expect(rows(purpose.by_purpose, "purpose")).toEqual(WORLD.by_purpose);
    const kinds = Object.fromEntries(Object.keys(WORLD.by_kind).map((k) => [k, 0])) as Record<string, number>;
    for (const s of sessions.results) kinds[s.agent_kind] += 1;
    expect(kinds).toEqual(WORLD.by_kind);
    // A crawl never left a cart, on the list as in the report.
    for (const s of sessions.results) if (s.purpose === "crawl") expect(s.outcome).toBe("not_applicable");
    expect(failing.results).toHaveLength(WORLD.failing_sessions);

    // The MCP tools answer what the routes answer.
    expect(await callTool(w.key, "traffic_overview", w.args)).toEqual(overview);
    expect(await callTool(w.key, "traffic_sources", w.args)).toEqual(sources);
    expect(await callTool(w.key, "traffic_purpose_split", w.args)).toEqual(purpose);
    expect((await callTool<SessionPage>(w.key, "list_sessions", { ...w.args, limit: 50 })).total_matching).toBe(
      WORLD.agent_sessions,
    );

    // The CSV of the sources (Accept: text/csv) has the JSON's rows.
    const res = await exports.default.fetch(`${BASE}/traffic/sources${w.q}`, {
      headers: { ...w.key.headers, Accept: "text/csv" },
    });
    const [header, ...lines] = parseCsv(await res.text());
    const at = (name: string) => header.indexOf(name);
    expect(sum(lines.map((l) => Number(l[at("sessions")])))).toBe(WORLD.all_sessions);
  });

  it("the three reports over agent requests agree on AI agents' requests, and say what they count", async () => {
    const w = await world("invariants-requests.example");
    const robots = await getJson<{
      totals: Record<string, number> & { not_judged_reasons: Record<string, number> };
    }>(w.key, `/traffic/robots-compliance${w.q}`);
    const errors = await getJson<{ totals: Record<string, number> }>(w.key, `/traffic/agent-errors${w.q}`);
    const ratio = await getJson<{ totals: Record<string, number> }>(w.key, `/traffic/crawl-to-referral${w.q}`);

    for (const n of [robots.totals.agent_requests, errors.totals.agent_requests, ratio.totals.agent_requests])
      expect(n).toBe(WORLD.agent_requests);
    expect(robots.totals).toMatchObject({
      robots_fetches: WORLD.robots_fetches,
      requests: WORLD.robots_checked,
      judged: WORLD.judged,
      not_judged: WORLD.not_judged,
      disallowed: WORLD.disallowed,
      not_judged_reasons: { before_first_robots: 0, agent_unnamed: WORLD.not_judged },
    });
    expect(robots.totals.robots_fetches + robots.totals.requests).toBe(robots.totals.agent_requests);
    expect(robots.totals.judged + robots.totals.not_judged).toBe(robots.totals.requests);
    expect(errors.totals).toMatchObject({
      errors: WORLD.error_requests,
      not_found: WORLD.not_found,
      server_errors: WORLD.server_errors,
    });
    expect(ratio.totals).toEqual({
      agent_requests: WORLD.agent_requests,
      crawl_requests: WORLD.crawl_requests,
      search_requests: WORLD.search_requests,
      other_requests: WORLD.other_requests,
      referrals: WORLD.referrals,
    });

    expect(await callTool(w.key, "robots_compliance", w.args)).toEqual(robots);
    expect(await callTool(w.key, "agent_errors", w.args)).toEqual(errors);
    expect(await callTool(w.key, "crawl_to_referral", w.args)).toEqual(ratio);
  });
});
