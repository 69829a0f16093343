import {
  clientText,
  confidenceText,
  eventName,
  OUTCOME_NAMES,
  outcomeName,
  PURPOSE_NAMES,
  platformName,
  purposeName,
  signalsText,
  TIER_NAMES,
  tierName,
  withArticle,
} from "@shared/display/display-names";
import { valueOrThrow } from "@shared/errors/api-error";
import { siteCoverage } from "@shared/reads/site-coverage";
import { findJourney } from "@shared/reports/find-journey";
import { PURPOSES } from "@shared/reports/purpose-split";
import { TIERS } from "@shared/reports/verification";
import { OUTCOMES } from "@shared/sessions/outcome";
import { siteShard } from "@shared/shards/site-shard";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { PeriodForm } from "./period-form";
import { durationText } from "./report-window-form";
import { SESSIONS_CSV } from "./sessions-csv";
import { sessionsQuery } from "./sessions-query";
import { SignedBy } from "./signer-parts";
import { siteOfPage, sitePaths } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";

const PAGE_SIZE = 20;

/** A filter's choices: the API's codes as values, their display names as labels. */
function Select(props: {
  name: string;
  label: string;
  values: readonly string[];
  value?: string;
  nameOf: (code: string) => string;
}) {
  return (
    <div class="field">
      <label for={`f-${props.name}`}>{props.label}</label>
      <select id={`f-${props.name}`} name={props.name}>
        <option value="">All</option>
        {props.values.map((v) => (
          <option value={v} selected={props.value === v}>
            {props.nameOf(v)}
          </option>
        ))}
      </select>
    </div>
  );
}

// Sessions of one site (GET /api/v1/traffic/sessions and /failing-sessions, same shared
// functions) and each session's journey (GET /api/v1/traffic/sessions/{id}).
export function registerSessions(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/sessions", async (c) => {
    const site = await siteOfPage(c);
    const q = c.req.query();
    const nowMs = Date.now();
    const timeZone = c.get("workspace").timeZone;
    const { window, problem, filters, after } = sessionsQuery(q, nowMs, timeZone);
    const params = { site, window, nowMs, timeZone };
    const shard = siteShard(c.env, site.id);
    const [page, failing, seen, coverage] = await Promise.all([
      shard.agentSessions({
        ...params,
        ...filters,
        limit: PAGE_SIZE,
        after,
      }),
      shard.failingSessions({ ...params, agentPlatform: filters.agentPlatform, limit: 10 }),
      // The platforms with sessions in the window, for the filter's choices.
      shard.overview(params),
      siteCoverage(c.env, c.get("workspace").id, site),
    ]);
    const platforms = seen.by_platform.map((p) => p.platform);
    if (filters.agentPlatform && !platforms.includes(filters.agentPlatform)) platforms.push(filters.agentPlatform);
    const paths = sitePaths(c, site.domain);
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries({
      agent_platform: filters.agentPlatform,
      purpose: filters.purpose,
      tier: filters.tier,
      outcome: filters.outcome,
    })) {
      if (v) next.set(k, v);
    }
    next.set("start", String(window.start));
    next.set("end", String(window.end));
    if (page.last) next.set("after", `${page.last.startedAt}:${page.last.id}`);
    // The downloads list the whole filtered list, in the page's window.
    const query = new URL(c.req.url).search;
    const csv = (table: "sessions" | "failing") => (
      <CsvLink
        c={c}
        page={SESSIONS_CSV}
        at={`/sites/${encodeURIComponent(site.domain)}/sessions`}
        table={table}
        query={query}
      />
    );
    return renderPage(c, {
      title: `Sessions of ${site.domain}`,
      // A refused range is the form with the sentence inline, answered 400.
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <SiteNav c={c} domain={site.domain} current="sessions" />
          <DataCoverageBanner coverage={coverage} drainsHref={siteHref(c, site.domain, "drains")} />
          <PeriodForm
            action={paths.sessions}
            period={q.period}
            from={q.from}
            to={q.to}
            problem={problem}
            zone={timeZone}
          />
          <form method="get" action={paths.sessions} class="filters" aria-label="Filter sessions">
            {q.period ? <input type="hidden" name="period" value={q.period} /> : null}
            <Select
              name="agent_platform"
              label="Platform"
              values={platforms}
              value={filters.agentPlatform}
              nameOf={platformName}
            />
            <Select
              name="purpose"
              label="Purpose"
              values={PURPOSES}
              value={filters.purpose}
              nameOf={(v) => PURPOSE_NAMES[v as keyof typeof PURPOSE_NAMES]}
            />
            <Select
              name="tier"
              label="Tier"
              values={TIERS}
              value={filters.tier}
              nameOf={(v) => TIER_NAMES[v as keyof typeof TIER_NAMES]}
            />
            <Select
              name="outcome"
              label="Outcome"
              values={OUTCOMES}
              value={filters.outcome}
              nameOf={(v) => OUTCOME_NAMES[v as keyof typeof OUTCOME_NAMES]}
            />
            <button type="submit">Filter</button>
          </form>
          <h2>
            AI-agent sessions <span data-metric="total_matching">{page.total_matching}</span>
          </h2>
          {page.data_status === "no_events_yet" ? (
            <div class="empty" data-state="no_events_yet">
              <p>
                No session started in this window. <a href={paths.install}>Check the install</a> or choose a longer
                period.
              </p>
            </div>
          ) : page.results.length === 0 ? (
            <p class="empty">No AI-agent session matches these filters.</p>
          ) : (
            <DataTable
              caption={{ text: "AI-agent sessions, newest first", visible: false }}
              columns={["Started", "Platform", "Purpose", "Tier", "Outcome", "Pages", "Duration", "Entry"]}
            >
              {page.results.map((s) => (
                <tr data-session={s.session_id}>
                  <td data-label="Started">
                    <a href={appHref(c, `/sessions/${encodeURIComponent(s.session_id)}`)}>
                      <Time at={s.started_at} />
                    </a>
                  </td>
                  <td data-label="Platform">{platformName(s.agent_platform)}</td>
                  <td data-label="Purpose">{purposeName(s.purpose)}</td>
                  <td data-label="Tier">{tierName(s.tier)}</td>
                  <td data-label="Outcome" data-outcome={s.outcome}>
                    {outcomeName(s.outcome)}
                    {s.outcome_settled ? "" : " (so far)"}
                  </td>
                  <td data-label="Pages">{s.page_count}</td>
                  <td data-label="Duration">{durationText(s.duration_ms)}</td>
                  <td data-label="Entry">
                    <code>{s.entry_url}</code>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          {page.has_more ? (
            <p>
              <a href={`${paths.sessions}?${next}`}>Next page</a>
            </p>
          ) : null}
          {page.results.length > 0 ? csv("sessions") : null}
          <h2>
            Failing sessions <span data-metric="failing_total">{failing.total_matching}</span>
          </h2>
          <p class="hint">
            Settled sessions that reached the cart or checkout without a purchase (abandoned), or left after one page in
            under 5 seconds (bounced). The labels do not say why a visit ended.
          </p>
          {failing.results.length === 0 ? (
            <p>None in this window.</p>
          ) : (
            <ul>
              {failing.results.map((f) => (
                <li>
                  <a href={appHref(c, `/sessions/${encodeURIComponent(f.session_id)}`)}>
                    {platformName(f.agent_platform)} · {f.reason === "abandoned" ? "left the cart" : "bounced"} ·{" "}
                    <Time at={f.started_at} />
                  </a>{" "}
                  <code>{f.entry_url}</code> → <code>{f.exit_url}</code>
                </li>
              ))}
            </ul>
          )}
          {failing.results.length > 0 ? csv("failing") : null}
        </>
      ),
    });
  });

  app.get("/app/sessions/:id", requireSignIn(), requireWorkspace(), async (c) => {
    const id = c.req.param("id");
    if (id.length > 64) throw new HTTPException(404, { message: "No such session." });
    const j = valueOrThrow(await findJourney(c.env, c.get("workspace").id, id));
    const paths = sitePaths(c, j.domain);
    return renderPage(c, {
      title: `Journey of ${withArticle(platformName(j.agent_platform))} session`,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <p>
            <a href={paths.sessions}>Sessions of {j.domain}</a>
          </p>
          <DataCoverageBanner coverage={j.data_coverage} drainsHref={siteHref(c, j.domain, "drains")} />
          <dl class="facts">
            <dt>Outcome</dt>
            <dd data-metric="outcome" data-outcome={j.outcome}>
              {outcomeName(j.outcome)}
              {j.outcome_settled ? "" : " (so far: the session may continue)"}
            </dd>
            <dt>Started</dt>
            <dd>
              <Time at={j.started_at} seconds />
            </dd>
            <dt>Duration</dt>
            <dd>{durationText(j.duration_ms)}</dd>
            <dt>Pages and events</dt>
            <dd>
              {j.page_count} pages, {j.event_count} events
            </dd>
            <dt>How it was recognised</dt>
            <dd data-signals={j.detection_signals.join(" ")}>{signalsText(j.detection_signals)}</dd>
            <dt>Signed by</dt>
            <SignedBy signerOrigin={j.signer_origin} platform={j.agent_platform} />
            <dt>Confidence</dt>
            <dd data-confidence={j.agent_confidence ?? ""}>{confidenceText(j.agent_confidence)}</dd>
            <dt>Client</dt>
            <dd>{clientText(j.browser, j.os, j.device_type)}</dd>
          </dl>
          <h2>Pages</h2>
          <ol class="timeline">
            {j.pages.map((p) => (
              <li>
                <code>{p.url}</code>
                <br />
                <span class="hint">
                  <Time at={p.at} seconds /> ·{" "}
                  {p.duration_ms === null ? "time on page unknown" : durationText(p.duration_ms)}
                </span>
              </li>
            ))}
          </ol>
          <h2>Interactions</h2>
          {j.top_interactions.length === 0 ? (
            <p>No interaction beyond page views.</p>
          ) : (
            <ul>
              {j.top_interactions.map((i) => (
                <li>
                  {eventName(i.type)} <code>{i.target}</code> × {i.count}
                </li>
              ))}
            </ul>
          )}
        </>
      ),
    });
  });
}
