import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import shardMigrations from "../../migrations-shard/migrations.js";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { agentErrors } from "../../shared/reports/agent-errors";
import { agentRequestDayPlan } from "../../shared/reports/agent-request-plan";
import { robotsCompliance, segmentsOf, VIOLATIONS_PER_AGENT } from "../../shared/reports/robots-compliance";
import { decidingRule, patternGlob, patternMatches, UNFILTERED_PATH_SQL } from "../../shared/robots/is-allowed";
import { parseRobots } from "../../shared/robots/parse-robots";
import type { RobotsVersion } from "../../shared/robots/robots-history";
import { expectCountsFollowRows } from "../helpers/agent-request-counts";
import { inShard, rowsOf } from "../helpers/shard";

// agent_path_days (schema/agent-path-days.ts): the robots.txt-compliance and AI-errors
// reports read the whole days of their window from it and the rest from agent_requests.
// The table is checked against the rows it is kept from, and the reports against a
// judgement and counts made here request by request, over windows whose edges and
// robots.txt changes fall inside days.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 9, 20, 0, 0, 0);
const AGENTS = [
  ["gptbot", "chatgpt"],
  ["claudebot", "claude"],
  ["perplexitybot", "perplexity"],
  [null, "chatgpt"], // named by a signature only: no product token
] as const;

/** ~2,000 requests over 10 days, every 7 minutes and a few seconds, in a fixed pattern. */
function requests(): AgentRequestRow[] {
  const out: AgentRequestRow[] = [];
  for (let i = 0; i < 2_000; i++) {
    const [agent, platform] = AGENTS[i % AGENTS.length];
    out.push({
      id: `p-${i}`,
      occurred_at: T0 + i * (7 * 60_000 + 11_000),
      method: "GET",
      path: i % 41 === 0 ? "/robots.txt" : ["/cart", "/p/1", "/p/2?sort=asc", "/search?q=x", "/account/orders"][i % 5],
      status: [200, 200, 404, 200, 301, 500, 200, 410, 503][i % 9],
      agent,
      platform,
      purpose: "crawl",
      tier: "declared",
      document: 1,
      via: "drn_paths",
    });
  }
  return out;
}

const version = (id: string, body: string, firstSeenAt: number): RobotsVersion => ({
  id,
  kind: "rules",
  body,
  firstSeenAt,
  lastSeenAt: firstSeenAt,
});

// Three versions, each taking over inside a day (so their days and the days their 24-hour
// cache grace ends in are read from the rows), the first before the stored requests.
const VERSIONS: RobotsVersion[] = [
  version("v1", "User-agent: *\nDisallow: /cart\nDisallow: /account/\n", T0 - 3 * DAY + 5 * HOUR),
  version(
    "v2",
    "User-agent: gptbot\nDisallow: /p/\nAllow: /p/1\n\nUser-agent: *\nDisallow: /search\n",
    T0 + 2 * DAY + 13 * HOUR + 7 * 60_000,
  ),
  version("v3", "User-agent: *\nDisallow: /*?sort=\nDisallow: /cart\n", T0 + 6 * DAY + 9 * HOUR),
];

const tableRows = (db: D1Database) =>
  rowsOf(
    db,
    "SELECT day, agent, platform, path, status, requests, first_at, last_at FROM agent_path_days ORDER BY 1, 2, 3, 4, 5",
  );

/** What the table must hold: every stored row counted by UTC day, agent, platform and path. */
const tableFromRows = (db: D1Database) =>
  rowsOf(
    db,
    `SELECT occurred_at - occurred_at % ${DAY} AS day, coalesce(agent, '') AS agent, platform, path, status,
            count(*) AS requests, min(occurred_at) AS first_at, max(occurred_at) AS last_at
     FROM agent_requests GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );

/** The report's totals and agents, judged here one request at a time. */
function byHand(rows: AgentRequestRow[], start: number, end: number, versions: RobotsVersion[]) {
  const segments = segmentsOf(versions);
  const parsed = versions.map((v) => parseRobots(v.body));
  const iso = (t: number) => new Date(t).toISOString();
  const totals = { requests: 0, judged: 0, disallowed: 0, unjudged: 0 };
  // Not judged, by why (the report's not_judged_reasons), and the robots.txt fetches the
  // judged paths leave out but the agent-request total counts (docs/metrics.md).
  const notJudged = { agent_unnamed: 0, before_first_robots: 0 };
  let robotsFetches = 0;
  const agents = new Map<
    string,
    {
      requests: number;
      judged: number;
      disallowed: number;
      violations: Map<string, { path: string; requests: number; first_at: string; last_at: string; line: number }>;
    }
  >();
  for (const r of rows) {
    if (r.occurred_at < start || r.occurred_at >= end) continue;
    if (r.path === "/robots.txt") {
      robotsFetches += 1;
      continue;
    }
    totals.requests += 1;
    let seg = -1;
    segments.forEach((s, k) => {
      if (r.occurred_at >= s.at) seg = k;
    });
    if (r.agent === null || seg < 0) totals.unjudged += 1;
    if (r.agent === null) notJudged.agent_unnamed += 1;
    else if (seg < 0) notJudged.before_first_robots += 1;
    if (r.agent === null) continue;
    const a = agents.get(r.agent) ?? { requests: 0, judged: 0, disallowed: 0, violations: new Map() };
    agents.set(r.agent, a);
    a.requests += 1;
    if (seg < 0) continue;
    a.judged += 1;
    totals.judged += 1;
    const { version: v, cached } = segments[seg];
    const rule = decidingRule(parsed[v], r.agent, r.path);
    if (!rule || rule.allow) continue;
    if (cached >= 0 && (decidingRule(parsed[cached], r.agent, r.path)?.allow ?? true)) continue;
    a.disallowed += 1;
    totals.disallowed += 1;
    const key = `${r.path} ${versions[v].id} ${rule.line}`;
    const seen = a.violations.get(key);
    if (seen) {
      seen.requests += 1;
      seen.last_at = iso(r.occurred_at);
    } else
      a.violations.set(key, {
        path: r.path,
        requests: 1,
        first_at: iso(r.occurred_at),
        last_at: iso(r.occurred_at),
        line: rule.line,
      });
  }
  return {
    totals: {
      ...totals,
      agent_requests: totals.requests + robotsFetches,
      robots_fetches: robotsFetches,
      not_judged: totals.unjudged,
      not_judged_reasons: notJudged,
    },
    agents,
  };
}

describe("robots.txt compliance from daily path counts", () => {
  const rows = requests();

  it("keeps the daily path counts those of the stored rows through a batch, its redelivery and a retention pass", async () => {
    const siteId = "site_apd_1";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      // Retention cuts inside day 3: the days before go, the cut day keeps its later
      // requests, and its first request moves to the first one left.
      const cut = T0 + 3 * DAY + 10 * HOUR + 3 * 60_000;
      await expectCountsFollowRows(
        db,
        rows,
        { firstEnd: 1_200, redelivered: [1_000, 2_000], cut },
        tableRows,
        tableFromRows,
      );
    });
  });

  it("answers as each request judged by hand, whichever days the window reads from the counts", async () => {
    const siteId = "site_apd_2";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await storeAgentRequests(db, rows);
      const windows: Array<[number, number]> = [
        [T0 + 7 * 60_000, T0 + 9 * DAY + 41 * 60_000], // edges inside days, every version change inside
        [T0 + DAY, T0 + 5 * DAY], // whole days only, v2 and its grace end cutting two of them
        [T0 + 3 * DAY + 5 * HOUR, T0 + 3 * DAY + 6 * HOUR], // one hour: rows only
        [T0 - 2 * DAY, T0 + 12 * DAY], // wider than the requests
      ];
      for (const [start, end] of windows) {
        for (const versions of [VERSIONS, VERSIONS.slice(1), []]) {
          const report = await robotsCompliance(db, { start, end, versions });
          const expected = byHand(rows, start, end, versions);
          const label = `${start}-${end} with ${versions.length} versions`;
          expect(report.totals, label).toEqual(expected.totals);
          expect(
            report.agents.map((a) => [a.agent, a.requests, a.judged, a.disallowed]),
            label,
          ).toEqual(
            [...expected.agents.entries()]
              .map(([agent, a]) => [agent, a.requests, a.judged, a.disallowed])
              .sort(
                (x, y) =>
                  Number(y[3]) - Number(x[3]) ||
                  Number(y[1]) - Number(x[1]) ||
                  String(x[0]).localeCompare(String(y[0])),
              ),
          );
          for (const a of report.agents) {
            const want = [...(expected.agents.get(a.agent)?.violations.values() ?? [])]
              .sort((x, y) => y.requests - x.requests || x.path.localeCompare(y.path))
              .slice(0, VIOLATIONS_PER_AGENT);
            expect(
              a.violations.map((v) => ({
                path: v.path,
                requests: v.requests,
                first_at: v.first_at,
                last_at: v.last_at,
                line: v.line,
              })),
              `${label} ${a.agent}`,
            ).toEqual(want);
          }
        }
      }
      // The windows above do read whole days from the counts, and cut days to the rows.
      const segmentStarts = segmentsOf(VERSIONS).map((s) => s.at);
      const plan = agentRequestDayPlan(windows[1][0], windows[1][1], segmentStarts);
      expect(plan.days).toEqual([
        [T0 + DAY, T0 + 2 * DAY],
        [T0 + 4 * DAY, T0 + 5 * DAY],
      ]);
      expect(plan.live).toEqual([[T0 + 2 * DAY, T0 + 4 * DAY]]);
    });
  });

  it("lists the AI errors by path as the requests counted by hand, whichever days the window reads from the counts", async () => {
    const siteId = "site_apd_4";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await storeAgentRequests(db, rows);
      for (const [start, end] of [
        [T0 + 7 * 60_000, T0 + 9 * DAY + 41 * 60_000],
        [T0 + DAY, T0 + 5 * DAY],
        [T0 + 3 * DAY + 5 * HOUR, T0 + 3 * DAY + 6 * HOUR],
      ]) {
        type PathCount = {
          requests: number;
          statuses: Record<string, number>;
          first: number;
          last: number;
          who: Map<string, number>;
        };
        const byPath = new Map<string, PathCount>();
        for (const r of rows) {
          if (r.occurred_at < start || r.occurred_at >= end || r.status < 400) continue;
          const path = r.path.split("?")[0];
          const p: PathCount = byPath.get(path) ?? {
            requests: 0,
            statuses: {},
            first: r.occurred_at,
            last: 0,
            who: new Map(),
          };
          byPath.set(path, p);
          p.requests += 1;
          p.statuses[String(r.status)] = (p.statuses[String(r.status)] ?? 0) + 1;
          p.last = r.occurred_at;
          const name = r.agent ?? r.platform;
          p.who.set(name, (p.who.get(name) ?? 0) + 1);
        }
        const report = await agentErrors(db, { start, end });
        expect(
          report.paths.map((p) => ({
            path: p.path,
            requests: p.requests,
            statuses: p.statuses,
            first_at: p.first_at,
            last_at: p.last_at,
            agents: p.agents.map((a) => [a.agent, a.requests]),
          })),
          `${start}-${end}`,
        ).toEqual(
          [...byPath.entries()]
            .sort(([x, a], [y, b]) => b.requests - a.requests || x.localeCompare(y))
            .map(([path, p]) => ({
              path,
              requests: p.requests,
              statuses: p.statuses,
              first_at: new Date(p.first).toISOString(),
              last_at: new Date(p.last).toISOString(),
              agents: [...p.who.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
            })),
        );
      }
    });
  });

  it("reads out for judging every path a Disallow matches: the SQL filter agrees with the matcher", async () => {
    const patterns = [
      "/cart",
      "/*.php$",
      "/fish*.php",
      "/a?b",
      "/[x]",
      "/%7efoo",
      "/café",
      "/a b",
      "/it's",
      "/a$b",
      "*",
      "/$",
    ];
    const paths = [
      "/cart",
      "/cart/1",
      "/Cart",
      "/index.php",
      "/index.php?x=1",
      "/fishheads/catfish.php?p=1",
      "/a?b",
      "/aXb",
      "/[x]",
      "/x",
      "/%7Efoo",
      "/%7efoo/bar",
      "/~foo",
      "/café",
      "/caf%C3%A9",
      "/a%20b",
      "/it's",
      "/a$b",
      "/",
      "/anything",
    ];
    await inShard(env.ANALYTICS_SHARD, "site_apd_5", async (db) => {
      for (const pattern of patterns)
        for (const path of paths) {
          const row = await db
            .prepare(`SELECT ${UNFILTERED_PATH_SQL} AS unfiltered, path GLOB ?2 AS glob FROM (SELECT ?1 AS path)`)
            .bind(path, patternGlob(pattern))
            .first<{ unfiltered: number; glob: number }>();
          const matches = patternMatches(pattern, path);
          // Never a match left out; and exact wherever the filter applies.
          if (matches) expect(row?.unfiltered || row?.glob, `${pattern} ${path}`).toBe(1);
          if (!row?.unfiltered) expect(row?.glob === 1, `${pattern} ${path}`).toBe(matches);
        }
    });
  });

  it("is backfilled by the migration from the requests already stored, as the batches count them", async () => {
    const siteId = "site_apd_3";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await storeAgentRequests(db, rows);
      const counted = await tableRows(db);
      await db.prepare("DELETE FROM agent_path_days").run();
      // The shard's migration 0014, as the shard applies it on start.
      const backfill = (shardMigrations.migrations.m0014 ?? "")
        .split("--> statement-breakpoint")
        .map((s) => s.replace(/^--.*$/gm, "").trim())
        .find((s) => s.startsWith("INSERT INTO `agent_path_days`"));
      if (!backfill) throw new Error("the migration has no backfill");
      await db.prepare(backfill).run();
      expect(await tableRows(db)).toEqual(counted);
    });
  });
});
