import type { MonitorRecord } from "@shared/monitors/monitor-row";
import { nextRescanAt } from "@shared/monitors/rescan-slot";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { PostForm } from "../layout/form";
import { Time } from "../layout/format-time";

// The Monitors page's parts (monitors.tsx reads and lays them out): a monitor's
// baseline, its row in the list, and the form that adds one.

/**
 * The monitor's baseline (docs/webhooks.md "Baseline"): the score of its first scan, when
 * it was set and a link to that scan's report; before it, that the first scan is on its
 * way (queued at creation, or at the next rescan tick when the domain's limit was used).
 */
export function Baseline(props: { c: Context<AppEnv>; m: MonitorRecord }) {
  const { m } = props;
  if (m.baselineAt !== null && m.baselineScore !== null) {
    const report = `/scans/${encodeURIComponent(m.domain)}${m.baselineScanId ? `/${encodeURIComponent(m.baselineScanId)}` : ""}`;
    return (
      <>
        <a href={appHref(props.c, report)}>
          {m.baselineScore}/100<span class="visually-hidden">: the first scan's report</span>
        </a>
        , set <Time at={m.baselineAt} />
      </>
    );
  }
  // Monitors older than the recorded baseline took their first rescan's score silently.
  if (m.lastScore !== null) return <>Set by the first rescan (time not recorded)</>;
  return m.lastRescanAt === null ? <>First scan at the next rescan tick</> : <>First scan queued</>;
}

/**
 * The monitor's last score: the score its last rescan recorded (what its next webhook
 * compares with, `last_score` in the API), linked to that scan's report; a scan of the
 * domain made elsewhere (the scan page, Scan now) is not the monitor's.
 */
export function LastScore(props: { c: Context<AppEnv>; m: MonitorRecord }) {
  const { m } = props;
  if (m.lastScore === null) return <>Not scanned yet</>;
  const report = `/scans/${encodeURIComponent(m.domain)}${m.lastScanId ? `/${encodeURIComponent(m.lastScanId)}` : ""}`;
  return (
    <a href={appHref(props.c, report)}>
      {m.lastScore}/100<span class="visually-hidden">: the report of the monitor's last scan</span>
    </a>
  );
}

/** One monitor in the list, its own scores as the API gives them; the actions for admins and owners. */
export function MonitorRow(props: {
  c: Context<AppEnv>;
  m: MonitorRecord;
  /** The list's address, the actions' base. */
  base: string;
  manager: boolean;
  now: number;
}) {
  const { c, m, base, manager, now } = props;
  return (
    <tr data-monitor={m.id}>
      <td data-label="Domain">
        <a href={`${base}/${encodeURIComponent(m.id)}`}>{m.domain}</a>{" "}
        {/* The domain's latest scan from anywhere. Named without the domain, so the
            domain names one link of the row: the monitor's page. */}
        <span class="hint">
          · <a href={appHref(c, `/scans/${encodeURIComponent(m.domain)}`)}>Scan report</a>
        </span>
      </td>
      <td data-label="Baseline" data-baseline={m.baselineScore ?? ""}>
        <Baseline c={c} m={m} />
      </td>
      <td data-label="Last score" data-last-score={m.lastScore ?? ""}>
        <LastScore c={c} m={m} />
      </td>
      <td data-label="Last scan">
        <Time at={m.lastScoredAt} />
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
}

export function AddMonitorForm(props: { c: Context<AppEnv>; base: string }) {
  const { c, base } = props;
  return (
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
  );
}
