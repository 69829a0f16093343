import { canManageWorkspace } from "@shared/accounts/roles";
import { monitorsFirstPage } from "@shared/reads/monitor-pages";
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { renderPage } from "../layout/render";
import { earlyRead } from "../middleware/early-read";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { DASHBOARD_STYLE, REFRESH_SCRIPT } from "./assets";
import { CsvLink } from "./csv-download";
import { REFRESH_MS } from "./monitor-deliveries";
import { AddMonitorForm, MonitorRow } from "./monitor-list-view";
import { MONITORS_CSV } from "./monitors-csv";

// The Monitors page itself (the list, the add form), rendered by its GET and again, with
// a notice, by a refused add (monitors.tsx) or action (monitor-actions.tsx).

/** Monitors the page lists (newest first). */
const LISTED = 100;

// The list, started beside the session check.
export const monitorsRead = earlyRead((c, workspaceId) =>
  monitorsFirstPage(appContext(c), { workspaceId, limit: LISTED }),
);

export async function monitorsPage(c: Context<AppEnv>, extra: { before?: Child; status?: 200 | 400 | 429 } = {}) {
  const workspace = c.get("workspace");
  const manager = canManageWorkspace(workspace.role);
  const page = pageValue(await monitorsRead.take(c));
  const now = Date.now();
  const base = appHref(c, "/monitors");
  const waiting = page.monitors.filter((m) => m.lastScore === null).length;
  return renderPage(c, {
    title: "Monitors",
    status: extra.status,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        <p class="hint">
          A monitor scans a shop when you add it: that first score is its baseline. It then rescans the shop once a day
          and posts a signed <code>score.changed</code> webhook whenever a scan's score differs from the one before.
        </p>
        {extra.before}
        <p id="refresh-status" role="status" class="hint" />
        {page.monitors.length === 0 ? (
          <div class="empty">
            <p>No monitors yet. Add a shop's domain and the URL that should receive its webhooks.</p>
          </div>
        ) : (
          <div
            id="monitor-list"
            data-refresh-ms={REFRESH_MS}
            data-pending={String(waiting > 0)}
            data-summary={waiting === 0 ? "every monitor has its baseline." : `${waiting} waiting for the first scan.`}
          >
            <DataTable
              caption={{ text: "Monitors, newest first", visible: false }}
              columns={[
                "Domain",
                "Baseline",
                "Last score",
                "Last scan",
                "Next rescan",
                "Webhook",
                manager && "Actions",
              ]}
            >
              {page.monitors.map((m) => (
                <MonitorRow c={c} m={m} base={base} manager={manager} now={now} />
              ))}
            </DataTable>
          </div>
        )}
        {page.monitors.length > 0 ? <CsvLink c={c} page={MONITORS_CSV} at="/monitors" table="monitors" /> : null}
        {manager ? <AddMonitorForm c={c} base={base} /> : null}
        <script src={REFRESH_SCRIPT} defer />
      </>
    ),
  });
}
