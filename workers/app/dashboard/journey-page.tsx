import { countText } from "@shared/display/count-text";
import {
  agentKindName,
  clientText,
  confidenceText,
  eventName,
  outcomeName,
  platformName,
  signalsText,
  VERIFICATION_NAMES,
  withArticle,
} from "@shared/display/display-names";
import { findJourney } from "@shared/reads/find-journey";
import type { SessionJourney } from "@shared/reports/report-schemas";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { durationText } from "./report-window-form";
import { SignedBy } from "./signer-parts";
import { sitePaths } from "./site-context";
import { siteHref } from "./site-nav";

function JourneyFacts(props: { j: SessionJourney }) {
  const { j } = props;
  return (
    <dl class="facts">
      <dt>What it was</dt>
      <dd data-kind={j.agent_kind}>{agentKindName(j.agent_kind)}</dd>
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
        {countText(j.page_count, "page")}, {countText(j.event_count, "event")}
      </dd>
      <dt>Verification</dt>
      <dd data-verification={j.verification}>{VERIFICATION_NAMES[j.verification]}</dd>
      <dt>How it was recognised</dt>
      <dd data-signals={j.detection_signals.join(" ")}>{signalsText(j.detection_signals)}</dd>
      <dt>Signed by</dt>
      <SignedBy signerOrigin={j.signer_origin} platform={j.agent_platform} />
      <dt>Confidence</dt>
      <dd data-confidence={j.agent_confidence ?? ""}>{confidenceText(j.agent_confidence)}</dd>
      <dt>Client</dt>
      <dd>{clientText(j.browser, j.os, j.device_type)}</dd>
    </dl>
  );
}

function JourneySteps(props: { j: SessionJourney }) {
  const { j } = props;
  return (
    <>
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
  );
}

// One session's journey (GET /api/v1/traffic/sessions/{id}, the same use case).
export function registerJourney(app: Hono<AppEnv>) {
  app.get("/app/sessions/:id", requireSignIn(), requireWorkspace(), async (c) => {
    const id = c.req.param("id");
    if (id.length > 64) throw new HTTPException(404, { message: "No such session." });
    const j = pageValue(await findJourney(pageContext(c), { sessionId: id }));
    return renderPage(c, {
      title: `Journey of ${withArticle(platformName(j.agent_platform))} session`,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <p>
            <a href={sitePaths(c, j.domain).sessions}>Sessions of {j.domain}</a>
          </p>
          <DataCoverageBanner coverage={j.data_coverage} drainsHref={siteHref(c, j.domain, "drains")} />
          <JourneyFacts j={j} />
          <JourneySteps j={j} />
        </>
      ),
    });
  });
}
