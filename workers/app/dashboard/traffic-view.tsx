import { PERIOD_NAMES, platformName, sourceName } from "@shared/display/display-names";
import type { TrafficReportAnswer } from "@shared/reads/traffic-report";
import type { Child } from "hono/jsx";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { previousTotals, SeriesChart } from "./chart";
import { countChange, shareChange } from "./period-change";
import { durationText } from "./report-window-form";
import { SignerTable } from "./signer-parts";
import { Tiles } from "./tiles";
import type { TrafficTableName } from "./traffic-csv";
import { PurposeBars, SourceTables, TierTable } from "./traffic-parts";

// The traffic page's parts, drawn from the traffic report use case's answer
// (shared/reads/traffic-report.ts): the page adds nothing to the numbers.

export type TrafficAnswer = TrafficReportAnswer<"overview" | "purpose" | "sources" | "verification">;
type CsvLinkOf = (table: TrafficTableName) => Child;

/** The window shown and the site's recording setting. */
export function TrafficWindow(props: { r: TrafficAnswer; installHref: string }) {
  const { window, sources } = props.r;
  return (
    <p class="hint" id="window">
      <Time at={window.start} /> to <Time at={window.end} /> (
      {window.period === "custom" ? "custom range" : PERIOD_NAMES[window.period]}). Coverage:{" "}
      <strong>{sources.coverage === "all_traffic" ? "all traffic" : "AI and tagged traffic only"}</strong>
      {sources.coverage_changed_at ? <> since {sources.coverage_changed_at.slice(0, 10)}</> : null} (
      <a href={props.installHref}>change on the site's page</a>).
    </p>
  );
}

/** Nothing started in the window, human or agent. */
export function NoEventsYet(props: { domain: string; installHref: string }) {
  return (
    <div class="empty" data-state="no_events_yet">
      <h2>No events yet</h2>
      <p>
        No session, human or agent, started on {props.domain} in this window. If the snippet is not on the site yet,{" "}
        <a href={props.installHref}>install it</a> and load a page; if it is, try a longer period. Crawlers never run
        the snippet: their visits arrive through server-side events (<code>POST /api/v1/events</code>).
      </p>
    </div>
  );
}

function TrafficTiles(props: { r: TrafficAnswer }) {
  const { overview, sources } = props.r;
  const before = overview.previous && sources.previous ? { o: overview.previous, s: sources.previous } : undefined;
  return (
    <Tiles
      label="Key numbers"
      tiles={[
        {
          metric: "total_sessions",
          value: overview.total_sessions,
          label: "AI-agent sessions",
          change: before && countChange(overview.total_sessions, before.o.total_sessions),
        },
        {
          metric: "unique_visitors",
          value: overview.unique_visitors,
          label: "Unique visitors (summed per day)",
          change: before && countChange(overview.unique_visitors, before.o.unique_visitors),
        },
        {
          metric: "ai_share_pct",
          value: `${sources.ai_share_pct}%`,
          label: `AI share of all traffic (${sources.ai_sessions} of ${sources.total_sessions})`,
          change: before && shareChange(sources.ai_share_pct, before.s.ai_share_pct),
        },
        {
          metric: "median_duration",
          value: durationText(overview.median_duration_ms),
          label: "Median session duration",
          change: before && countChange(overview.median_duration_ms, before.o.median_duration_ms, durationText),
        },
      ]}
    />
  );
}

function PlatformSeries(props: { r: TrafficAnswer }) {
  const { overview } = props.r;
  const series = overview.by_platform_series;
  const previous = overview.previous?.by_platform_series;
  return (
    <SeriesChart
      id="platform-series"
      title="AI-agent sessions by platform"
      series={{
        ...series,
        zone: overview.timezone,
        lines: series.platforms.map((p) => ({ label: platformName(p.platform), sessions: p.sessions })),
        previous: previous && {
          label: "previous period (all platforms)",
          sessions: previousTotals(series.buckets.length, previous.platforms),
        },
      }}
    />
  );
}

function SourceSeries(props: { r: TrafficAnswer }) {
  const { sources } = props.r;
  const series = sources.by_source_series;
  const previous = sources.previous?.by_source_series;
  return (
    <SeriesChart
      id="source-series"
      title="Sessions by source"
      series={{
        ...series,
        zone: sources.timezone,
        lines: series.sources.map((s) => ({ label: sourceName(s.source), sessions: s.sessions })),
        previous: previous && {
          label: "previous period (all sources)",
          sessions: previousTotals(series.buckets.length, previous.sources),
        },
      }}
    />
  );
}

function TopPages(props: { r: TrafficAnswer }) {
  const pages = props.r.overview.top_pages;
  if (pages.length === 0) return <p class="hint">No AI-agent entry pages in this window.</p>;
  return (
    <DataTable
      caption={{ text: "Entry pages of AI-agent sessions", visible: false }}
      columns={["Entry page", "Sessions"]}
    >
      {pages.map((p) => (
        <tr data-page={p.entry_url}>
          <td data-label="Entry page">
            <code>{p.entry_url}</code>
          </td>
          <td data-label="Sessions">{p.sessions}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The report itself: tiles, charts and tables, each with its CSV download. */
export function TrafficSections(props: { r: TrafficAnswer; csv: CsvLinkOf }) {
  const { r, csv } = props;
  return (
    <>
      <TrafficTiles r={r} />
      {r.overview.total_sessions === 0 ? (
        <p class="empty">
          Visits were recorded, but none from an AI agent. Agents that do not run JavaScript are counted only through
          server-side events.
        </p>
      ) : null}
      <h2>Sessions over time by platform</h2>
      <PlatformSeries r={r} />
      {csv("platforms")}
      {csv("outcomes")}
      <h2>Purpose</h2>
      <PurposeBars split={r.purpose} />
      {csv("purposes")}
      <h2>Verification tiers</h2>
      <TierTable v={r.verification} />
      {csv("tiers")}
      <h3>Who signed</h3>
      <SignerTable v={r.verification} />
      <h2>Sources</h2>
      <p>All recorded sessions, humans included, by how they arrived.</p>
      <SourceSeries r={r} />
      <SourceTables s={r.sources} />
      {csv("sources")}
      {csv("referrer_hosts")}
      <h2>Top pages</h2>
      <TopPages r={r} />
      {csv("top_pages")}
    </>
  );
}
