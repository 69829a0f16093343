import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { normalizeDomain } from "@shared/domains/normalize-domain";
import { findRun } from "@shared/scan/scan-runs";
import { findLatestScan, findScan } from "@shared/scan/scan-store";
import type { Context } from "hono";
import type { ScanAppEnv } from "../app-env";
import { pageCsp } from "../page/page-csp";
import { reportErrorHtml, reportHtml } from "../page/report-html";
import { SCAN_CACHE_CONTROL, SCAN_ID } from "./scan-get";

// The public, shareable report of one stored scan (docs/scan-report.md): /scan/{id}.
// A stored result changes only by a repeat's seenCount/lastSeenAt, so it caches like
// GET /api/scan/{id}.
export const REPORT_PATH = "/scan";

async function htmlError(c: Context<ScanAppEnv>, status: 400 | 404, message: string) {
  c.header("Content-Security-Policy", await pageCsp());
  return c.html(reportErrorHtml(message), status);
}

export function registerReport(app: OpenAPIHono<ScanAppEnv>) {
  // The latest report of a domain: the badge links here, so it always shows today's result.
  app.get(`${REPORT_PATH}/latest/:domain`, async (c) => {
    const domain = normalizeDomain(c.req.param("domain"));
    if (!domain.ok) return htmlError(c, 400, `That is not a domain: ${domain.message}.`);
    const scan = await findLatestScan(database(c.env.DB), domain.domain);
    if (!scan) return htmlError(c, 404, `${domain.domain} has not been scanned yet. Scan it below.`);
    c.header("Cache-Control", "public, max-age=300");
    return c.redirect(`${REPORT_PATH}/${scan.id}`, 302);
  });

  app.get(`${REPORT_PATH}/:id`, async (c) => {
    const id = c.req.param("id");
    if (!SCAN_ID.test(id)) return htmlError(c, 400, "That is not a scan id: a report URL ends in the scan's UUID.");
    const db = database(c.env.DB);
    const scan = await findScan(db, id.toLowerCase());
    if (!scan) return htmlError(c, 404, "No scan has this id. Scan the shop again to get a new report.");
    // `?replay={run}`: the page script came here from a replayed stream (issue 45); the
    // run says when it finished. A run of another scan is not this report's.
    const replayParam = c.req.query("replay");
    const [run, latest] = await Promise.all([
      replayParam && SCAN_ID.test(replayParam) ? findRun(db, replayParam.toLowerCase()) : null,
      findLatestScan(db, scan.domain),
    ]);
    const replay = run?.scanId === scan.id ? run : null;
    c.header("Content-Security-Policy", await pageCsp());
    // A replayed view and the newer-scan notice change with time: cached briefly.
    c.header("Cache-Control", replay || latest?.id !== scan.id ? "private, max-age=60" : SCAN_CACHE_CONTROL);
    return c.html(reportHtml(scan, new URL(c.req.url).origin, { replay, latest }));
  });
}
