import { countText } from "@shared/display/count-text";
import { normalizeDomain } from "@shared/domains/normalize-domain";
import { REQUEST_ID_HEADER } from "@shared/http/request-id";
import { domainReport, domainScanHistory, latestDomainScan, scanById, scanRun } from "@shared/reads/scan-pages";
import { isWorkspaceScanDomain, workspaceScanDomains } from "@shared/reads/workspace-scan-domains";
import { replayNotice } from "@shared/scan/report/html/report-notices";
import { REPORT_STYLE } from "@shared/scan/report/html/report-style";
import { reportView, scannedLine } from "@shared/scan/report/html/report-view";
import { requestScan } from "@shared/scan/scan-client";
import { ScanIdParam } from "@shared/scan/scan-id";
import type { ScanResult, ScanSummary } from "@shared/scan/scan-store";
import type { Context, Hono } from "hono";
import { html } from "hono/html";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { Notice, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { earlyRead } from "../middleware/early-read";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { appContext, pageContext } from "../request-context";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { DomainList, ScanHistory, scanReportPath } from "./scan-report-parts";
import { SCANS_CSV } from "./workspace-csv";

// The scan report inside the application (docs/app.md "Scan reports"): for each domain of
// the workspace's sites and monitors, its latest report in the app's layout, rendered by
// the same view as the public /scan/{id} (shared/scan/report/html), with the domain's
// earlier scans and "Scan now".

const PATH = "/app/scans";
const REPORT_CSS = "/app/assets/scan-report.css";
/** How many earlier scans the history lists (a domain scanned daily: about three weeks). */
const HISTORY = 20;
const NOT_HERE = "No scan report for this domain in this workspace: add it as a site or a monitor first.";

/** `:domain` of the URL, normalised, or null when it is not a domain. */
function domainOf(c: Context<AppEnv>): string | null {
  const domain = normalizeDomain(c.req.param("domain") ?? "");
  return domain.ok ? domain.domain : null;
}

/** `:domain` of the URL, normalised, or a 404 when it is not a domain. */
function domainParam(c: Context<AppEnv>): string {
  const domain = domainOf(c);
  if (domain === null) throw new HTTPException(404, { message: NOT_HERE });
  return domain;
}

// The workspace check, the latest scan (with its previous) and the history: one D1 batch,
// started beside the session check (middleware/early-read.ts); nothing renders unless
// the session, the membership and the workspace check pass.
const latestReport = earlyRead((c, workspaceId) => {
  const domain = domainOf(c);
  return domain === null ? null : domainReport(appContext(c), { workspaceId, domain, history: HISTORY });
});

/** 404 unless `domain` is one of the workspace's sites or monitors. */
async function mustBeWorkspaceDomain(c: Context<AppEnv>, domain: string): Promise<void> {
  if (!pageValue(await isWorkspaceScanDomain(pageContext(c), { domain })))
    throw new HTTPException(404, { message: NOT_HERE });
}

/** `:domain` of the URL, normalised, only when it is one of the workspace's sites or monitors; 404 otherwise. */
async function workspaceDomain(c: Context<AppEnv>): Promise<string> {
  const domain = domainParam(c);
  await mustBeWorkspaceDomain(c, domain);
  return domain;
}

function ScanNow(props: { c: Context<AppEnv>; domain: string; scanned: boolean }) {
  return (
    <PostForm action={scanReportPath(props.c, props.domain)} csrf={props.c.get("csrfToken")} class="actions scan-now">
      <button type="submit" data-busy-text="Scanning… (up to 30 seconds)">
        Scan now
      </button>
      <span class="hint">
        {props.scanned ? "Scans again" : "Scans"} {props.domain} with the public scanner, within its hourly limits; the
        new report opens when the scan is done, within 30 seconds.
      </span>
    </PostForm>
  );
}

async function reportPage(
  c: Context<AppEnv>,
  domain: string,
  scan: ScanResult | null | Promise<ScanResult | null>,
  extra: { before?: Child; status?: 200 | 400 | 429 | 502 } = {},
  earlier: Promise<ScanSummary[]> = domainScanHistory(appContext(c), { domain, limit: HISTORY }).then(pageValue),
) {
  const [shown, history] = await Promise.all([scan, earlier]);
  const latestId = history[0]?.id;
  const origin = new URL(c.req.url).origin;
  return renderPage(c, {
    title: `Scan report: ${domain}`,
    status: extra.status,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        <link rel="stylesheet" href={REPORT_CSS} />
        <p>
          <a href={appHref(c, "/scans")}>All scan reports</a>
          {shown ? (
            <>
              {" · "}
              <a href={`/scan/${shown.id}`}>Public link to this report</a>
            </>
          ) : null}
        </p>
        {extra.before}
        <ScanNow c={c} domain={domain} scanned={shown !== null} />
        {shown === null ? (
          <p class="empty">{domain} has not been scanned yet. Scan it now to see what AI agents find there.</p>
        ) : (
          <>
            {shown.id !== latestId && latestId ? (
              <Notice kind="info">
                This is an earlier scan. <a href={scanReportPath(c, domain)}>See the latest report</a>.
              </Notice>
            ) : null}
            {reportView(shown, {
              origin,
              head: html`<p class="muted">${scannedLine(shown, c.get("workspace").timeZone)}</p>`,
              previousHref: (id) => scanReportPath(c, domain, id),
              zone: c.get("workspace").timeZone,
            })}
            <ScanHistory c={c} domain={domain} scans={history} shownId={shown.id} />
          </>
        )}
      </>
    ),
  });
}

export function registerScanReports(app: Hono<AppEnv>) {
  app.get(REPORT_CSS, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(REPORT_STYLE, 200, { "Content-Type": "text/css; charset=utf-8" });
  });
  app.use(`${PATH}/:domain`, latestReport.start);
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => {
    const domains = pageValue(await workspaceScanDomains(pageContext(c), {}));
    return renderPage(c, {
      title: "Scan reports",
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <p class="hint">
            The agent readiness scan of each domain of this workspace's sites and monitors: the latest score, and the
            report with what to fix first.
          </p>
          <DomainList c={c} domains={domains} />
          {domains.length > 0 ? <CsvLink c={c} page={SCANS_CSV} at="/scans" table="domains" /> : null}
        </>
      ),
    });
  });

  app.get(`${PATH}/:domain`, async (c) => {
    const domain = domainParam(c);
    const read = await latestReport.take(c);
    const report = read ? pageValue(read) : null;
    if (!report?.allowed) throw new HTTPException(404, { message: NOT_HERE });
    return reportPage(c, domain, report.latest, {}, Promise.resolve(report.history));
  });

  app.get(`${PATH}/:domain/:id`, async (c) => {
    const domain = await workspaceDomain(c);
    const id = c.req.param("id").toLowerCase();
    // A scan of another domain is not this domain's report, whoever may see it publicly.
    const scan = ScanIdParam.safeParse({ id }).success
      ? pageValue(await scanById(appContext(c), { scanId: id }))
      : null;
    if (!scan || scan.domain !== domain) throw new HTTPException(404, { message: `No scan of ${domain} has this id.` });
    // `?replay={run}`: the scan API answered with a finished run, not a new scan (issue 45).
    const run = ScanIdParam.safeParse({ id: c.req.query("replay") }).success
      ? pageValue(await scanRun(appContext(c), { runId: String(c.req.query("replay")) }))
      : null;
    return reportPage(
      c,
      domain,
      scan,
      run?.scanId === scan.id ? { before: replayNotice(run, scan, null, c.get("workspace").timeZone) } : {},
    );
  });

  // Scan now: the public scan API over the SCAN binding, with the visitor's address, so
  // the per-IP and per-domain limits are the public page's. Any member may scan: a scan
  // changes nothing in the workspace and anyone may scan any domain on the public page.
  app.post(`${PATH}/:domain`, async (c) => {
    const domain = await workspaceDomain(c);
    const headers = new Headers({ [REQUEST_ID_HEADER]: c.get("requestId") });
    const ip = c.req.header("CF-Connecting-IP");
    if (ip) headers.set("CF-Connecting-IP", ip);
    const outcome = await requestScan(c.env.SCAN, c.req.url, domain, headers);
    if (outcome.kind === "complete") {
      const replay = outcome.replayed && outcome.runId ? `?replay=${outcome.runId}` : "";
      return c.redirect(`${scanReportPath(c, domain, outcome.id)}${replay}`, 303);
    }
    const latest = pageValue(await latestDomainScan(appContext(c), { domain }));
    const keep = latest ? " The report below is the last one." : "";
    if (outcome.kind === "refused" && outcome.status === 429) {
      const wait = outcome.retryAfterSeconds ?? 3600;
      c.header("Retry-After", String(wait));
      const minutes = Math.max(1, Math.ceil(wait / 60));
      return reportPage(c, domain, latest, {
        status: 429,
        before: (
          <Notice kind="error">
            {outcome.error} The next scan is allowed at <Time at={Date.now() + wait * 1000} /> (in{" "}
            {countText(minutes, "minute")}).{keep}
          </Notice>
        ),
      });
    }
    // 400: the scan API refused the domain; anything else: the scanner could not answer.
    const status = outcome.kind === "refused" && outcome.status === 400 ? 400 : 502;
    return reportPage(c, domain, latest, {
      status,
      before: (
        <Notice kind="error">
          The scan did not run: {outcome.error}.{keep}
        </Notice>
      ),
    });
  });
}
