import type { AgentReportQuery } from "@shared/reads/agent-reports";
import type { Coverage } from "@shared/reports/agent-report-schemas";
import type { ReportWindow } from "@shared/reports/report-window";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { Time } from "../layout/format-time";
import { pageContext } from "../request-context";
import { PeriodForm } from "./period-form";
import { pageWindowInput } from "./report-window-form";
import { type AgentReportPage, SiteNav } from "./site-nav";

const KIND_TEXT: Record<Coverage["kind"], string> = {
  snippet_only: "snippet only",
  drains: "server-side records only",
  both: "snippet and server-side records",
  none: "nothing reporting yet",
};

/**
 * What every agent-report page starts from: its context, the window asked for and the
 * use case's query (custom ranges are whole days and crawl-to-referral's buckets days or
 * hours in the workspace's zone, docs/app.md "Time zone", the context's zone). A refused
 * range shows the default period with the sentence, as the traffic page does.
 */
export function agentReportInput(c: Context<AppEnv>) {
  const ctx = pageContext(c);
  const q = c.req.query();
  const domain = c.req.param("domain") ?? "";
  const { input, problem } = pageWindowInput(q, ctx.nowMs, ctx.timeZone);
  const query: AgentReportQuery = { domain, ...input };
  return { ctx, q, problem, query, domain };
}

/** The window an agent report answered for (its header). */
const windowOf = (r: ReportHeaderFields): ReportWindow => ({
  period: r.period,
  start: Date.parse(r.period_start),
  end: Date.parse(r.period_end),
});

type ReportHeaderFields = {
  domain: string;
  site_id: string;
  coverage: Coverage;
  period: ReportWindow["period"];
  period_start: string;
  period_end: string;
};

/** The window shown, and the coverage sentence every agent report carries (docs/reports.md "Coverage"). */
export function CoverageNotice(props: { window: ReportWindow; coverage: Coverage; siteId: string }) {
  const { coverage } = props;
  const partial = coverage.kind !== "both";
  return (
    <>
      <p class="hint" id="window">
        <Time at={props.window.start} /> to <Time at={props.window.end} /> (
        {props.window.period === "custom" ? "custom range" : `last ${props.window.period}`}).
      </p>
      <p class={partial ? "notice notice-info" : "hint"} data-coverage={coverage.kind}>
        Coverage: <strong>{KIND_TEXT[coverage.kind]}</strong>. {coverage.note}{" "}
        {coverage.server_side ? null : (
          <>
            Connect a log drain (<code>POST /api/v1/sites/{props.siteId}/drains</code>, or the MCP tool{" "}
            <code>create_drain</code>) or send server-side events.
          </>
        )}
      </p>
    </>
  );
}

/**
 * The traffic pages' banner (docs/reports.md "Coverage"): shown only when the site's
 * coverage is partial, the `data_coverage` of the same v1 reports, with a way to fix it.
 */
export function DataCoverageBanner(props: { coverage: Coverage; drainsHref: string }) {
  const { coverage } = props;
  if (coverage.kind === "both") return null;
  return (
    <p class="notice notice-info" data-data-coverage={coverage.kind}>
      Coverage: <strong>{KIND_TEXT[coverage.kind]}</strong>, so these numbers are not complete. {coverage.note}{" "}
      {coverage.server_side ? null : <a href={props.drainsHref}>Connect a log drain</a>}
    </p>
  );
}

/**
 * The head every agent-report page shares: the site's pages, the window form (with a
 * refused range's sentence inline) and the coverage notice.
 */
export function AgentReportHead(props: {
  c: Context<AppEnv>;
  page: AgentReportPage;
  input: ReturnType<typeof agentReportInput>;
  report: ReportHeaderFields;
}) {
  const { input, report } = props;
  const action = appHref(props.c, `/sites/${encodeURIComponent(report.domain)}/${props.page}`);
  return (
    <>
      <SiteNav c={props.c} domain={report.domain} current={props.page} />
      <PeriodForm action={action} period={input.q.period} from={input.q.from} to={input.q.to} problem={input.problem} />
      <CoverageNotice window={windowOf(report)} coverage={report.coverage} siteId={report.site_id} />
    </>
  );
}
