import { type SiteWeek, workspaceOverview } from "@shared/reads/workspace-overview";
import { type WorkspaceScanDomain, workspaceScanDomains } from "@shared/scan/workspace-scan-domains";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, isoTime } from "./csv-download";

// The workspace pages' tables as CSV: the overview's per-site week (the workspace
// overview use case) and the scan reports' domain list, read as the pages read them.

const guard = [requireSignIn(), requireWorkspace()];

export const OVERVIEW_CSV: CsvPage<Context<AppEnv>, "sites"> = {
  path: "/app",
  guard,
  input: async (c) => c,
  fileName: () => "sites-last-7-days",
  tables: {
    sites: csvTable({
      title: "Sites, last 7 days",
      read: async (c: Context<AppEnv>) => pageValue(await workspaceOverview(pageContext(c))).sites,
      // `agent_sessions` and `unique_visitors` are the 7-day overview report's
      // `total_sessions` and `unique_visitors`; `top_platform` its first `by_platform`.
      columns: [
        { name: "domain", value: (r: SiteWeek) => r.site.domain },
        { name: "name", value: (r: SiteWeek) => r.site.name },
        { name: "install_status", value: (r: SiteWeek) => r.status },
        { name: "agent_sessions", value: (r: SiteWeek) => r.agentSessions },
        { name: "unique_visitors", value: (r: SiteWeek) => r.uniqueVisitors },
        { name: "top_platform", value: (r: SiteWeek) => r.topPlatform },
      ],
    }),
  },
};

export const SCANS_CSV: CsvPage<Context<AppEnv>, "domains"> = {
  path: "/app/scans",
  // Registered before scan-report.tsx's `/app/scans/*` guard and its `/:domain/:id` route.
  guard,
  input: async (c) => c,
  fileName: () => "scan-reports",
  tables: {
    domains: csvTable({
      title: "Scan reports",
      read: (c: Context<AppEnv>) => workspaceScanDomains(c.env.DB, c.get("workspace").id),
      columns: [
        { name: "domain", value: (d: WorkspaceScanDomain) => d.domain },
        { name: "site", value: (d: WorkspaceScanDomain) => d.site },
        { name: "monitor", value: (d: WorkspaceScanDomain) => d.monitor },
        { name: "overall_score", value: (d: WorkspaceScanDomain) => d.latest?.overallScore ?? null },
        { name: "scan_id", value: (d: WorkspaceScanDomain) => d.latest?.id ?? null },
        { name: "last_seen_at", value: (d: WorkspaceScanDomain) => isoTime(d.latest?.lastSeenAt ?? null) },
      ],
    }),
  },
};
