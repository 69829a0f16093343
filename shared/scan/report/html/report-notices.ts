import { html } from "hono/html";
import { DEFAULT_TIME_ZONE } from "../../../time/time-zone";
import type { ScanResult } from "../../scan-result";
import type { ScanRun } from "../../scan-runs";
import { type Html, timeElement } from "./report-view";

// The notices above a report that say what the reader is looking at (issue 45): a result
// replayed instead of a new scan (when it ran, that nothing new was fetched), and a newer
// scan of the same domain. Both pages use them: the public /scan/{id} and the app's report.

/** "3 minutes ago (the time in the page's one format)", from the run's end. */
function whenRan(run: ScanRun, now: number, zone: string) {
  const at = run.finishedAt ?? run.startedAt;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const ago =
    seconds < 90 ? `${seconds} seconds ago` : seconds < 5400 ? `${Math.round(seconds / 60)} minutes ago` : "earlier";
  return html`${ago} (${timeElement(new Date(at).toISOString(), zone)})`;
}

/**
 * A replayed result: the run it comes from and when it finished; `scanNow` is the page's
 * own control that asks for a new scan (`rescan: true`), within the limits (none when the
 * page shows its own just below).
 */
export function replayNotice(
  run: ScanRun,
  scan: ScanResult,
  scanNow: Html | null,
  zone: string = DEFAULT_TIME_ZONE,
  now: number = Date.now(),
) {
  return html`<div class="notice" id="replayed" role="note" data-replayed="true">
<p><strong>Replayed result, not a new scan.</strong> This is the scan of ${scan.domain} that finished ${whenRan(run, now, zone)}, shown again because the same scan was asked for within 10 minutes: nothing on the shop was fetched again and no scan was counted. Changes made since then are not in it.</p>
${scanNow ?? ""}</div>`;
}

/** A newer stored scan of the same domain than the one shown, with a link to it. */
export function newerScanNotice(
  shown: ScanResult,
  latest: ScanResult | null,
  href: string,
  zone: string = DEFAULT_TIME_ZONE,
) {
  if (!latest || latest.id === shown.id || Date.parse(latest.lastSeenAt) <= Date.parse(shown.lastSeenAt)) return "";
  return html`<p class="notice" id="newer-scan" role="note">A newer scan of ${shown.domain} scored ${latest.overallScore}/100 (${timeElement(latest.lastSeenAt, zone)}). <a href="${href}">See the latest report</a>.</p>`;
}
