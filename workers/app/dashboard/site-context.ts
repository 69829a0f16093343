import { normalizeDomain } from "@shared/domains/normalize-domain";
import { findReportSite } from "@shared/reports/report-site";
import type { SiteRecord } from "@shared/sites/site-row";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { pageValue } from "../refusal-page";

/**
 * The site a dashboard page is about: `:domain` of the URL, looked up in the current
 * workspace with the v1 reports' own lookup (`findReportSite`), so a domain of another
 * workspace is "not found" here exactly as in the API.
 */
export async function siteOfPage(c: Context<AppEnv>): Promise<SiteRecord> {
  const raw = c.req.param("domain") ?? "";
  const domain = normalizeDomain(raw);
  if (!domain.ok) throw new HTTPException(404, { message: `${raw} is not a domain.` });
  return pageValue(await findReportSite(c.env.DB, c.get("workspace").id, domain.domain));
}

/** The dashboard's links for one site in this page's workspace, in the order of its sub-navigation. */
export function sitePaths(c: Context<AppEnv>, domain: string) {
  const base = appHref(c, `/sites/${encodeURIComponent(domain)}`);
  return {
    install: base,
    status: `${base}/install-status`,
    coverage: `${base}/coverage`,
    rename: `${base}/name`,
    remove: `${base}/delete`,
    traffic: `${base}/traffic`,
    sessions: `${base}/sessions`,
  };
}
