import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { AGENT_ERRORS_CSV, CRAWL_TO_REFERRAL_CSV, ROBOTS_CSV } from "./agent-report-csv";
import { CONVERSIONS_CSV } from "./conversions-csv";
import { registerCsvPage } from "./csv-download";
import { DELIVERIES_CSV, MONITORS_CSV } from "./monitors-csv";
import { SESSIONS_CSV } from "./sessions-csv";
import { TRAFFIC_CSV } from "./traffic-csv";
import { OVERVIEW_CSV, SCANS_CSV } from "./workspace-csv";

/**
 * Every page's "Download CSV" route (docs/app.md "CSV downloads"). Registered after
 * sites.tsx, whose `/app/sites/*` guard covers the site pages' downloads, and before
 * the other pages, whose routes would otherwise take `…/csv/…` (the others carry their
 * own guard).
 */
export function registerCsvDownloads(app: Hono<AppEnv>) {
  registerCsvPage(app, TRAFFIC_CSV);
  registerCsvPage(app, SESSIONS_CSV);
  registerCsvPage(app, AGENT_ERRORS_CSV);
  registerCsvPage(app, ROBOTS_CSV);
  registerCsvPage(app, CRAWL_TO_REFERRAL_CSV);
  registerCsvPage(app, CONVERSIONS_CSV);
  registerCsvPage(app, MONITORS_CSV);
  registerCsvPage(app, DELIVERIES_CSV);
  registerCsvPage(app, SCANS_CSV);
  registerCsvPage(app, OVERVIEW_CSV);
}
