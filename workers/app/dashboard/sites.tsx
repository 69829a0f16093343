import { canManageWorkspace } from "@shared/accounts/roles";
import { database } from "@shared/db/client";
import { hostFromInput } from "@shared/domains/host-from-input";
import { normalizeRegistrableDomain } from "@shared/domains/normalize-domain";
import { ApiError } from "@shared/errors/api-error";
import { installCheck, installChecks } from "@shared/sessions/install-check";
import { listSites } from "@shared/sites/list-sites";
import { registerSite } from "@shared/sites/register-site";
import { COVERAGE_VALUES, type Coverage, SITES_PER_WORKSPACE } from "@shared/sites/site-limits";
import { serviceBaseUrl } from "@shared/sites/snippet";
import { updateCoverage } from "@shared/sites/update-coverage";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { DataTable } from "../layout/data-table";
import { Notice, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE } from "./assets";
import { InstallStatusBox, installStatusJson, StatusWord } from "./install-view";
import { siteOfPage, sitePaths } from "./site-context";
import { SiteNav } from "./site-nav";

const SITES = "/app/sites";
const NAME_MAX = 100;

const now = () => Date.now();
const baseUrl = (c: Context<AppEnv>) => serviceBaseUrl(undefined, c.req.url);

function AddSiteForm(props: { csrf: string; domain?: string; name?: string }) {
  return (
    <PostForm action={SITES} csrf={props.csrf}>
      <h2>Add a site</h2>
      <div class="field">
        <label for="site-domain">Domain</label>
        <input id="site-domain" name="domain" type="text" required maxlength={2048} value={props.domain ?? ""} />
        <p class="hint">The shop's host, such as shop.example (a pasted URL keeps only its host).</p>
      </div>
      <div class="field">
        <label for="site-name">Name</label>
        <input id="site-name" name="name" type="text" maxlength={NAME_MAX} value={props.name ?? ""} />
      </div>
      <button type="submit">Add site</button>
    </PostForm>
  );
}

/** Sites of the workspace, newest first, with the install status the API reports for each. */
async function sitesPage(c: Context<AppEnv>, form: { error?: string; domain?: string; name?: string } = {}) {
  const workspace = c.get("workspace");
  const page = await listSites(database(c.env.DB), workspace.id, 100, null);
  // One read for every listed site's install status, not one per site.
  const checks = await installChecks(
    c.env.DB,
    workspace.id,
    page.sites.map((s) => s.domain),
    baseUrl(c),
    now(),
  );
  return renderPage(c, {
    title: "Sites",
    status: form.error ? 400 : 200,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        {form.error ? <Notice kind="error">{form.error}</Notice> : null}
        {page.sites.length === 0 ? (
          <div class="empty">
            <p>
              No sites yet. Add your shop's domain below: you get a snippet to put on its pages, and this page shows
              when its first request arrives.
            </p>
          </div>
        ) : (
          <DataTable
            caption={{
              text: `${page.total} of at most ${SITES_PER_WORKSPACE} sites${page.next ? " (the newest 100 are listed)" : ""}`,
              visible: true,
            }}
            columns={["Site", "Install status", "Last session", "Reports"]}
          >
            {page.sites.map((s) => {
              const paths = sitePaths(s.domain);
              const check = checks.get(s.domain);
              return (
                <tr data-domain={s.domain}>
                  <td data-label="Site">
                    <a href={paths.install}>{s.domain}</a>
                    {s.name !== s.domain ? <span class="hint"> {s.name}</span> : null}
                  </td>
                  <td data-label="Install status">{check ? <StatusWord status={check.status} /> : null}</td>
                  <td data-label="Last session">
                    <Time at={s.lastEventAt} never="None yet" />
                  </td>
                  <td data-label="Reports">
                    <a href={paths.traffic}>
                      Traffic<span class="visually-hidden"> of {s.domain}</span>
                    </a>{" "}
                    ·{" "}
                    <a href={paths.sessions}>
                      Sessions<span class="visually-hidden"> of {s.domain}</span>
                    </a>{" "}
                    ·{" "}
                    <a href={`/app/scans/${encodeURIComponent(s.domain)}`}>
                      Scan report<span class="visually-hidden"> of {s.domain}</span>
                    </a>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        {canManageWorkspace(workspace.role) ? (
          <AddSiteForm csrf={c.get("csrfToken")} domain={form.domain} name={form.name} />
        ) : (
          <Notice kind="info">Your role here is member (read-only): owners and admins add sites.</Notice>
        )}
      </>
    ),
  });
}

export function registerSites(app: Hono<AppEnv>) {
  app.use(SITES, requireSignIn(), requireWorkspace());
  app.use(`${SITES}/*`, requireSignIn(), requireWorkspace());

  app.get(SITES, (c) => sitesPage(c));

  // Add site: the v1 registration (same normalisation, public-suffix refusal, ceiling,
  // idempotency), then the site's page with its snippet and live install status.
  app.post(SITES, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody();
    const rawDomain = typeof form.domain === "string" ? hostFromInput(form.domain) : "";
    const name = typeof form.name === "string" ? form.name.trim().slice(0, NAME_MAX) : "";
    const domain = normalizeRegistrableDomain(rawDomain);
    if (!domain.ok) return sitesPage(c, { error: domain.message, domain: rawDomain, name });
    try {
      await registerSite(c.env.DB, {
        workspaceId: c.get("workspace").id,
        domain: domain.domain,
        name: name || domain.domain,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status < 500)
        return sitesPage(c, { error: err.message, domain: rawDomain, name });
      throw err;
    }
    return c.redirect(sitePaths(domain.domain).install, 303);
  });

  app.get(`${SITES}/:domain`, async (c) => {
    const site = await siteOfPage(c);
    const workspace = c.get("workspace");
    const check = await installCheck(c.env.DB, workspace.id, site.domain, baseUrl(c), now());
    if (!check) throw new HTTPException(404, { message: "No such site in this workspace." });
    const admin = canManageWorkspace(workspace.role);
    return renderPage(c, {
      title: site.domain,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <SiteNav domain={site.domain} current="install" />
          <h2>Snippet</h2>
          <p>
            Put this element on every page of <strong>{site.domain}</strong>, before <code>&lt;/body&gt;</code>. It
            stores nothing in the visitor's browser (privacy mode <code>{check.privacy}</code>).
          </p>
          <code id="snippet" class="snippet">
            {check.snippet}
          </code>
          <p class="actions">
            <button type="button" class="secondary" data-copy="snippet" hidden>
              Copy snippet
            </button>
            <span id="snippet-status" role="status" />
          </p>
          <InstallStatusBox check={check} />
          <h2>Coverage</h2>
          <p>
            {site.coverage === "all_traffic"
              ? "All traffic: every visit is recorded, humans included."
              : "AI and tagged traffic only: plain human visits are not recorded, so totals and shares describe AI plus tagged or paid traffic."}{" "}
            {site.coverageChangedAt ? (
              <>
                Since <Time at={site.coverageChangedAt} />.
              </>
            ) : null}
          </p>
          {admin ? (
            <PostForm action={sitePaths(site.domain).coverage} csrf={c.get("csrfToken")} class="actions">
              <label for="coverage">Record</label>
              <select id="coverage" name="coverage">
                <option value="all_traffic" selected={site.coverage === "all_traffic"}>
                  All traffic
                </option>
                <option value="ai_and_tagged" selected={site.coverage === "ai_and_tagged"}>
                  AI and tagged traffic only
                </option>
              </select>
              <button type="submit">Change coverage</button>
            </PostForm>
          ) : null}
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });

  // The page's JSON twin for its polling script: the API's install check, same function.
  app.get(`${SITES}/:domain/install-status`, async (c) => {
    const site = await siteOfPage(c);
    const check = await installCheck(c.env.DB, c.get("workspace").id, site.domain, baseUrl(c), now());
    if (!check) throw new HTTPException(404, { message: "No such site in this workspace." });
    c.header("Cache-Control", "no-store");
    return c.json(installStatusJson(check));
  });

  // Coverage (docs/decisions.md#5-traffic-reports), admins only: the same update as PATCH /api/v1/sites/{site_id}.
  app.post(`${SITES}/:domain/coverage`, requireRole("admin"), async (c) => {
    const site = await siteOfPage(c);
    const form = await c.req.parseBody();
    const coverage = form.coverage;
    if (typeof coverage !== "string" || !(COVERAGE_VALUES as readonly string[]).includes(coverage)) {
      throw new HTTPException(400, { message: "Coverage is all_traffic or ai_and_tagged." });
    }
    await updateCoverage(database(c.env.DB), c.get("workspace").id, site.id, coverage as Coverage);
    return c.redirect(sitePaths(site.domain).install, 303);
  });
}
