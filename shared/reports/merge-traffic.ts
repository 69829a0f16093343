import { PURPOSES } from "../classify/agents";
import { OUTCOMES } from "../vocabulary/session-outcomes";
import type { PurposeSplit, TrafficOverview, TrafficSources, VerificationBreakdown } from "./report-schemas";
import { bySessionsDesc, byVisitsDesc, sharePct } from "./share";
import { TOP_PAGES } from "./traffic-overview";
import { sourcePopulations, TOP_HUMAN_ENTRY_PAGES } from "./traffic-sources";

// Several sites' traffic reports over one window, added up into the workspace's
// (docs/reports.md "A workspace's traffic"). Sessions belong to one site each, so every
// count adds exactly and every share is recomputed from the sums with the reports' own
// rule (share.ts). What does not add is left out rather than estimated: a median of
// medians is no median (a workspace has its sites' medians only), a site's referrers and
// signers are its top lists only (a host eleventh on every site would be missed). The top
// entry pages add exactly: each is one site's page, and the ten largest of all sites are
// among each site's own ten largest; so do people's entry pages. Unique visitors add per site: visitor hashes are daily and per site,
// so one person on two sites counts twice, as on two days.

type Overview = Omit<TrafficOverview, "previous" | "data_coverage">;
type Sources = Omit<TrafficSources, "previous" | "data_coverage">;

function sumBy<T>(rows: Iterable<T>, key: (row: T) => string, n: (row: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) out.set(key(row), (out.get(key(row)) ?? 0) + n(row));
  return out;
}

const total = (list: Array<{ total_sessions: number }>) => list.reduce((n, r) => n + r.total_sessions, 0);

/** Lines of several series over the same buckets (same window, interval and zone), summed by key. */
function mergeLines(
  lines: Array<{ key: string; sessions: number[] }>,
  buckets: number,
): Array<{ key: string; sessions: number[] }> {
  const out = new Map<string, number[]>();
  for (const line of lines) {
    const sum = out.get(line.key) ?? Array.from({ length: buckets }, () => 0);
    line.sessions.forEach((v, i) => {
      if (i < buckets) sum[i] += v;
    });
    out.set(line.key, sum);
  }
  return [...out]
    .map(([key, sessions]) => ({ key, sessions, n: sessions.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : 1))
    .map(({ key, sessions }) => ({ key, sessions }));
}

export interface MergedOverview
  extends Pick<
    Overview,
    "timezone" | "data_status" | "total_sessions" | "unique_visitors" | "by_platform" | "by_outcome"
  > {
  /** The one site's median; null for several sites (a median of medians is none). */
  median_duration_ms: number | null;
  /** At most TOP_PAGES entry pages over every site, each with its site. */
  top_pages: Array<{ domain: string; entry_url: string; sessions: number }>;
  by_platform_series: Overview["by_platform_series"];
}

export function mergeOverviews(reports: Overview[]): MergedOverview {
  const all = total(reports);
  const platforms = sumBy(
    reports.flatMap((r) => r.by_platform),
    (p) => p.platform,
    (p) => p.sessions,
  );
  const outcomes = sumBy(
    reports.flatMap((r) => r.by_outcome),
    (o) => o.outcome,
    (o) => o.sessions,
  );
  const axis = reports[0].by_platform_series;
  return {
    timezone: reports[0].timezone,
    data_status: reports.some((r) => r.data_status === "ok") ? "ok" : "no_events_yet",
    total_sessions: all,
    unique_visitors: reports.reduce((n, r) => n + r.unique_visitors, 0),
    median_duration_ms: reports.length === 1 ? reports[0].median_duration_ms : null,
    by_platform: [...platforms]
      .map(([platform, sessions]) => ({ platform, sessions, share_pct: sharePct(sessions, all) }))
      .sort(bySessionsDesc((x) => x.platform)),
    by_outcome: OUTCOMES.map((outcome) => ({ outcome, sessions: outcomes.get(outcome) ?? 0 })),
    top_pages: reports
      .flatMap((r) => r.top_pages.map((p) => ({ domain: r.domain, ...p })))
      .sort(bySessionsDesc((x) => `${x.domain}\u0000${x.entry_url}`))
      .slice(0, TOP_PAGES),
    by_platform_series: {
      interval: axis.interval,
      buckets: axis.buckets,
      platforms: mergeLines(
        reports.flatMap((r) => r.by_platform_series.platforms.map((p) => ({ key: p.platform, sessions: p.sessions }))),
        axis.buckets.length,
      ).map((l) => ({ platform: l.key, sessions: l.sessions })),
    },
  };
}

export function mergePurposes(reports: Array<Omit<PurposeSplit, "previous" | "data_coverage">>) {
  const all = total(reports);
  const counts = sumBy(
    reports.flatMap((r) => r.by_purpose),
    (p) => p.purpose,
    (p) => p.sessions,
  );
  return {
    total_sessions: all,
    by_purpose: PURPOSES.map((purpose) => ({
      purpose,
      sessions: counts.get(purpose) ?? 0,
      share_pct: sharePct(counts.get(purpose) ?? 0, all),
    })),
  };
}

export interface MergedSources
  extends Pick<
    Sources,
    | "ai_share_pct"
    | "ai_sessions"
    | "total_sessions"
    | "agent_sessions"
    | "human_visits"
    | "assistant_referred_visits"
    | "by_source"
  > {
  /** Every site's recording setting when they agree, else `mixed`. */
  coverage: string;
  /** At most TOP_HUMAN_ENTRY_PAGES entry pages of human visits over every site, each with its site. */
  top_human_entry_pages: Array<{ domain: string; url: string; visits: number }>;
}

export function mergeSources(reports: Sources[]): MergedSources {
  const all = total(reports);
  const sep = "\u0000";
  const sources = sumBy(
    reports.flatMap((r) => r.by_source),
    (s) => `${s.source}${sep}${s.sub_source ?? ""}`,
    (s) => s.sessions,
  );
  const add = (f: (r: Sources) => number) => reports.reduce((n, r) => n + f(r), 0);
  const coverages = new Set(reports.map((r) => r.coverage));
  return {
    coverage: coverages.size === 1 ? reports[0].coverage : "mixed",
    ...sourcePopulations({
      ai: add((r) => r.ai_sessions),
      agents: add((r) => r.agent_sessions),
      referred: add((r) => r.assistant_referred_visits),
      total: all,
    }),
    by_source: [...sources]
      .map(([key, sessions]) => {
        const [source, sub] = key.split(sep);
        return { source, sub_source: sub === "" ? null : sub, sessions, share_pct: sharePct(sessions, all) };
      })
      .sort(bySessionsDesc((x) => `${x.source}${sep}${x.sub_source ?? ""}`)),
    top_human_entry_pages: reports
      .flatMap((r) => r.top_human_entry_pages.map((p) => ({ domain: r.domain, ...p })))
      .sort(byVisitsDesc((x) => `${x.domain}${sep}${x.url}`))
      .slice(0, TOP_HUMAN_ENTRY_PAGES),
  };
}

export function mergeVerification(
  reports: Array<
    Pick<
      VerificationBreakdown,
      | "total_sessions"
      | "verified_sessions"
      | "declared_sessions"
      | "heuristic_sessions"
      | "failed_verification_sessions"
    >
  >,
) {
  const sum = (
    key: "verified_sessions" | "declared_sessions" | "heuristic_sessions" | "failed_verification_sessions",
  ) => reports.reduce((n, r) => n + r[key], 0);
  return {
    total_sessions: total(reports),
    verified_sessions: sum("verified_sessions"),
    declared_sessions: sum("declared_sessions"),
    heuristic_sessions: sum("heuristic_sessions"),
    failed_verification_sessions: sum("failed_verification_sessions"),
  };
}
