import { countText } from "@shared/display/count-text";
import {
  OUTCOME_NAMES,
  PERIOD_NAMES,
  PURPOSE_NAMES,
  platformName,
  sourceWithDetail,
  TIER_NAMES,
  VERIFICATION_NAMES,
} from "@shared/display/display-names";
import { METRICS } from "@shared/metrics/metric-catalogue";
import type { TrafficReportAnswer } from "@shared/reads/traffic-report";
import type { SiteTotals, WorkspaceTraffic } from "@shared/reads/workspace-traffic";
import type { MergedOverview, MergedSources } from "@shared/reports/merge-traffic";
import type { VerificationBreakdown } from "@shared/reports/report-schemas";
import type { ReportWindow } from "@shared/reports/report-window";
import { TRAFFIC_FILTER_NAMES, type TrafficFilterName } from "@shared/reports/traffic-filters";
import type { Child } from "hono/jsx";
import { Time } from "../layout/format-time";
import { BreakdownCard, type BreakdownRow } from "./breakdown";
import { previousTotals, SeriesChart } from "./chart";
import { type DashboardQuery, isFiltered, queryString, withFilter, withoutFilters } from "./dashboard-query";
import { FILTER_WORDS } from "./filter-words";
import { countChange, shareChange } from "./period-change";
import { PeriodPicker } from "./period-picker";
import { durationText } from "./report-window-form";
import { SignerTable } from "./signer-parts";
import { type Tile, Tiles } from "./tiles";
import type { TrafficTableName } from "./traffic-csv";

// The one-page dashboard of a site (docs/app.md "The dashboard at a glance"), drawn from
// the traffic report use case's answer (shared/reads/traffic-report.ts) and nothing else:
// the period picker and the active filters, headline numbers with their change against
// the previous period, one chart of AI-agent sessions by platform, and the breakdown
// cards (AI platforms, purposes, sources, top pages, outcomes, verification). Every
// breakdown row is a link to the same page filtered by it: the filter is in the URL and
// the use case applies it to every number. The signed-in page and the shared link show
// this same view; only their links differ (`DashboardLinks`).

export type TrafficAnswer = TrafficReportAnswer<"overview" | "purpose" | "sources" | "verification">;

type Numbers = Pick<MergedOverview, "total_sessions" | "unique_visitors" | "by_outcome" | "median_duration_ms">;

/**
 * What the dashboard shows: one site's traffic report answer (`siteAnswer`) or a
 * workspace's sites added up (`workspaceAnswer`, shared/reads/workspace-traffic.ts).
 * Nothing here is computed by the page: it only picks the answer's fields.
 */
export interface DashboardAnswer {
  window: ReportWindow;
  /** Whose numbers they are, for the empty state: a domain, or "this workspace's sites". */
  subject: string;
  overview: Omit<MergedOverview, "top_pages"> & {
    top_pages: Array<{ entry_url: string; sessions: number; domain?: string }>;
  };
  previousOverview?: Numbers & Pick<MergedOverview, "by_platform_series">;
  purpose: Pick<TrafficAnswer["purpose"], "by_purpose">;
  sources: Pick<
    MergedSources,
    | "coverage"
    | "ai_share_pct"
    | "ai_sessions"
    | "total_sessions"
    | "agent_sessions"
    | "human_visits"
    | "assistant_referred_visits"
    | "by_source"
  > & {
    top_referrer_hosts?: TrafficAnswer["sources"]["top_referrer_hosts"];
    /** People's entry pages (a workspace's carry their site). */
    top_human_entry_pages: Array<{ url: string; visits: number; domain?: string }>;
  };
  previousSources?: Pick<MergedSources, "ai_share_pct" | "total_sessions">;
  verification: Pick<
    VerificationBreakdown,
    "verified_sessions" | "declared_sessions" | "heuristic_sessions" | "failed_verification_sessions"
  >;
  /** Who signed (a site's answer only: signer lists do not add up across sites). */
  signers?: Pick<VerificationBreakdown, "signed_sessions" | "signers" | "by_signer">;
  /** A workspace's sites with their own totals, each linked to its dashboard, live view and sessions. */
  sites?: Array<SiteTotals & { href: string; liveHref: string; sessionsHref: string }>;
}

export function siteAnswer(r: TrafficAnswer): DashboardAnswer {
  return {
    window: r.window,
    subject: r.site.domain,
    overview: r.overview,
    previousOverview: r.overview.previous,
    purpose: r.purpose,
    sources: r.sources,
    previousSources: r.sources.previous,
    verification: r.verification,
    signers: r.verification,
  };
}

export function workspaceAnswer(
  w: WorkspaceTraffic,
  siteHref: (domain: string, page: "traffic" | "live" | "sessions") => string,
): DashboardAnswer {
  return {
    window: w.window,
    subject: "this workspace's sites",
    overview: w.overview,
    previousOverview: w.previous.overview,
    purpose: w.purpose,
    sources: w.sources,
    previousSources: w.previous.sources,
    verification: w.verification,
    sites: w.sites.map((s) => ({
      ...s,
      href: siteHref(s.site.domain, "traffic"),
      liveHref: siteHref(s.site.domain, "live"),
      sessionsHref: siteHref(s.site.domain, "sessions"),
    })),
  };
}

/** The reports the dashboard asks the use case for: tiles and chart against the previous period. */
export const DASHBOARD_REPORTS = {
  overview: { compare: "previous" },
  sources: { compare: "previous" },
  purpose: {},
  verification: {},
} as const;

export interface DashboardLinks {
  /** The dashboard's own address, without a query: every link is this plus a state. */
  base: string;
  /** A table's one CSV download; absent where downloads are not offered (a shared link). */
  csv?: (table: TrafficTableName) => Child;
  /** The site's setup page (snippet, coverage); absent on a shared link. */
  installHref?: string;
  /** The Sites card's CSV download (a workspace's dashboard). */
  sitesCsv?: Child;
}

const PURPOSE_TEXT: Record<string, string> = {
  user_action: "Acting for a person right now",
  search: "Gathering information for an answer",
  crawl: "Indexing or training, no person waiting",
  unknown: "The platform does not say",
};

/** The window shown, in the workspace's zone, and (signed in) the site's recording setting. */
function WindowLine(props: { r: DashboardAnswer; installHref?: string }) {
  const { window, sources } = props.r;
  return (
    <p class="hint dash-window" id="window">
      <Time at={window.start} /> to <Time at={window.end} /> (
      {window.period === "custom" ? "custom range" : PERIOD_NAMES[window.period]}).
      {props.installHref ? (
        <>
          {" "}
          Coverage: <strong>{sources.coverage === "all_traffic" ? "all traffic" : "AI and tagged traffic only"}</strong>{" "}
          (<a href={props.installHref}>change on the site's page</a>).
        </>
      ) : null}
    </p>
  );
}

/** The filters in force, each with its removal, and "Clear filters"; a refused value is said. */
function ActiveFilters(props: { query: DashboardQuery; base: string; ignored: TrafficFilterName[] }) {
  const { query, base } = props;
  const names = TRAFFIC_FILTER_NAMES.filter((name) => query.filters[name] !== undefined);
  return (
    <>
      {props.ignored.length > 0 ? (
        <p class="notice notice-info" role="status">
          Not applied: {props.ignored.map((name) => FILTER_WORDS[name].label).join(", ")} (not a value this report
          knows).
        </p>
      ) : null}
      {names.length > 0 ? (
        <ul class="active-filters" aria-label="Filters">
          {names.map((name) => {
            const words = FILTER_WORDS[name];
            const value = words.value(query.filters[name] as string, query.filters);
            return (
              <li class="filter-chip" data-filter={name}>
                <span>
                  {words.label} is <strong>{value}</strong>
                </span>
                <a href={`${base}${queryString(withoutFilters(query, name))}`}>
                  <span aria-hidden="true">×</span>
                  <span class="visually-hidden">
                    Remove the filter {words.label} is {value}
                  </span>
                </a>
              </li>
            );
          })}
          <li>
            <a href={`${base}${queryString(withoutFilters(query))}`}>Clear filters</a>
          </li>
        </ul>
      ) : null}
    </>
  );
}

/** Nothing started in the window, human or agent. */
function NoEventsYet(props: { domain: string; installHref?: string }) {
  return (
    <div class="empty" data-state="no_events_yet">
      <h2>No events yet</h2>
      {props.installHref ? (
        <p>
          No session, human or agent, started on {props.domain} in this window. If the snippet is not on the site yet,{" "}
          <a href={props.installHref}>install it</a> and load a page; if it is, try a longer period. Crawlers never run
          the snippet: their visits arrive through server-side events or a log drain.
        </p>
      ) : (
        <p>No session, human or agent, started on {props.domain} in this window. Try a longer period.</p>
      )}
    </div>
  );
}

/** The headline numbers; a number with nothing to measure says "No data", never 0. */
function DashboardTiles(props: { r: DashboardAnswer }) {
  const { overview, sources } = props.r;
  const before =
    props.r.previousOverview && props.r.previousSources
      ? { o: props.r.previousOverview, s: props.r.previousSources }
      : undefined;
  const bought = (o: { by_outcome: Array<{ outcome: string; sessions: number }> }) =>
    o.by_outcome.find((x) => x.outcome === "completed")?.sessions ?? 0;
  // A session of one request lasts 0 ms: no duration was measured, so a median of 0 is
  // none; a workspace of several sites has no median (its sites' medians do not add up).
  const measured = (o: { median_duration_ms: number | null }) => (o.median_duration_ms ?? 0) > 0;
  const several = overview.median_duration_ms === null;
  const tiles: Tile[] = [
    {
      metric: "total_sessions",
      value: overview.total_sessions,
      defined: "agent_sessions",
      change: before && countChange(overview.total_sessions, before.o.total_sessions),
    },
    {
      metric: "unique_visitors",
      value: overview.unique_visitors,
      defined: "agent_unique_visitors",
      change: before && countChange(overview.unique_visitors, before.o.unique_visitors),
    },
    {
      metric: "human_visits",
      value: sources.human_visits,
      defined: "human_visits",
      footnote:
        sources.coverage === "all_traffic"
          ? `${sources.assistant_referred_visits} of them from an AI assistant's link`
          : "Only tagged, paid and AI-referred visits are recorded",
    },
    {
      metric: "ai_share_pct",
      value: `${sources.ai_share_pct}%`,
      defined: "ai_share",
      noData: sources.total_sessions === 0,
      // The numerator named: people from an assistant's link count in the share, not in the agent sessions.
      footnote: `${sources.ai_sessions} of ${countText(sources.total_sessions, "session")}: ${sources.agent_sessions} AI-agent + ${countText(sources.assistant_referred_visits, "visit")} from an AI assistant's link`,
      change:
        before && sources.total_sessions > 0 && before.s.total_sessions > 0
          ? shareChange(sources.ai_share_pct, before.s.ai_share_pct)
          : undefined,
    },
    {
      metric: "purchases",
      value: bought(overview),
      label: "AI-agent sessions that bought",
      change: before && countChange(bought(overview), bought(before.o)),
    },
    {
      metric: "median_duration",
      value: durationText(overview.median_duration_ms ?? 0),
      defined: "agent_median_duration",
      noData: !measured(overview),
      footnote: several
        ? "Each site's is on its own dashboard: medians do not add up"
        : overview.total_sessions > 0 && !measured(overview)
          ? "Sessions of one request (crawls, fetches) have no duration"
          : undefined,
      change:
        before && measured(overview) && measured(before.o)
          ? countChange(overview.median_duration_ms ?? 0, before.o.median_duration_ms ?? 0, durationText)
          : undefined,
    },
  ];
  return <Tiles label="Key numbers" tiles={tiles} />;
}

function PlatformChart(props: { r: DashboardAnswer }) {
  const { overview } = props.r;
  const series = overview.by_platform_series;
  const previous = props.r.previousOverview?.by_platform_series;
  return (
    <section class="card chart-card" aria-labelledby="chart-title">
      <div class="card-head">
        <h2 id="chart-title">AI-agent sessions over time</h2>
      </div>
      <SeriesChart
        id="platform-series"
        title="AI-agent sessions by platform"
        series={{
          ...series,
          zone: overview.timezone,
          lines: series.platforms.map((p) => ({ label: platformName(p.platform), sessions: p.sessions })),
          previous: previous && {
            label: "Previous period (all platforms)",
            sessions: previousTotals(series.buckets.length, previous.platforms),
          },
        }}
      />
    </section>
  );
}

/** The breakdown cards, side by side on a wide screen and stacked on a phone. */
function Breakdowns(props: { r: DashboardAnswer; query: DashboardQuery; links: DashboardLinks }) {
  const { r, query, links } = props;
  const { overview, purpose, sources, verification } = r;
  const filterBy = (name: TrafficFilterName, value: string, also?: [TrafficFilterName, string | null]) => {
    let q = withFilter(query, name, value);
    if (also) q = also[1] === null ? withoutFilters(q, also[0]) : withFilter(q, also[0], also[1]);
    return { href: `${links.base}${queryString(q)}`, current: query.filters[name] === value };
  };
  const csv = (table: TrafficTableName) => links.csv?.(table);
  const agentShare = (n: number) =>
    overview.total_sessions === 0 ? 0 : Math.round((n / overview.total_sessions) * 1000) / 10;

  const platforms: BreakdownRow[] = overview.by_platform.map((p) => ({
    label: platformName(p.platform),
    sessions: p.sessions,
    share: p.share_pct,
    ...filterBy("agent_platform", p.platform),
    data: { platform: p.platform },
  }));
  const purposes: BreakdownRow[] = purpose.by_purpose.map((p) => ({
    label: PURPOSE_NAMES[p.purpose],
    hint: PURPOSE_TEXT[p.purpose],
    sessions: p.sessions,
    share: p.share_pct,
    ...filterBy("purpose", p.purpose),
    data: { purpose: p.purpose, sessions: p.sessions },
  }));
  const bySource: BreakdownRow[] = sources.by_source.map((s) => ({
    label: sourceWithDetail(s.source, s.sub_source),
    sessions: s.sessions,
    share: s.share_pct,
    // A row with a detail filters by both; one without by its source alone.
    ...filterBy("source", s.source, ["sub_source", s.sub_source]),
    current: query.filters.source === s.source && (query.filters.sub_source ?? null) === s.sub_source,
    data: { source: `${s.source}/${s.sub_source ?? ""}`, sessions: s.sessions },
  }));
  const pages: BreakdownRow[] = overview.top_pages.map((p) => ({
    label: p.domain ? `${p.domain} ${p.entry_url}` : p.entry_url,
    sessions: p.sessions,
    share: agentShare(p.sessions),
    ...filterBy("entry_page", p.entry_url),
    data: p.domain ? { page: p.entry_url, domain: p.domain } : ({ page: p.entry_url } as Record<string, string>),
  }));
  const humanPages: BreakdownRow[] = sources.top_human_entry_pages.map((p) => ({
    label: p.domain ? `${p.domain} ${p.url}` : p.url,
    sessions: p.visits,
    share: sources.human_visits === 0 ? 0 : Math.round((p.visits / sources.human_visits) * 1000) / 10,
    // The page filtered by its entry page, as a row of Top pages is (agents and people alike).
    ...filterBy("entry_page", p.url),
    data: p.domain
      ? { "human-page": p.url, domain: p.domain, visits: p.visits }
      : ({ "human-page": p.url, visits: p.visits } as Record<string, string | number>),
  }));
  const outcomes: BreakdownRow[] = overview.by_outcome.map((o) => ({
    label: OUTCOME_NAMES[o.outcome],
    sessions: o.sessions,
    share: agentShare(o.sessions),
    ...filterBy("outcome", o.outcome),
    data: { outcome: o.outcome, sessions: o.sessions },
  }));
  const tiers: BreakdownRow[] = (["verified", "declared", "heuristic"] as const).map((t) => ({
    label: TIER_NAMES[t],
    sessions: verification[`${t}_sessions`],
    share: agentShare(verification[`${t}_sessions`]),
    ...filterBy("tier", t),
    data: { tier: t },
  }));
  const noAgents = "No AI-agent session in this window.";
  return (
    <div class="breakdowns">
      {r.sites ? (
        <BreakdownCard
          id="sites"
          title="Sites"
          hint="AI-agent sessions per site; each opens that site's dashboard with this period and these filters."
          name="Site"
          rows={r.sites.map((s) => ({
            label: s.site.domain,
            sessions: s.agentSessions,
            share: agentShare(s.agentSessions),
            href: `${s.href}${queryString(query)}`,
            hint: (
              <>
                <a href={s.liveHref}>
                  Live<span class="visually-hidden"> of {s.site.domain}</span>
                </a>{" "}
                ·{" "}
                <a href={s.sessionsHref}>
                  Sessions<span class="visually-hidden"> of {s.site.domain}</span>
                </a>
              </>
            ),
            data: { domain: s.site.domain, sessions: s.agentSessions },
          }))}
          empty="No site yet."
          csv={links.sitesCsv}
        />
      ) : null}
      <BreakdownCard
        id="platforms"
        title="AI platforms"
        hint="AI-agent sessions by the platform that sent them."
        name="AI platform"
        metric="agent_sessions"
        rows={platforms}
        empty={noAgents}
        csv={csv("platforms")}
      />
      <BreakdownCard
        id="purposes"
        title="Purposes"
        hint="What the AI agents came for."
        name="Purpose"
        metric="agent_sessions"
        rows={purposes}
        empty={noAgents}
        csv={csv("purposes")}
      />
      <BreakdownCard
        id="sources"
        title="Sources"
        hint="Every recorded session, people included, by how it arrived: AI assistants' own visits, people following an AI assistant's link, search, other sites."
        name="Source"
        metric="source_sessions"
        rows={bySource}
        empty="No session in this window."
        csv={csv("sources")}
      />
      {sources.top_referrer_hosts ? (
        <BreakdownCard
          id="referrers"
          title="Referrers"
          hint="The sites sessions came from, AI assistants' own sites among them."
          name="Referring site"
          metric="referrer_host_sessions"
          rows={sources.top_referrer_hosts.map((h) => ({
            label: h.host,
            sessions: h.sessions,
            share: sources.total_sessions === 0 ? 0 : Math.round((h.sessions / sources.total_sessions) * 1000) / 10,
            ...filterBy("referrer_host", h.host),
            data: { host: h.host },
          }))}
          empty="No session came from another site in this window."
          csv={csv("referrer_hosts")}
        />
      ) : null}
      <BreakdownCard
        id="pages"
        title="Top pages"
        hint="The pages AI-agent sessions entered on."
        name="Entry page"
        metric="agent_entry_sessions"
        rows={pages}
        empty={noAgents}
        csv={csv("top_pages")}
      />
      <BreakdownCard
        id="human-pages"
        title="Top pages of human visits"
        hint="The pages people's visits entered on, AI assistants' referrals among them."
        name="Entry page"
        metric="human_entry_visits"
        count="Visits"
        rows={humanPages}
        empty={
          sources.coverage === "all_traffic"
            ? "No human visit in this window."
            : "No human visit recorded in this window: only tagged, paid and AI-referred visits are."
        }
        csv={csv("human_pages")}
      />
      <BreakdownCard
        id="outcomes"
        title="Outcomes"
        hint="How AI-agent sessions ended (so far, for open ones)."
        name="Outcome"
        metric="agent_sessions"
        rows={outcomes}
        empty={noAgents}
        csv={csv("outcomes")}
      />
      <BreakdownCard
        id="verification"
        title="Verification"
        hint="Whether each AI agent's identity was confirmed."
        name="Tier"
        metric="agent_sessions"
        rows={tiers}
        empty={noAgents}
        csv={csv("tiers")}
      >
        <p class="visually-hidden">
          <span data-metric="verified_sessions">{verification.verified_sessions}</span> verified,{" "}
          <span data-metric="declared_sessions">{verification.declared_sessions}</span> declared,{" "}
          <span data-metric="heuristic_sessions">{verification.heuristic_sessions}</span> inferred.
        </p>
        <p class="hint">
          Of the declared,{" "}
          <span data-metric="failed_verification_sessions">{verification.failed_verification_sessions}</span>{" "}
          {VERIFICATION_NAMES.failed.toLowerCase()}: their operator publishes a way to check them and they failed it.
        </p>
        <details>
          <summary>What the tiers mean</summary>
          <dl>
            {/* The catalogue's definitions (docs/metrics.md), under the tiers' display names. */}
            <dt>{TIER_NAMES.verified}</dt>
            <dd>{METRICS.verified_sessions.definition}</dd>
            <dt>{TIER_NAMES.declared}</dt>
            <dd>{METRICS.declared_sessions.definition}</dd>
            <dt>{VERIFICATION_NAMES.failed}</dt>
            <dd>
              {METRICS.failed_verification_sessions.definition} A declared agent whose operator publishes no check reads
              "{VERIFICATION_NAMES.unavailable.toLowerCase()}" on its journey.
            </dd>
            <dt>{TIER_NAMES.heuristic}</dt>
            <dd>{METRICS.heuristic_sessions.definition}</dd>
          </dl>
        </details>
        {r.signers ? (
          <details>
            <summary>Who signed</summary>
            <SignerTable v={r.signers} />
          </details>
        ) : null}
      </BreakdownCard>
    </div>
  );
}

/** The whole dashboard below the page's title (and, signed in, the site navigation). */
export function SiteDashboard(props: {
  r: DashboardAnswer;
  query: DashboardQuery;
  ignored: TrafficFilterName[];
  links: DashboardLinks;
  nowMs: number;
  zone: string;
  problem: string | null;
  /** Orders by channel over the same window (order-channels.tsx), where the viewer may see them. */
  orders?: Child;
}) {
  const { r, query, links } = props;
  const empty = r.overview.data_status === "no_events_yet" && !isFiltered(query);
  return (
    <>
      <div class="dash-toolbar">
        <PeriodPicker base={links.base} query={query} nowMs={props.nowMs} zone={props.zone} problem={props.problem} />
      </div>
      <ActiveFilters query={query} base={links.base} ignored={props.ignored} />
      <WindowLine r={r} installHref={links.installHref} />
      {empty ? (
        <NoEventsYet domain={r.subject} installHref={links.installHref} />
      ) : (
        <>
          <DashboardTiles r={r} />
          <PlatformChart r={r} />
          <Breakdowns r={r} query={query} links={links} />
        </>
      )}
      {props.orders && isFiltered(query) ? (
        <p class="hint" data-orders-unfiltered>
          Orders by channel below count every order of this period by the channel it came through: the filters above
          choose sessions, not orders.
        </p>
      ) : null}
      {props.orders}
    </>
  );
}
