import { deleteMonitor } from "@shared/monitors/delete-monitor";
import { findWorkspaceMonitor } from "@shared/monitors/list-monitors";
import { rescanNow, sendTestEvent } from "@shared/monitors/monitor-actions";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { redirectWithFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { ConfirmActions, Notice } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { monitorsPage } from "./monitors-list-page";

// "Send test event", "Rescan now" and "Delete" on the Monitors page: the use cases of
// POST /api/v1/monitors/{id}/test, /rescan and DELETE /api/v1/monitors/{id}
// (shared/monitors/), for admins and owners. Each POST answers 303 to the list with a
// one-time notice, so a reload sends nothing again.
export function registerMonitorActions(app: Hono<AppEnv>, path: string) {
  // `path` is where the routes are declared; links carry the page's workspace.
  const list = (c: Context<AppEnv>): string => appHref(c, path.slice("/app".length));
  app.post(`${path}/:id/test`, requireRole("admin"), async (c) => {
    const { monitor } = pageValue(await sendTestEvent(pageContext(c), { monitorId: c.req.param("id") }));
    return redirectWithFlash(c, `${list(c)}/${encodeURIComponent(monitor.id)}`, {
      kind: "success",
      text: `Test event queued for ${monitor.domain}: it reaches ${monitor.webhookUrl} within seconds, and its answer appears below.`,
    });
  });

  app.post(`${path}/:id/rescan`, requireRole("admin"), async (c) => {
    const outcome = await rescanNow(pageContext(c), { monitorId: c.req.param("id") });
    if (!outcome.ok && outcome.code === "rate_limited") {
      // Refused: nothing was queued, so the page is answered as is (429 with Retry-After).
      const wait = outcome.retryAfterSeconds ?? 60;
      c.header("Retry-After", String(wait));
      return monitorsPage(c, {
        status: 429,
        before: (
          <Notice kind="error">
            {outcome.message}. The next rescan is allowed at <Time at={Date.now() + wait * 1000} />.
          </Notice>
        ),
      });
    }
    const { monitor } = pageValue(outcome);
    return redirectWithFlash(c, list(c), {
      kind: "success",
      text: `Rescan of ${monitor.domain} queued. Its score updates here once the scan has run; a score that differs from the last one sends score.changed.`,
    });
  });

  app.get(`${path}/:id/delete`, requireRole("admin"), async (c) => {
    const monitor = pageValue(await findWorkspaceMonitor(pageContext(c), { monitorId: c.req.param("id") }));
    return renderPage(c, {
      title: "Delete monitor",
      body: (
        <>
          <p>
            Stop watching <strong>{monitor.domain}</strong> for <code>{monitor.webhookUrl}</code>? Its delivery history
            is deleted and pending retries are dropped. This cannot be undone; adding the monitor again gives a new
            signing secret.
          </p>
          <ConfirmActions
            action={`${list(c)}/${encodeURIComponent(monitor.id)}/delete`}
            csrf={c.get("csrfToken")}
            label="Confirm delete"
            cancelHref={list(c)}
          />
        </>
      ),
    });
  });

  app.post(`${path}/:id/delete`, requireRole("admin"), async (c) => {
    const ctx = pageContext(c);
    const monitor = pageValue(await findWorkspaceMonitor(ctx, { monitorId: c.req.param("id") }));
    pageValue(await deleteMonitor(ctx, { monitorId: monitor.id }));
    return redirectWithFlash(c, list(c), { kind: "success", text: `Monitor of ${monitor.domain} deleted.` });
  });
}
