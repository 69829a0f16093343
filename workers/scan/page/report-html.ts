import { newerScanNotice, replayNotice } from "@shared/scan/report/html/report-notices";
import { reportSummary, reportView, scannedLine } from "@shared/scan/report/html/report-view";
import type { ScanRun } from "@shared/scan/scan-runs";
import type { ScanResult } from "@shared/scan/scan-store";
import { html } from "hono/html";
import { pageLayout, scanForm } from "./page-layout";

/**
 * The public report of one stored scan: /scan/{id} (docs/scan-report.md); the markup is the
 * shared report view. `replay`: the run a replayed stream came from (`?replay=`), said
 * above the report with a "Scan now" that asks for a new scan; `latest`: the domain's
 * latest scan, named when it is newer than this one.
 */
export function reportHtml(
  scan: ScanResult,
  origin: string,
  context: { replay?: ScanRun | null; latest?: ScanResult | null } = {},
) {
  const scanNow = html`<form id="rescan-form" class="scan" data-rescan="true" aria-label="Scan ${scan.domain} now">
<input type="hidden" name="domain" value="${scan.domain}">
<button type="submit">Scan now</button> <span class="muted">A new scan, within the hourly limits.</span>
</form>`;
  const head = html`<h1>${scan.domain}</h1>
<p class="muted">${scannedLine(scan)} · <a href="/api/scan/${scan.id}">result as JSON</a></p>
${context.replay ? replayNotice(context.replay, scan, scanNow) : ""}
${newerScanNotice(scan, context.latest ?? null, `/scan/${context.latest?.id ?? scan.id}`)}
${scanForm(scan.domain)}`;
  const title = scan.unreachable
    ? `${scan.domain}: not reachable – agent readiness scan`
    : `${scan.domain}: ${scan.overallScore}/100 – agent readiness scan`;
  return pageLayout({
    title,
    description: reportSummary(scan),
    body: reportView(scan, { origin, head, previousHref: (id) => `/scan/${id}` }),
  });
}

/** An HTML answer for a report that cannot be shown (bad id, unknown scan). */
export function reportErrorHtml(message: string) {
  return pageLayout({
    title: "Scan report – agent readiness scan",
    description: message,
    body: html`<h1>No report here</h1><p class="notice error">${message}</p>${scanForm()}`,
  });
}
