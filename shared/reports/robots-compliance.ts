import { decidingRule, patternGlob, UNFILTERED_PATH_SQL } from "../robots/is-allowed";
import { parseRobots, type RobotsTxt } from "../robots/parse-robots";
import { ROBOTS_CACHE_GRACE_MS, type RobotsVersion } from "../robots/robots-history";
import { judgeRobots } from "../robots/robots-verdict";
import { DAY_MS } from "../time/durations";
import type { RobotsCompliance } from "./agent-report-schemas";
import { agentRequestDayPlan, inRanges } from "./agent-request-plan";

// robots.txt compliance (docs/reports.md): each AI agent's logged request judged by the
// robots.txt the site served when the request was made, with the scanner's RFC 9309
// matcher (shared/robots/is-allowed.ts), never by today's file.

/** Violations listed per agent at most (counts cover them all). */
export const VIOLATIONS_PER_AGENT = 50;

export interface RobotsComplianceInput {
  start: number;
  end: number;
  /** The versions in force over the window, oldest first (shared/robots/robots-history.ts `robotsVersionsFor`). */
  versions: RobotsVersion[];
}

/** The report without its header and coverage (the use case adds them). */
export type RobotsComplianceBody = Pick<
  RobotsCompliance,
  "robots_history" | "totals" | "agents" | "never_fetch_robots"
> & { any_requests: boolean };

/** A span of time with one judgment rule: the version in force, and in its first 24 h the one before. */
export interface Segment {
  at: number;
  version: number;
  /** The previous version a crawler may still have cached (RFC 9309 §2.4), or -1. */
  cached: number;
}

/**
 * The segments the versions cut time into, oldest first. A version is in force from its
 * first sighting until the next one's; for 24 h after a change a crawler may still act on
 * its cached copy (RFC 9309 §2.4), so a request then is a violation only when both forbid it.
 */
export function segmentsOf(versions: readonly Pick<RobotsVersion, "firstSeenAt">[]): Segment[] {
  const out: Segment[] = [];
  versions.forEach((v, i) => {
    out.push({ at: v.firstSeenAt, version: i, cached: i > 0 ? i - 1 : -1 });
    const graceEnd = v.firstSeenAt + ROBOTS_CACHE_GRACE_MS;
    const next = versions[i + 1];
    if (i > 0 && (next === undefined || graceEnd < next.firstSeenAt))
      out.push({ at: graceEnd, version: i, cached: -1 });
  });
  return out;
}

/** A window's requests of one agent, platform and judgement segment. */
interface CountRow {
  agent: string | null;
  platform: string;
  seg: number;
  n: number;
}

/** Those of one path too, with the first and the last: the paths that may be violations. */
interface GroupRow extends CountRow {
  path: string;
  first_at: number;
  last_at: number;
}

const NO_RULES: RobotsTxt = { groups: [], sitemaps: [], other: [] };
const iso = (t: number) => new Date(t).toISOString();

/** Disallow patterns past which the SQL filter is dropped (every path is judged in JS). */
const MAX_FILTER_PATTERNS = 200;

/**
 * SQL true for a path some Disallow of `files` may forbid: a superset of the violations
 * (a request is one only if a Disallow of the file in force matches it), so the paths
 * read out for judging are these, not every path of the window. The matcher in JS
 * still decides each one.
 */
function mayBeDisallowedSql(files: RobotsTxt[]): string {
  const patterns = new Set(
    files.flatMap((f) => f.groups.flatMap((g) => g.rules.filter((r) => !r.allow).map((r) => r.pattern))),
  );
  if (patterns.size === 0) return "0";
  if (patterns.size > MAX_FILTER_PATTERNS) return "1";
  // A literal: patterns come from sites' files, so a quote is doubled (percentNormal has already encoded controls).
  const globs = [...patterns].map((p) => `path GLOB '${patternGlob(p).replaceAll("'", "''")}'`);
  return `(${UNFILTERED_PATH_SQL} OR ${globs.join(" OR ")})`;
}

export async function robotsCompliance(db: D1Database, input: RobotsComplianceInput): Promise<RobotsComplianceBody> {
  const { start, end, versions } = input;
  const segments = segmentsOf(versions);
  const parsed = versions.map((v) => (v.kind === "rules" ? parseRobots(v.body) : NO_RULES));
  // Segment of a time: the last segment starting at or before it; -1 before the first version.
  const segOf = (column: string) =>
    segments.length === 0
      ? "-1"
      : `CASE ${segments
          .map((_, k) => k)
          .reverse()
          .map((k) => `WHEN ${column} >= ?${k + 1} THEN ${k}`)
          .join(" ")} ELSE -1 END`;
  const ats = segments.map((s) => s.at);
  // Whole days from the daily counts (a segment boundary inside a day sends that day to
  // the rows, so each whole day lies in one segment), the rest from the requests. The
  // days are read as one range of the key, the cut days left out, so the counts per
  // (day, agent, platform) come in key order with no sort.
  const plan = agentRequestDayPlan(start, end, ats);
  const span = plan.days.length === 0 ? null : [plan.days[0][0], plan.days[plan.days.length - 1][1]];
  const cutDays = plan.days.slice(1).flatMap(([from], i) => {
    const out: number[] = [];
    for (let d = plan.days[i][1]; d < from; d += DAY_MS) out.push(d);
    return out;
  });
  const days = span
    ? `day >= ${span[0]} AND day < ${span[1]}${cutDays.length ? ` AND day NOT IN (${cutDays.join(", ")})` : ""}`
    : "0";
  const live = inRanges("occurred_at", plan.live);
  const candidate = mayBeDisallowedSql(parsed);
  const read = <T>(sql: string) =>
    db
      .prepare(sql)
      .bind(...ats)
      .all<T>();
  const [dayCounts, liveCounts, dayPaths, livePaths, fetchesInWindow, lastFetches, robotsDays, robotsLive] =
    await Promise.all([
      read<CountRow>(
        `SELECT nullif(agent, '') AS agent, platform, ${segOf("day")} AS seg, sum(requests) AS n
       FROM agent_path_days WHERE ${days} AND path <> '/robots.txt' GROUP BY day, agent, platform`,
      ),
      read<CountRow>(
        `SELECT agent, platform, ${segOf("occurred_at")} AS seg, count(*) AS n
       FROM agent_requests WHERE (${live}) AND path <> '/robots.txt' GROUP BY 1, 2, 3`,
      ),
      read<GroupRow>(
        `SELECT nullif(agent, '') AS agent, platform, path, ${segOf("day")} AS seg, sum(requests) AS n,
              min(first_at) AS first_at, max(last_at) AS last_at
       FROM agent_path_days WHERE ${days} AND path <> '/robots.txt' AND agent <> '' AND ${candidate}
       GROUP BY agent, platform, path, seg`,
      ),
      read<GroupRow>(
        `SELECT agent, platform, path, ${segOf("occurred_at")} AS seg, count(*) AS n,
              min(occurred_at) AS first_at, max(occurred_at) AS last_at
       FROM agent_requests WHERE (${live}) AND path <> '/robots.txt' AND agent IS NOT NULL AND ${candidate}
       GROUP BY 1, 2, 3, 4`,
      ),
      db
        .prepare(
          `SELECT agent, count(*) AS n FROM agent_requests
         WHERE path = '/robots.txt' AND agent IS NOT NULL AND occurred_at >= ?1 AND occurred_at < ?2 GROUP BY agent`,
        )
        .bind(start, end)
        .all<{ agent: string; n: number }>(),
      db
        .prepare(
          `SELECT agent, max(occurred_at) AS at FROM agent_requests
         WHERE path = '/robots.txt' AND agent IS NOT NULL GROUP BY agent`,
        )
        .all<{ agent: string; at: number }>(),
      // Every robots.txt fetch of the window, named agent or not, by the same plan as the
      // counts: with them the report's total is `agent_requests` (docs/metrics.md).
      // (No segment in these two, so nothing to bind: the ranges are written in.)
      db
        .prepare(`SELECT sum(requests) AS n FROM agent_path_days WHERE ${days} AND path = '/robots.txt'`)
        .all<{ n: number | null }>(),
      db
        .prepare(`SELECT count(*) AS n FROM agent_requests WHERE (${live}) AND path = '/robots.txt'`)
        .all<{ n: number | null }>(),
    ]);
  const robotsFetches = (robotsDays.results[0]?.n ?? 0) + (robotsLive.results[0]?.n ?? 0);
  const windowFetches = new Map(fetchesInWindow.results.map((r) => [r.agent, r.n]));
  const lastFetch = new Map(lastFetches.results.map((r) => [r.agent, r.at]));

  type Agent = RobotsComplianceBody["agents"][number];
  type Violation = Agent["violations"][number];
  const agents = new Map<string, Agent & { byKey: Map<string, Violation> }>();
  const totals = { requests: 0, judged: 0, disallowed: 0, unjudged: 0 };
  const notJudged = { before_first_robots: 0, agent_unnamed: 0 };
  // Counts first: every request of the window, by agent, platform and segment.
  for (const g of [...dayCounts.results, ...liveCounts.results]) {
    totals.requests += g.n;
    if (g.agent === null || g.seg < 0) {
      totals.unjudged += g.n;
      // An unnamed agent cannot be judged whatever the history; a named one before it starts.
      if (g.agent === null) notJudged.agent_unnamed += g.n;
      else notJudged.before_first_robots += g.n;
      if (g.agent === null) continue;
    }
    let a = agents.get(g.agent);
    if (!a) {
      a = {
        agent: g.agent,
        platform: g.platform,
        requests: 0,
        judged: 0,
        disallowed: 0,
        robots_fetches: windowFetches.get(g.agent) ?? 0,
        last_robots_fetch_at: lastFetch.has(g.agent) ? iso(lastFetch.get(g.agent) as number) : null,
        violations: [],
        byKey: new Map(),
      };
      agents.set(g.agent, a);
    }
    // An agent seen under two platforms is shown under the first by name, whichever rows came first.
    if (g.platform < a.platform) a.platform = g.platform;
    a.requests += g.n;
    if (g.seg < 0) continue;
    a.judged += g.n;
    totals.judged += g.n;
  }
  // Then the paths a Disallow may forbid, each judged by the file in force.
  for (const g of [...dayPaths.results, ...livePaths.results]) {
    const a = g.agent === null ? undefined : agents.get(g.agent);
    if (!a || g.agent === null || g.seg < 0) continue;
    const seg = segments[g.seg];
    // The verdict with its rule, line and group (robots-verdict.ts, the scan's vocabulary).
    const verdict = judgeRobots({ kind: "rules", robots: parsed[seg.version] }, g.agent, g.path);
    if (verdict.allowed || verdict.rule === null || verdict.line === null) continue;
    if (seg.cached >= 0 && (decidingRule(parsed[seg.cached], g.agent, g.path)?.allow ?? true)) continue;
    a.disallowed += g.n;
    totals.disallowed += g.n;
    const version = versions[seg.version];
    const key = `${g.path}\n${version.id}\n${verdict.line}`;
    const seen = a.byKey.get(key);
    if (seen) {
      seen.requests += g.n;
      if (iso(g.first_at) < seen.first_at) seen.first_at = iso(g.first_at);
      if (iso(g.last_at) > seen.last_at) seen.last_at = iso(g.last_at);
    } else
      a.byKey.set(key, {
        path: g.path,
        requests: g.n,
        first_at: iso(g.first_at),
        last_at: iso(g.last_at),
        directive: verdict.rule,
        line: verdict.line,
        reason: verdict.reason,
        group: verdict.group,
        robots_version_id: version.id,
        robots_version_first_seen_at: iso(version.firstSeenAt),
      });
  }
  const list = [...agents.values()]
    .map(({ byKey, ...a }) => ({
      ...a,
      violations: [...byKey.values()]
        .sort((x, y) => y.requests - x.requests || x.path.localeCompare(y.path))
        .slice(0, VIOLATIONS_PER_AGENT),
    }))
    .sort((x, y) => y.disallowed - x.disallowed || y.requests - x.requests || x.agent.localeCompare(y.agent));
  return {
    any_requests: totals.requests > 0 || robotsFetches > 0,
    robots_history: {
      versions: versions.map((v) => ({
        id: v.id,
        kind: v.kind,
        first_seen_at: iso(v.firstSeenAt),
        last_seen_at: iso(v.lastSeenAt),
      })),
      known_from: versions.length > 0 ? iso(versions[0].firstSeenAt) : null,
    },
    totals: {
      agent_requests: totals.requests + robotsFetches,
      robots_fetches: robotsFetches,
      ...totals,
      not_judged: totals.unjudged,
      not_judged_reasons: notJudged,
    },
    agents: list,
    never_fetch_robots: list
      .filter((a) => a.last_robots_fetch_at === null)
      .map((a) => ({ agent: a.agent, platform: a.platform, requests: a.requests })),
  };
}
