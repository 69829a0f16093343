import { hostFromInput } from "@shared/domains/host-from-input";
import { createMonitor } from "@shared/monitors/create-monitor";
import { latestDeliveries, workspaceMonitor } from "@shared/reads/monitor-pages";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { FlashNotice } from "../layout/flash-notice";
import { Notice } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DASHBOARD_STYLE, REFRESH_SCRIPT } from "./assets";
import { CsvLink } from "./csv-download";
import { registerMonitorActions } from "./monitor-actions";
import { DeliveryList } from "./monitor-deliveries";
import { Baseline, LastScore } from "./monitor-list-view";
import { DELIVERIES_CSV } from "./monitors-csv";
import { monitorsPage, monitorsRead } from "./monitors-list-page";

const PATH = "/app/monitors";

// Monitors of the workspace: GET/POST /api/v1/monitors and the deliveries log through
// the same shared functions; "Send test event" and "Rescan now" in monitor-actions.tsx.
export function registerMonitors(app: Hono<AppEnv>) {
  app.use(PATH, monitorsRead.start);
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => monitorsPage(c, { before: <FlashNotice flash={await takeFlash(c)} /> }));
  registerMonitorActions(app, PATH);

  // Add a monitor: the rules of POST /api/v1/monitors (createMonitor). Created or not,
  // the answer is a 303 to the list; the signing secret is a one-time flash.
  app.post(PATH, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody();
    const result = await createMonitor(pageContext(c), {
      domain: typeof form.domain === "string" ? hostFromInput(form.domain) : "",
      webhookUrl: typeof form.webhook_url === "string" ? form.webhook_url : "",
    });
    if (!result.ok) return monitorsPage(c, { status: 400, before: <Notice kind="error">{result.message}</Notice> });
    const { monitor, created, secret, baselineQueued } = result.value;
    return redirectWithFlash(
      c,
      appHref(c, "/monitors"),
      created && secret
        ? {
            kind: "secret",
            id: "new-secret",
            heading: `Monitor for ${monitor.domain} created`,
            text: `Its signing secret, shown only this once: store it to verify webhook-signature. ${
              baselineQueued
                ? "Its first scan is queued: that score becomes the baseline, shown in the list once the scan has run."
                : "Its first scan, whose score becomes the baseline, runs at the next rescan tick: the domain was scanned as often as its hourly limit allows."
            }`,
            value: secret,
          }
        : { kind: "info", text: `${monitor.domain} was already monitored with this webhook; nothing changed.` },
    );
  });

  app.get(`${PATH}/:id`, async (c) => {
    const monitor = pageValue(await workspaceMonitor(pageContext(c), { monitorId: c.req.param("id") }));
    if (!monitor) throw new HTTPException(404, { message: "No such monitor in this workspace." });
    const page = pageValue(await latestDeliveries(pageContext(c), { monitor, limit: 50 }));
    const flash = await takeFlash(c);
    return renderPage(c, {
      title: `Deliveries for ${monitor.domain}`,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <FlashNotice flash={flash} />
          <p>
            <a href={appHref(c, "/monitors")}>All monitors</a> · webhook <code>{monitor.webhookUrl}</code>
          </p>
          <dl class="facts">
            <dt>Baseline</dt>
            <dd data-baseline={monitor.baselineScore ?? ""}>
              <Baseline c={c} m={monitor} />
            </dd>
            <dt>Last score</dt>
            <dd data-last-score={monitor.lastScore ?? ""}>
              <LastScore c={c} m={monitor} />
              {monitor.lastScoredAt === null ? null : (
                <>
                  , <Time at={monitor.lastScoredAt} />
                </>
              )}
            </dd>
          </dl>
          <p id="refresh-status" role="status" class="hint" />
          <DeliveryList c={c} monitor={monitor} deliveries={page.deliveries} />
          {page.deliveries.length > 0 ? (
            <CsvLink
              c={c}
              page={DELIVERIES_CSV}
              at={`/monitors/${encodeURIComponent(monitor.id)}`}
              table="deliveries"
            />
          ) : null}
          <script src={REFRESH_SCRIPT} defer />
        </>
      ),
    });
  });
}
