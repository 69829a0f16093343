import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/accounts/password-policy";
import { canManageWorkspace } from "@shared/accounts/roles";
import {
  createSharedLink,
  listSharedLinks,
  revokeSharedLink,
  SHARED_LINK_NAME_MAX,
  SHARED_LINKS_PER_SITE,
} from "@shared/shared-links/shared-link-actions";
import type { SharedLinkRecord } from "@shared/shared-links/shared-link-store";
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { DataTable } from "../layout/data-table";
import { FlashNotice } from "../layout/flash-notice";
import { Notice, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DASHBOARD_STYLE } from "./assets";
import { sharedLinkPath } from "./shared-dashboard";
import { sitePageValue } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";

// A site's shared links (docs/app.md "Shared links"), managed through their use cases
// (shared/shared-links/shared-link-actions.ts): owners and admins create one (a name and,
// if they like, a password) and revoke one; members see the list. A new link's address
// is shown once, Post/Redirect/Get as for API keys: the service keeps only its hash.

const PATH = "/app/sites/:domain/sharing";

function CreateForm(props: { action: string; csrf: string; name?: string }) {
  return (
    <PostForm action={props.action} csrf={props.csrf} class="card">
      <h2>Create a shared link</h2>
      <p class="hint">
        Anyone with the link sees this site's dashboard, read-only: its numbers, chart and breakdowns for any period and
        filter, and nothing else of the workspace. Search engines are asked not to index it.
      </p>
      <div class="field">
        <label for="share-name">Name</label>
        <input
          id="share-name"
          name="name"
          type="text"
          required
          maxlength={SHARED_LINK_NAME_MAX}
          value={props.name ?? ""}
          aria-describedby="share-name-hint"
        />
        <p class="hint" id="share-name-hint">
          Who it is for, e.g. “Agency”. Only your workspace sees it.
        </p>
      </div>
      <div class="field">
        <label for="share-password">Password (optional)</label>
        <input
          id="share-password"
          name="password"
          type="password"
          autocomplete="new-password"
          minlength={PASSWORD_MIN_LENGTH}
          maxlength={PASSWORD_MAX_LENGTH}
          aria-describedby="share-password-hint"
        />
        <p class="hint" id="share-password-hint">
          At least {PASSWORD_MIN_LENGTH} characters; leave empty for a link that opens without one.
        </p>
      </div>
      <button type="submit">Create link</button>
    </PostForm>
  );
}

function LinksTable(props: {
  links: SharedLinkRecord[];
  admin: boolean;
  csrf: string;
  revokeAction: (id: string) => string;
}) {
  if (props.links.length === 0)
    return <p class="empty">No shared links yet. A link lets someone outside the workspace see this dashboard.</p>;
  return (
    <DataTable
      caption={{ text: `Links of this site, newest first (at most ${SHARED_LINKS_PER_SITE} live)`, visible: true }}
      columns={["Name", "Password", "Created", "Last opened", "Status", props.admin && "Actions"]}
    >
      {props.links.map((link) => (
        <tr data-link={link.id}>
          <td data-label="Name">{link.name}</td>
          <td data-label="Password">{link.hasPassword ? "Yes" : "No"}</td>
          <td data-label="Created">
            <Time at={link.createdAt} />
          </td>
          <td data-label="Last opened">
            <Time at={link.lastViewedAt} never="Never" />
          </td>
          <td data-label="Status">
            {link.revokedAt === null ? (
              <span class="badge badge-good">Live</span>
            ) : (
              <>
                <span class="badge badge-neutral">Revoked</span> <Time at={link.revokedAt} />
              </>
            )}
          </td>
          {props.admin ? (
            <td data-label="Actions">
              {link.revokedAt === null ? (
                <PostForm action={props.revokeAction(link.id)} csrf={props.csrf}>
                  <button type="submit" class="danger">
                    Revoke<span class="visually-hidden"> {link.name}</span>
                  </button>
                </PostForm>
              ) : null}
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}

async function sharingPage(
  c: Context<AppEnv>,
  page: { status?: ContentfulStatusCode; error?: string; name?: string } = {},
) {
  const domain = c.req.param("domain") ?? "";
  const { site, links } = sitePageValue(domain, await listSharedLinks(pageContext(c), { domain }));
  const admin = canManageWorkspace(c.get("workspace").role);
  const base = siteHref(c, site.domain, "sharing");
  const csrf = c.get("csrfToken");
  return renderPage(c, {
    title: `Shared links of ${site.domain}`,
    status: page.status,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        <SiteNav c={c} domain={site.domain} current="sharing" />
        {page.error ? <Notice kind="error">{page.error}</Notice> : <FlashNotice flash={await takeFlash(c)} />}
        <LinksTable links={links} admin={admin} csrf={csrf} revokeAction={(id) => `${base}/${id}/revoke`} />
        {admin ? (
          <CreateForm action={base} csrf={csrf} name={page.name} />
        ) : (
          <Notice kind="info">Your role here is member (read-only): owners and admins create and revoke links.</Notice>
        )}
      </>
    ),
  });
}

export function registerSharingPage(app: Hono<AppEnv>) {
  // Sign-in and workspace come from the `/app/sites/*` middleware of sites.tsx.
  app.get(PATH, (c) => sharingPage(c));

  app.post(PATH, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody();
    const name = typeof form.name === "string" ? form.name : "";
    const password = typeof form.password === "string" ? form.password : "";
    const domain = c.req.param("domain") ?? "";
    const created = await createSharedLink(pageContext(c), { domain, name, password });
    if (!created.ok && (created.code === "invalid_request" || created.code === "limit_reached"))
      return sharingPage(c, {
        status: created.code === "limit_reached" ? 403 : 400,
        error: created.message,
        name: name.slice(0, SHARED_LINK_NAME_MAX),
      });
    const { link, token } = sitePageValue(domain, created);
    const address = `${pageContext(c).baseUrl}${sharedLinkPath(token)}`;
    return redirectWithFlash(c, siteHref(c, c.req.param("domain") ?? "", "sharing"), {
      kind: "secret",
      id: "new-link",
      heading: `Shared link “${link.name}”`,
      text: link.hasPassword
        ? "Its address, shown only this once: send it, and the password apart from it."
        : "Its address, shown only this once: anyone who has it sees the dashboard.",
      value: address,
    });
  });

  app.post(`${PATH}/:id/revoke`, requireRole("admin"), async (c) => {
    const domain = c.req.param("domain") ?? "";
    const revoked = pageValue(await revokeSharedLink(pageContext(c), { domain, id: c.req.param("id") ?? "" }));
    return redirectWithFlash(c, siteHref(c, domain, "sharing"), {
      kind: "success",
      text: `Revoked “${revoked.name}”: its address now answers “not found”.`,
    });
  });
}
