import { PERIOD_NAMES, platformName, sourceName } from "@shared/display/display-names";
import { REPORT_PERIODS } from "@shared/reports/report-window";
import { siteCoverage } from "@shared/reports/site-coverage";
import { siteShard } from "@shared/shards/site-shard";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE, UPLOT_SCRIPT, UPLOT_STYLE } from "./assets";
import { previousTotals, SeriesChart } from "./chart";
import { CsvLink } from "./csv-download";
import { countChange, shareChange } from "./period-change";
import { durationText, pageWindow } from "./report-window-form";
import { SignerTable } from "./signer-parts";
import { siteOfPage, sitePaths } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";
import { Tiles } from "./tiles";
import { TRAFFIC_CSV, type TrafficTableName } from "./traffic-csv";
import { PurposeBars, SourceTables, TierTable } from "./traffic-parts";

const sentenceCase = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The period picker: the contract's periods and a custom range of whole days in the workspace's zone. */
export function PeriodForm(props: {
  action: string;
  period?: string;
  from?: string;
  to?: string;
  problem?: string | null;
  /** The workspace's zone (docs/app.md "Time zone"); UTC when absent. */
  zone?: string;
}) {
  const zone = props.zone ?? "UTC";
  return (
    <form method="get" action={props.action} class="period">
      {props.problem ? (
        <p class="notice notice-error period-problem" role="alert" id="period-problem">
          {props.problem}
        </p>
      ) : null}
      <div class="field">
        <label for="period">Period</label>
        <select id="period" name="period">
          {REPORT_PERIODS.map((p) => (
            // A refused range shows the default period, so the select says which.
            <option value={p} selected={(props.period ?? "7d") === p && (!props.from || Boolean(props.problem))}>
              {sentenceCase(PERIOD_NAMES[p])}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="from">From ({zone} day)</label>
        <input
          id="from"
          name="from"
          type="date"
          value={props.from ?? ""}
          aria-invalid={props.problem ? "true" : undefined}
          aria-describedby={props.problem ? "period-problem" : undefined}
        />
      </div>
      <div class="field">
        <label for="to">To ({zone} day)</label>
        <input id="to" name="to" type="date" value={props.to ?? ""} />
      </div>
      <button type="submit">Show</button>
    </form>
  );
}

// Traffic of one site: the four v1 traffic reports, read through the same shared
// functions with the same window rules, so every number equals the API's. Sign-in and
// workspace come from the `/app/sites/*` middleware of sites.tsx (registered first).
export function registerTraffic(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/traffic", async (c) => {
    const site = await siteOfPage(c);
    const q = c.req.query();
    const nowMs = Date.now();
    // Days in the workspace's zone, as the API's `timezone` parameter makes them (docs/app.md "Time zone").
    const timeZone = c.get("workspace").timeZone;
    const { window, problem } = pageWindow(q, nowMs, timeZone);
    const params = { site, window, nowMs, timeZone };
    // Tiles and charts show the change against the previous equal period (issue 29).
    const compared = { ...params, compare: "previous" as const };
    // One call per report to the site's analytics shard, as the v1 routes make them.
    const shard = siteShard(c.env, site.id);
    const [overview, purpose, sources, tiers, coverage] = await Promise.all([
      shard.overview(compared),
      shard.purposeSplit(params),
      shard.sources(compared),
      shard.verification(params),
      siteCoverage(c.env, c.get("workspace").id, site),
    ]);
    const before =
      overview.previous && sources.previous ? { overview: overview.previous, sources: sources.previous } : undefined;
    const paths = sitePaths(c, site.domain);
    // The download links keep the page's window (the same query string).
    const query = new URL(c.req.url).search;
    const csv = (table: TrafficTableName) => (
      <CsvLink
        c={c}
        page={TRAFFIC_CSV}
        at={`/sites/${encodeURIComponent(site.domain)}/traffic`}
        table={table}
        query={query}
      />
    );
    const empty = overview.data_status === "no_events_yet";
    return renderPage(c, {
      title: `Traffic of ${site.domain}`,
      // A refused range is the form with the sentence inline, answered 400.
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <link rel="stylesheet" href={UPLOT_STYLE} />
          <SiteNav c={c} domain={site.domain} current="traffic" />
          <DataCoverageBanner coverage={coverage} drainsHref={siteHref(c, site.domain, "drains")} />
          <PeriodForm
            action={paths.traffic}
            period={q.period}
            from={q.from}
            to={q.to}
            problem={problem}
            zone={timeZone}
          />
          <p class="hint" id="window">
            <Time at={window.start} /> to <Time at={window.end} /> (
            {window.period === "custom" ? "custom range" : PERIOD_NAMES[window.period]}). Coverage:{" "}
            <strong>{sources.coverage === "all_traffic" ? "all traffic" : "AI and tagged traffic only"}</strong>
            {sources.coverage_changed_at ? <> since {sources.coverage_changed_at.slice(0, 10)}</> : null} (
            <a href={paths.install}>change on the site's page</a>).
          </p>
          {empty ? (
            <div class="empty" data-state="no_events_yet">
              <h2>No events yet</h2>
              <p>
                No session, human or agent, started on {site.domain} in this window. If the snippet is not on the site
                yet, <a href={paths.install}>install it</a> and load a page; if it is, try a longer period. Crawlers
                never run the snippet: their visits arrive through server-side events (<code>POST /api/v1/events</code>
                ).
              </p>
            </div>
          ) : (
            <>
              <Tiles
                label="Key numbers"
                tiles={[
                  {
                    metric: "total_sessions",
                    value: overview.total_sessions,
                    label: "AI-agent sessions",
                    change: before && countChange(overview.total_sessions, before.overview.total_sessions),
                  },
                  {
                    metric: "unique_visitors",
                    value: overview.unique_visitors,
                    label: "Unique visitors (summed per day)",
                    change: before && countChange(overview.unique_visitors, before.overview.unique_visitors),
                  },
                  {
                    metric: "ai_share_pct",
                    value: `${sources.ai_share_pct}%`,
                    label: `AI share of all traffic (${sources.ai_sessions} of ${sources.total_sessions})`,
                    change: before && shareChange(sources.ai_share_pct, before.sources.ai_share_pct),
                  },
                  {
                    metric: "median_duration",
                    value: durationText(overview.median_duration_ms),
                    label: "Median session duration",
                    change:
                      before &&
                      countChange(overview.median_duration_ms, before.overview.median_duration_ms, durationText),
                  },
                ]}
              />
              {overview.total_sessions === 0 ? (
                <p class="empty">
                  Visits were recorded, but none from an AI agent. Agents that do not run JavaScript are counted only
                  through server-side events.
                </p>
              ) : null}
              <h2>Sessions over time by platform</h2>
              <SeriesChart
                id="platform-series"
                title="AI-agent sessions by platform"
                series={{
                  ...overview.by_platform_series,
                  zone: overview.timezone,
                  lines: overview.by_platform_series.platforms.map((p) => ({
                    label: platformName(p.platform),
                    sessions: p.sessions,
                  })),
                  previous: before && {
                    label: "previous period (all platforms)",
                    sessions: previousTotals(
                      overview.by_platform_series.buckets.length,
                      before.overview.by_platform_series.platforms,
                    ),
                  },
                }}
              />
              {csv("platforms")}
              {csv("outcomes")}
              <h2>Purpose</h2>
              <PurposeBars split={purpose} />
              {csv("purposes")}
              <h2>Verification tiers</h2>
              <TierTable v={tiers} />
              {csv("tiers")}
              <h3>Who signed</h3>
              <SignerTable v={tiers} />
              <h2>Sources</h2>
              <p>All recorded sessions, humans included, by how they arrived.</p>
              <SeriesChart
                id="source-series"
                title="Sessions by source"
                series={{
                  ...sources.by_source_series,
                  zone: sources.timezone,
                  lines: sources.by_source_series.sources.map((s) => ({
                    label: sourceName(s.source),
                    sessions: s.sessions,
                  })),
                  previous: before && {
                    label: "previous period (all sources)",
                    sessions: previousTotals(
                      sources.by_source_series.buckets.length,
                      before.sources.by_source_series.sources,
                    ),
                  },
                }}
              />
              <SourceTables s={sources} />
              {csv("sources")}
              {csv("referrer_hosts")}
              <h2>Top pages</h2>
              {overview.top_pages.length === 0 ? (
                <p class="hint">No AI-agent entry pages in this window.</p>
              ) : (
                <DataTable
                  caption={{ text: "Entry pages of AI-agent sessions", visible: false }}
                  columns={["Entry page", "Sessions"]}
                >
                  {overview.top_pages.map((p) => (
                    <tr data-page={p.entry_url}>
                      <td data-label="Entry page">
                        <code>{p.entry_url}</code>
                      </td>
                      <td data-label="Sessions">{p.sessions}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
              {csv("top_pages")}
            </>
          )}
          <script src={UPLOT_SCRIPT} defer />
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });
}
