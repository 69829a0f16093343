import { workspaceSite } from "@shared/reads/site-install";
import type { Result } from "@shared/result/result";
import type { SiteRecord } from "@shared/sites/site-row";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";

/**
 * The site a dashboard page is about: `:domain` of the URL, looked up in the current
 * workspace by the same use case as the API's (`workspaceSite`), so a domain of another
 * workspace is "not found" here exactly as in the API.
 */
export async function siteOfPage(c: Context<AppEnv>): Promise<SiteRecord> {
  const raw = c.req.param("domain") ?? "";
  return sitePageValue(raw, await workspaceSite(pageContext(c), { domain: raw }));
}

/**
 * The value of a use case's answer about the page's site (`:domain`), or its refusal as
 * the error page: a malformed domain is "not found" here, as `siteOfPage` answers it.
 */
export function sitePageValue<T>(rawDomain: string, result: Result<T>): T {
  if (!result.ok && result.code === "invalid_domain")
    throw new HTTPException(404, { message: `${rawDomain} is not a domain.` });
  return pageValue(result);
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
