import { canManageWorkspace } from "@shared/accounts/roles";
import { database } from "@shared/db/client";
import { hostFromInput } from "@shared/domains/host-from-input";
import { createMonitor } from "@shared/monitors/create-monitor";
import { listDeliveries } from "@shared/monitors/list-deliveries";
import { findMonitor } from "@shared/monitors/list-monitors";
import { monitorsWithLatestScans } from "@shared/monitors/monitors-with-scans";
import { nextRescanAt } from "@shared/monitors/rescan-slot";
import { parseResolveMap } from "@shared/outbound/resolve-map";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { FlashNotice } from "../layout/flash-notice";
import { Notice, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { earlyRead } from "../middleware/early-read";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { registerMonitorActions } from "./monitor-actions";
import { DELIVERIES_CSV, MONITORS_CSV } from "./monitors-csv";

const PATH = "/app/monitors";
/** Monitors the page lists (newest first). */
const LISTED = 100;

// The list and each domain's latest scan, one batch, started beside the session check.
const monitorsRead = earlyRead((c, workspaceId) => monitorsWithLatestScans(database(c.env.DB), workspaceId, LISTED));

export async function monitorsPage(c: Context<AppEnv>, extra: { before?: Child; status?: 200 | 400 | 429 } = {}) {
  const workspace = c.get("workspace");
  const manager = canManageWorkspace(workspace.role);
  const { page, scans } = await monitorsRead.take(c);
  const now = Date.now();
  const base = appHref(c, "/monitors");
  return renderPage(c, {
    title: "Monitors",
    status: extra.status,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        <p class="hint">
          A monitor rescans a shop once a day and posts a signed <code>score.changed</code> webhook when its score
          moves.
        </p>
        {extra.before}
        {page.monitors.length === 0 ? (
          <div class="empty">
            <p>No monitors yet. Add a shop's domain and the URL that should receive its webhooks.</p>
          </div>
        ) : (
          <DataTable
            caption={{ text: "Monitors, newest first", visible: false }}
            columns={["Domain", "Last score", "Last scan", "Next rescan", "Webhook", manager && "Actions"]}
          >
            {page.monitors.map((m) => {
              const scan = scans.get(m.domain);
              return (
                <tr data-monitor={m.id}>
                  <td data-label="Domain">
                    <a href={`${base}/${encodeURIComponent(m.id)}`}>{m.domain}</a>
                  </td>
                  <td data-label="Last score">
                    {scan ? (
                      <a href={appHref(c, `/scans/${encodeURIComponent(m.domain)}`)}>{scan.overallScore}/100</a>
                    ) : (
                      "Not scanned yet"
                    )}
                  </td>
                  <td data-label="Last scan">
                    <Time at={scan ? scan.lastSeenAt : null} />
                  </td>
                  <td data-label="Next rescan">
                    <Time at={nextRescanAt(m.domain, m.lastRescanAt, now)} />
                  </td>
                  <td data-label="Webhook">
                    <code>{m.webhookUrl}</code>
                  </td>
                  {manager ? (
                    <td data-label="Actions">
                      <PostForm action={`${base}/${encodeURIComponent(m.id)}/test`} csrf={c.get("csrfToken")}>
                        <button type="submit">
                          Send test event<span class="visually-hidden"> to the webhook of {m.domain}</span>
                        </button>
                      </PostForm>
                      <PostForm action={`${base}/${encodeURIComponent(m.id)}/rescan`} csrf={c.get("csrfToken")}>
                        <button type="submit">
                          Rescan now<span class="visually-hidden">: {m.domain}</span>
                        </button>
                      </PostForm>
                      <form method="get" action={`${base}/${encodeURIComponent(m.id)}/delete`}>
                        <button type="submit" class="danger">
                          Delete<span class="visually-hidden"> the monitor of {m.domain}</span>
                        </button>
                      </form>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </DataTable>
        )}
        {page.monitors.length > 0 ? <CsvLink c={c} page={MONITORS_CSV} at="/monitors" table="monitors" /> : null}
        {manager ? (
          <PostForm action={base} csrf={c.get("csrfToken")}>
            <h2>Add a monitor</h2>
            <div class="field">
              <label for="monitor-domain">Domain</label>
              <input id="monitor-domain" name="domain" type="text" required maxlength={2048} />
            </div>
            <div class="field">
              <label for="monitor-webhook">Webhook URL</label>
              <input id="monitor-webhook" name="webhook_url" type="text" required maxlength={2048} />
              <p class="hint">An https URL of your server; it receives signed score.changed events.</p>
            </div>
            <button type="submit">Add monitor</button>
          </PostForm>
        ) : null}
      </>
    ),
  });
}

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
    const result = await createMonitor(c.env.DB, c.env, {
      workspaceId: c.get("workspace").id,
      domain: typeof form.domain === "string" ? hostFromInput(form.domain) : "",
      webhookUrl: typeof form.webhook_url === "string" ? form.webhook_url : "",
      resolve: parseResolveMap((c.env as { OUTBOUND_RESOLVE?: string }).OUTBOUND_RESOLVE),
    });
    if (!result.ok) return monitorsPage(c, { status: 400, before: <Notice kind="error">{result.message}</Notice> });
    const { monitor, created, secret } = result.value;
    return redirectWithFlash(
      c,
      appHref(c, "/monitors"),
      created && secret
        ? {
            kind: "secret",
            id: "new-secret",
            heading: `Monitor for ${monitor.domain} created`,
            text: "Its signing secret, shown only this once: store it to verify webhook-signature.",
            value: secret,
          }
        : { kind: "info", text: `${monitor.domain} was already monitored with this webhook; nothing changed.` },
    );
  });

  app.get(`${PATH}/:id`, async (c) => {
    const db = database(c.env.DB);
    const monitor = await findMonitor(db, c.get("workspace").id, c.req.param("id"));
    if (!monitor) throw new HTTPException(404, { message: "No such monitor in this workspace." });
    const page = await listDeliveries(db, monitor.id, 50, null);
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
          {page.deliveries.length === 0 ? (
            <p class="empty">No deliveries yet: one is sent when a rescan changes the score.</p>
          ) : (
            <DataTable
              caption={{ text: "Webhook deliveries, newest first", visible: false }}
              columns={["Created", "Event", "Status", "Attempts", "Responses"]}
            >
              {page.deliveries.map((d) => (
                <tr>
                  <td data-label="Created">
                    <Time at={d.createdAt} />
                  </td>
                  <td data-label="Event">{d.event}</td>
                  <td data-label="Status">{d.status}</td>
                  <td data-label="Attempts">{d.attempts.length}</td>
                  <td data-label="Responses">
                    {d.attempts
                      .map((a) => (a.statusCode === null ? (a.error ?? "no answer") : `HTTP ${a.statusCode}`))
                      .join(", ") || "–"}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          {page.deliveries.length > 0 ? (
            <CsvLink
              c={c}
              page={DELIVERIES_CSV}
              at={`/monitors/${encodeURIComponent(monitor.id)}`}
              table="deliveries"
            />
          ) : null}
        </>
      ),
    });
  });
}
