import { canManageWorkspace } from "@shared/accounts/roles";
import { hostFromInput } from "@shared/domains/host-from-input";
import { sitesWithInstall, siteWithInstall } from "@shared/reads/site-install";
import { deleteSite } from "@shared/site-deletion/delete-site";
import { registerSite } from "@shared/sites/register-site";
import { COVERAGE_VALUES, type Coverage, SITE_NAME_MAX, SITES_PER_WORKSPACE } from "@shared/sites/site-limits";
import { updateSite } from "@shared/sites/update-site";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { FlashNotice } from "../layout/flash-notice";
import { ConfirmActions, Notice, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE } from "./assets";
import { InstallStatusBox, installStatusJson, StatusWord } from "./install-view";
import { siteOfPage, sitePageValue, sitePaths } from "./site-context";
import { SiteNav } from "./site-nav";

const SITES = "/app/sites";

function AddSiteForm(props: { c: Context<AppEnv>; csrf: string; domain?: string; name?: string }) {
  return (
    <PostForm action={appHref(props.c, "/sites")} csrf={props.csrf}>
      <h2>Add a site</h2>
      <div class="field">
        <label for="site-domain">Domain</label>
        <input id="site-domain" name="domain" type="text" required maxlength={2048} value={props.domain ?? ""} />
        <p class="hint">The shop's host, such as shop.example (a pasted URL keeps only its host).</p>
      </div>
      <div class="field">
        <label for="site-name">Name</label>
        <input id="site-name" name="name" type="text" maxlength={SITE_NAME_MAX} value={props.name ?? ""} />
      </div>
      <button type="submit">Add site</button>
    </PostForm>
  );
}

/** Rename and delete, on the site's page for owners and admins. */
function SiteAdmin(props: { c: Context<AppEnv>; csrf: string; site: { domain: string; name: string } }) {
  const paths = sitePaths(props.c, props.site.domain);
  return (
    <>
      <h2>Name</h2>
      <PostForm action={paths.rename} csrf={props.csrf} class="actions">
        <label for="site-rename">Display name</label>
        <input id="site-rename" name="name" type="text" required maxlength={SITE_NAME_MAX} value={props.site.name} />
        <button type="submit">Rename</button>
      </PostForm>
      <h2>Delete</h2>
      <form method="get" action={paths.remove}>
        <button type="submit" class="danger">
          Delete this site…
        </button>
      </form>
    </>
  );
}

/** Sites of the workspace, newest first, with the install status the API reports for each. */
async function sitesPage(
  c: Context<AppEnv>,
  form: { error?: string; status?: 400 | 403; domain?: string; name?: string } = {},
) {
  const workspace = c.get("workspace");
  const page = pageValue(await sitesWithInstall(pageContext(c), { limit: 100 }));
  return renderPage(c, {
    title: "Sites",
    status: form.error ? (form.status ?? 400) : 200,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        {form.error ? <Notice kind="error">{form.error}</Notice> : <FlashNotice flash={await takeFlash(c)} />}
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
              text: `${page.total} of at most ${SITES_PER_WORKSPACE} sites${page.more ? " (the newest 100 are listed)" : ""}`,
              visible: true,
            }}
            columns={["Site", "Install status", "Last session", "Reports"]}
          >
            {page.sites.map(({ site: s, install: check }) => {
              const paths = sitePaths(c, s.domain);
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
                    <a href={appHref(c, `/scans/${encodeURIComponent(s.domain)}`)}>
                      Scan report<span class="visually-hidden"> of {s.domain}</span>
                    </a>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        {canManageWorkspace(workspace.role) ? (
          <AddSiteForm c={c} csrf={c.get("csrfToken")} domain={form.domain} name={form.name} />
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
  // idempotency), then the site's page with its snippet and live install status. A
  // refusal (bad domain, the ceiling) re-renders the form with the reason: nothing was created.
  app.post(SITES, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody();
    const rawDomain = typeof form.domain === "string" ? hostFromInput(form.domain) : "";
    const name = typeof form.name === "string" ? form.name.trim().slice(0, SITE_NAME_MAX) : "";
    const registered = await registerSite(pageContext(c), { domain: rawDomain, name });
    if (!registered.ok) {
      const status = registered.code === "limit_reached" ? 403 : 400;
      return sitesPage(c, { error: registered.message, status, domain: rawDomain, name });
    }
    return c.redirect(sitePaths(c, registered.value.site.domain).install, 303);
  });

  app.get(`${SITES}/:domain`, async (c) => {
    const domain = c.req.param("domain");
    const { site, install: check } = sitePageValue(domain, await siteWithInstall(pageContext(c), { domain }));
    const flash = await takeFlash(c);
    const workspace = c.get("workspace");
    const admin = canManageWorkspace(workspace.role);
    return renderPage(c, {
      title: site.domain,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <SiteNav c={c} domain={site.domain} current="install" />
          <FlashNotice flash={flash} />
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
          <InstallStatusBox c={c} check={check} />
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
            <PostForm action={sitePaths(c, site.domain).coverage} csrf={c.get("csrfToken")} class="actions">
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
          {admin ? <SiteAdmin c={c} csrf={c.get("csrfToken")} site={site} /> : null}
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });

  // The page's JSON twin for its polling script: the API's install check, same function.
  app.get(`${SITES}/:domain/install-status`, async (c) => {
    const domain = c.req.param("domain");
    const { install } = sitePageValue(domain, await siteWithInstall(pageContext(c), { domain }));
    c.header("Cache-Control", "no-store");
    return c.json(installStatusJson(install));
  });

  // Coverage (docs/decisions.md#5-traffic-reports), admins only: the same update as PATCH /api/v1/sites/{site_id}.
  app.post(`${SITES}/:domain/coverage`, requireRole("admin"), async (c) => {
    const domain = c.req.param("domain");
    const form = await c.req.parseBody();
    const coverage = form.coverage;
    if (typeof coverage !== "string" || !(COVERAGE_VALUES as readonly string[]).includes(coverage)) {
      throw new HTTPException(400, { message: "Coverage is all_traffic or ai_and_tagged." });
    }
    const changes = { coverage: coverage as Coverage };
    const site = sitePageValue(domain, await updateSite(pageContext(c), { site: domain, changes }));
    return c.redirect(sitePaths(c, site.domain).install, 303);
  });

  // Rename = PATCH /api/v1/sites/{site_id} with `name`: the display name only, never the domain.
  app.post(`${SITES}/:domain/name`, requireRole("admin"), async (c) => {
    const domain = c.req.param("domain");
    const form = await c.req.parseBody();
    const name = typeof form.name === "string" ? form.name.trim().slice(0, SITE_NAME_MAX) : "";
    const site = sitePageValue(domain, await updateSite(pageContext(c), { site: domain, changes: { name } }));
    return redirectWithFlash(c, sitePaths(c, site.domain).install, { kind: "success", text: `Renamed to “${name}”.` });
  });

  // Delete = DELETE /api/v1/sites/{site_id}, after a confirmation page (it erases the traffic).
  app.get(`${SITES}/:domain/delete`, requireRole("admin"), async (c) => {
    const site = await siteOfPage(c);
    return renderPage(c, {
      title: `Delete ${site.domain}`,
      body: (
        <>
          <p>
            Delete the site <strong>{site.domain}</strong> and erase its recorded traffic (sessions, events, daily
            numbers)? Its snippet stops being accepted at once. Scans, monitors and recorded conversions are kept. This
            cannot be undone; adding the domain again starts an empty site with a new snippet.
          </p>
          <ConfirmActions
            action={sitePaths(c, site.domain).remove}
            csrf={c.get("csrfToken")}
            label="Confirm delete"
            cancelHref={sitePaths(c, site.domain).install}
          />
        </>
      ),
    });
  });

  app.post(`${SITES}/:domain/delete`, requireRole("admin"), async (c) => {
    const domain = c.req.param("domain");
    const site = sitePageValue(domain, await deleteSite(pageContext(c), { site: domain }));
    return redirectWithFlash(c, appHref(c, "/sites"), {
      kind: "success",
      text: `${site.domain} and its traffic were deleted.`,
    });
  });
}
