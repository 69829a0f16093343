import { reportSummary, reportView, scannedLine } from "@shared/scan/report/html/report-view";
import type { ScanResult } from "@shared/scan/scan-store";
import { html } from "hono/html";
import { pageLayout, scanForm } from "./page-layout";

/** The public report of one stored scan: /scan/{id} (docs/scan-report.md); the markup is the shared report view. */
export function reportHtml(scan: ScanResult, origin: string) {
  const head = html`<h1>${scan.domain}</h1>
<p class="muted">${scannedLine(scan)} · <a href="/api/scan/${scan.id}">result as JSON</a></p>
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
