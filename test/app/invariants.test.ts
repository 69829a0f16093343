import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { trafficReport } from "../../shared/reads/traffic-report";
import { testContext } from "../helpers/test-context";
import { seedWorld, WORLD } from "../v1/invariant-world";
import { DAY, todayStart } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// One number, one meaning (issue 40): the hand-counted world of test/v1/invariant-world.ts
// on the site dashboard, the sessions list, the three agent-request pages and their CSV
// downloads gives the numbers the v1 routes and MCP tools give for it
// (test/v1/invariants.test.ts), which are the traffic report use case's, read here too.

const DOMAIN = "invariants-app.example";

const metric = (html: string, name: string) => new RegExp(`data-metric="${name}"[^>]*>([^<]*)<`).exec(html)?.[1];

async function csv(owner: FormClient, path: string): Promise<Record<string, string>[]> {
  const res = await owner.get(path);
  expect(res.status, path).toBe(200);
  const [header, ...rows] = parseCsv(res.html).map((r) => r.map(readCsvCell));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}
const counts = (rows: Record<string, string>[], key: string, n = "agent_sessions") =>
  Object.fromEntries(rows.map((r) => [r[key], Number(r[n])]));

describe("one world, every page and CSV (invariants)", () => {
  it("the dashboard, sessions, agent-request pages and CSV downloads show the world's hand counts", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("invariants"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: DOMAIN, name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
      .bind(DOMAIN)
      .first<{ id: string; workspace_id: string }>();
    if (!site) throw new Error("site not stored");
    const d = todayStart() - 3 * DAY;
    await seedWorld(site.workspace_id, { id: site.id, domain: DOMAIN }, d);
    const day = new Date(d).toISOString().slice(0, 10);
    const window = `from=${day}&to=${day}`;
    const at = (page: string) => `/app/sites/${DOMAIN}/${page}?${window}`;

    // The use case the v1 routes translate: the anchor of both suites.
    const r = await trafficReport(testContext({ workspaceId: site.workspace_id }), {
      domain: DOMAIN,
      from: new Date(d).toISOString(),
      to: new Date(d + DAY).toISOString(),
      reports: { overview: {}, sources: {} },
    });
    if (!r.ok) throw new Error(r.code);
    expect([r.value.overview.total_sessions, r.value.sources.human_visits]).toEqual([
      WORLD.agent_sessions,
      WORLD.human_visits,
    ]);

    // The site dashboard: the same agents, people and share, the share's parts named.
    const dash = await owner.get(at("traffic"));
    expect(dash.status).toBe(200);
    expect(metric(dash.html, "total_sessions")).toBe(String(WORLD.agent_sessions));
    expect(metric(dash.html, "human_visits")).toBe(String(WORLD.human_visits));
    expect(metric(dash.html, "ai_share_pct")).toBe(`${WORLD.ai_share_pct}%`);
    expect(metric(dash.html, "purchases")).toBe(String(WORLD.by_outcome.completed));
    expect(dash.html).toContain(
      `${WORLD.ai_sessions} of ${WORLD.all_sessions} sessions: ${WORLD.agent_sessions} AI-agent + 1 visit from an AI assistant&#39;s link`,
    );
    expect(dash.html).not.toContain("AI assistant visit");
    // Its CSV downloads: the same parts, under the metric catalogue's headers (docs/metrics.md).
    expect(counts(await csv(owner, at("traffic/csv/platforms")), "platform")).toEqual(WORLD.by_platform);
    expect(counts(await csv(owner, at("traffic/csv/outcomes")), "outcome")).toEqual(WORLD.by_outcome);
    expect(counts(await csv(owner, at("traffic/csv/purposes")), "purpose")).toEqual(WORLD.by_purpose);
    const sources = await csv(owner, at("traffic/csv/sources"));
    expect(sources.reduce((n, s) => n + Number(s.all_sessions), 0)).toBe(WORLD.all_sessions);

    // The sessions list: every agent session, what each was, no crawl "Left the cart".
    const list = await owner.get(at("sessions"));
    expect(metric(list.html, "total_matching")).toBe(String(WORLD.agent_sessions));
    expect(metric(list.html, "failing_total")).toBe(String(WORLD.failing_sessions));
    const kinds = [...list.html.matchAll(/data-kind="([a-z_]+)"/g)].map((m) => m[1]);
    for (const [kind, n] of Object.entries(WORLD.by_kind)) expect(kinds.filter((k) => k === kind).length, kind).toBe(n);
    expect(list.html.match(/data-outcome="abandoned"/g)?.length).toBe(WORLD.by_outcome.abandoned);
    const rows = await csv(owner, at("sessions/csv/sessions"));
    expect(rows).toHaveLength(WORLD.agent_sessions);
    expect(rows.filter((s) => s.outcome === "not_applicable")).toHaveLength(WORLD.by_outcome.not_applicable);

    // The three agent-request pages: one total of AI agents' requests.
    const robots = await owner.get(at("robots"));
    const errors = await owner.get(at("agent-errors"));
    const ratio = await owner.get(at("crawl-to-referral"));
    for (const page of [robots, errors, ratio])
      expect(metric(page.html, "agent_requests")).toBe(String(WORLD.agent_requests));
    expect(metric(robots.html, "judged")).toBe(String(WORLD.judged));
    expect(metric(robots.html, "disallowed")).toBe(String(WORLD.disallowed));
    expect(robots.html).toContain(`data-metric="not_judged" data-count="${WORLD.not_judged}"`);
    expect(metric(errors.html, "errors")).toBe(String(WORLD.error_requests));
    expect(metric(ratio.html, "crawl_requests")).toBe(String(WORLD.crawl_requests));
    expect(metric(ratio.html, "referrals")).toBe(String(WORLD.referrals));
    const agents = await csv(owner, at("robots/csv/agents"));
    // Per named agent: the governed requests less the one by an agent with no product token.
    expect(agents.reduce((n, a) => n + Number(a.requests), 0)).toBe(WORLD.robots_checked - WORLD.not_judged);
  });
});
