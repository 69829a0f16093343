import type { WorkspaceScanDomain } from "@shared/reads/workspace-scan-domains";
import type { ScanSummary } from "@shared/scan/scan-store";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";

/** The in-app report of `domain` (its latest scan), or of one of its scans, in this page's workspace. */
export function scanReportPath(c: Context<AppEnv>, domain: string, scanId?: string): string {
  const base = appHref(c, `/scans/${encodeURIComponent(domain)}`);
  return scanId ? `${base}/${encodeURIComponent(scanId)}` : base;
}

/** "Earlier scans": each stored scan of the domain with its score and date, the one shown marked. */
export function ScanHistory(props: { c: Context<AppEnv>; domain: string; scans: ScanSummary[]; shownId: string }) {
  if (props.scans.length === 0) return null;
  return (
    <section id="history" aria-labelledby="history-title">
      <h2 id="history-title">All scans of {props.domain}</h2>
      <DataTable
        caption={{ text: `Scans of ${props.domain}, last seen first`, visible: false }}
        columns={["Last seen", "Score", "Same result"]}
      >
        {props.scans.map((s) => (
          <tr data-scan={s.id}>
            <td data-label="Last seen">
              <a
                href={scanReportPath(props.c, props.domain, s.id)}
                aria-current={s.id === props.shownId ? "page" : undefined}
              >
                <Time at={s.lastSeenAt} />
              </a>
              {s.id === props.shownId ? " (shown above)" : ""}
            </td>
            <td data-label="Score">{s.overallScore}/100</td>
            <td data-label="Same result">
              {s.seenCount > 1 ? `${s.seenCount} times since ` : "once, "}
              <Time at={s.createdAt} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** The workspace's domains with their latest score, each linking to its report. */
export function DomainList(props: { c: Context<AppEnv>; domains: WorkspaceScanDomain[] }) {
  if (props.domains.length === 0) {
    return (
      <div class="empty">
        <p>
          No domains yet. <a href={appHref(props.c, "/sites")}>Add a site</a> or{" "}
          <a href={appHref(props.c, "/monitors")}>a monitor</a>: their scan reports appear here.
        </p>
      </div>
    );
  }
  return (
    <DataTable
      caption={{ text: "Domains of this workspace, A to Z", visible: false }}
      columns={["Domain", "Latest score", "Last scan", "From"]}
    >
      {props.domains.map((d) => (
        <tr data-domain={d.domain}>
          <td data-label="Domain">
            <a href={scanReportPath(props.c, d.domain)}>{d.domain}</a>
          </td>
          <td data-label="Latest score">{d.latest ? `${d.latest.overallScore}/100` : "Not scanned yet"}</td>
          <td data-label="Last scan">
            <Time at={d.latest?.lastSeenAt ?? null} never="Never" />
          </td>
          <td data-label="From">{[d.site ? "site" : "", d.monitor ? "monitor" : ""].filter(Boolean).join(", ")}</td>
        </tr>
      ))}
    </DataTable>
  );
}
