import { valueOrThrow } from "@shared/errors/api-error";
import type { ReportParams } from "@shared/reports/report-context";
import { findReportSite } from "@shared/reports/report-site";
import { resolveWindow, type WindowInput } from "@shared/reports/report-window";

/**
 * The site (looked up in the key's workspace, never one the request names) and the
 * window of a report. The window is checked first, so a bad window is 400 whatever the
 * domain.
 */
export async function reportInput(
  db: D1Database,
  workspaceId: string,
  query: WindowInput & { domain: string },
): Promise<ReportParams> {
  const nowMs = Date.now();
  const window = resolveWindow(query, nowMs);
  const site = valueOrThrow(await findReportSite(db, workspaceId, query.domain));
  return { site, window, nowMs };
}
