import { timeText } from "@shared/display/time-text";
import { liveTraffic } from "@shared/reads/live-traffic";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { pageContext } from "../request-context";
import { DASHBOARD_STYLE, LIVE_SCRIPT } from "./assets";
import { LIVE_POLL_MS, type LiveSnapshot, liveSnapshot } from "./live-data";
import { sitePageValue } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";
import { Tiles } from "./tiles";

/** One list of the live view; the script rebuilds it from the same fields. */
function LiveList(props: {
  id: string;
  label: string;
  empty: string;
  rows: { key: string; name: string; n: number }[];
}) {
  return (
    <ul class="plain" id={props.id} aria-label={props.label} data-empty={props.empty}>
      {props.rows.length === 0 ? (
        <li class="hint">{props.empty}</li>
      ) : (
        props.rows.map((r) => (
          <li data-key={r.key}>
            {r.name}: <strong>{r.n}</strong>
          </li>
        ))
      )}
    </ul>
  );
}

function LiveBody(props: { snap: LiveSnapshot }) {
  const s = props.snap;
  return (
    <>
      <Tiles
        label="Last 30 minutes"
        tiles={[
          // The catalogue's metrics over the last 30 minutes (docs/metrics.md).
          {
            metric: "live_all_sessions",
            value: s.all_sessions,
            defined: "all_sessions",
          },
          {
            metric: "live_agent_sessions",
            value: s.agent_sessions,
            defined: "agent_sessions",
          },
          {
            metric: "live_human_visits",
            value: s.human_visits,
            defined: "human_visits",
          },
        ]}
      />
      <h2>AI agents</h2>
      <LiveList
        id="live-platforms"
        label="AI-agent sessions by platform"
        empty="No AI-agent session in the last 30 minutes."
        rows={s.by_platform.map((p) => ({ key: p.platform, name: p.name, n: p.sessions }))}
      />
      <h3>What they came for</h3>
      <LiveList
        id="live-purposes"
        label="AI-agent sessions by what they came for"
        empty="No AI-agent session in the last 30 minutes."
        rows={s.by_purpose.map((p) => ({ key: p.purpose, name: p.name, n: p.sessions }))}
      />
      <h2>How people arrived</h2>
      <LiveList
        id="live-sources"
        label="Human visits by source"
        empty="No human visit in the last 30 minutes."
        rows={s.human_by_source.map((p) => ({ key: p.source, name: p.name, n: p.sessions }))}
      />
      <h2>Entry pages of AI agents</h2>
      <LiveList
        id="live-pages"
        label="Entry pages of AI-agent sessions"
        empty="None in the last 30 minutes."
        rows={s.top_pages.map((p) => ({ key: p.entry_url, name: p.entry_url, n: p.sessions }))}
      />
    </>
  );
}

// The live view of one site: sessions that started in the last 30 minutes, updated in
// place by /app/assets/live.js from the page's JSON twin (polling, docs/decisions.md
// "Live view"). Without JavaScript it is the state at page load with a reload link.
// Sign-in and workspace come from the `/app/sites/*` middleware of sites.tsx.
export function registerLive(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/live", async (c) => {
    const ctx = pageContext(c);
    const domain = c.req.param("domain");
    const live = sitePageValue(domain, await liveTraffic(ctx, { domain }));
    const snap = liveSnapshot(live);
    const site = { domain: live.domain };
    const nowMs = ctx.nowMs;
    const href = siteHref(c, site.domain, "live");
    return renderPage(c, {
      title: `Live: ${site.domain}`,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <SiteNav c={c} domain={site.domain} current="live" />
          <p class="hint" id="live-head" data-live-url={`${href}/data`} data-poll-ms={LIVE_POLL_MS}>
            <span class="live-dot" aria-hidden="true" />
            Sessions that started in the last 30 minutes, as of{" "}
            <span id="live-updated">
              <Time at={nowMs} seconds />
            </span>
            .{" "}
            <span id="live-mode">
              This page shows the moment it was loaded: <a href={href}>reload</a>.
            </span>
          </p>
          <p class="visually-hidden" id="live-announce" role="status" aria-live="polite" />
          <div id="live-body">
            <LiveBody snap={snap} />
          </div>
          <script src={LIVE_SCRIPT} defer />
        </>
      ),
    });
  });

  // The page's JSON twin: the same snapshot, session-authenticated, never cached.
  app.get("/app/sites/:domain/live/data", async (c) => {
    const ctx = pageContext(c);
    const domain = c.req.param("domain");
    const snap = liveSnapshot(sitePageValue(domain, await liveTraffic(ctx, { domain })));
    c.header("Cache-Control", "no-store");
    // The update time as the page's one time format, in the workspace's zone (docs/app.md "Time zone").
    return c.json({ ...snap, to_text: timeText(snap.to, true, ctx.timeZone) });
  });
}
