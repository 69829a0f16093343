import { sessionLists } from "@shared/reads/session-lists";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { renderPage } from "../layout/render";
import { pageContext } from "../request-context";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { PeriodForm } from "./period-form";
import { SESSIONS_CSV } from "./sessions-csv";
import { sessionsQuery } from "./sessions-query";
import { FailingList, SessionFiltersForm, SessionsTable } from "./sessions-view";
import { sitePageValue, sitePaths } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";
import { WhatIsThis } from "./what-is-this";

const PAGE_SIZE = 20;
const FAILING_SHOWN = 10;

// Sessions of one site: the session lists use case (shared/reads/session-lists.ts), the
// one GET /api/v1/traffic/sessions and /failing-sessions answer with; "Next page" carries
// the list's own signed cursor, which pins the window.
export function registerSessions(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/sessions", async (c) => {
    const ctx = pageContext(c);
    const q = c.req.query();
    const domain = c.req.param("domain");
    const { window, problem, filters, cursor } = sessionsQuery(q, ctx.nowMs, ctx.timeZone);
    const r = sitePageValue(
      domain,
      await sessionLists(ctx, { domain, ...window, ...filters, cursor, limit: PAGE_SIZE, failingLimit: FAILING_SHOWN }),
    );
    const { sessions } = r;
    const paths = sitePaths(c, sessions.domain);
    // The window's own parameters go along: the cursor is bound to the period (or range) asked for.
    const asked = Object.entries({ period: q.period, from: q.from, to: q.to }).filter(([, v]) => v) as string[][];
    const next = new URLSearchParams([...asked, ...Object.entries(filters), ["cursor", sessions.next_cursor]]);
    // The downloads list the whole filtered list, in the page's window.
    const query = new URL(c.req.url).search;
    const at = `/sites/${encodeURIComponent(sessions.domain)}/sessions`;
    const csv = (table: "sessions" | "failing") => (
      <CsvLink c={c} page={SESSIONS_CSV} at={at} table={table} query={query} />
    );
    return renderPage(c, {
      title: `Sessions of ${sessions.domain}`,
      // A refused range is the form with the sentence inline, answered 400.
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <SiteNav c={c} domain={sessions.domain} current="sessions" />
          <DataCoverageBanner coverage={sessions.data_coverage} drainsHref={siteHref(c, sessions.domain, "drains")} />
          <PeriodForm
            action={paths.sessions}
            period={q.period}
            from={q.from}
            to={q.to}
            problem={problem}
            zone={ctx.timeZone}
          />
          <SessionFiltersForm action={paths.sessions} period={q.period} filters={filters} seen={r.platforms} />
          <h2>
            AI-agent sessions <span data-metric="total_matching">{sessions.total_matching}</span>
          </h2>
          <WhatIsThis id="matching_sessions" />
          {sessions.data_status === "no_events_yet" ? (
            <div class="empty" data-state="no_events_yet">
              <p>
                No session started in this window. <a href={paths.install}>Check the install</a> or choose a longer
                period.
              </p>
            </div>
          ) : sessions.results.length === 0 ? (
            <p class="empty">No AI-agent session matches these filters.</p>
          ) : (
            <SessionsTable c={c} results={sessions.results} />
          )}
          {sessions.has_more ? (
            <p>
              <a href={`${paths.sessions}?${next}`}>Next page</a>
            </p>
          ) : null}
          {sessions.results.length > 0 ? csv("sessions") : null}
          <FailingList c={c} failing={r.failing} />
          {r.failing.results.length > 0 ? csv("failing") : null}
        </>
      ),
    });
  });
}
