import { type WorkspaceScanDomain, workspaceScanDomains } from "@shared/reads/workspace-scan-domains";
import { type SiteTotals, type WorkspaceTraffic, workspaceTraffic } from "@shared/reads/workspace-traffic";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, isoTime, metric } from "./csv-download";
import { dashboardQuery } from "./dashboard-query";
import { pageWindowInput } from "./report-window-form";

// The workspace pages' tables as CSV: the overview's Sites card (the workspace traffic use
// case, with the page's period and filters) and the scan reports' domain list, read as
// the pages read them.

const guard = [requireSignIn(), requireWorkspace()];

export const OVERVIEW_CSV: CsvPage<WorkspaceTraffic | null, "sites"> = {
  path: "/app",
  guard,
  input: async (c) => {
    const ctx = pageContext(c);
    const { query } = dashboardQuery(c.req.query());
    const { input } = pageWindowInput(query, ctx.nowMs, ctx.timeZone);
    return pageValue(await workspaceTraffic(ctx, { ...input, ...query.filters }));
  },
  fileName: () => "sites",
  tables: {
    sites: csvTable({
      title: "Sites",
      read: (w: WorkspaceTraffic | null) => w?.sites ?? [],
      // Each site's traffic report over the page's window and filters: `agent_sessions` is
      // the overview's `total_sessions` (and of its previous period), `all_sessions` the
      // sources report's `total_sessions`; their headers are the metric catalogue's.
      columns: [
        { name: "domain", value: (r: SiteTotals) => r.site.domain },
        { name: "name", value: (r: SiteTotals) => r.site.name },
        metric("agent_sessions", (r: SiteTotals) => r.agentSessions),
        metric("agent_sessions", (r: SiteTotals) => r.previousAgentSessions, { previous: true }),
        metric("all_sessions", (r: SiteTotals) => r.allSessions),
      ],
    }),
  },
};

export const SCANS_CSV: CsvPage<WorkspaceScanDomain[], "domains"> = {
  path: "/app/scans",
  // Registered before scan-report.tsx's `/app/scans/*` guard and its `/:domain/:id` route.
  guard,
  input: async (c) => pageValue(await workspaceScanDomains(pageContext(c), {})),
  fileName: () => "scan-reports",
  tables: {
    domains: csvTable({
      title: "Scan reports",
      read: (domains: WorkspaceScanDomain[]) => domains,
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
