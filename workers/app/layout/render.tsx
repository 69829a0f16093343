import { withoutBidiControls } from "@shared/encoding/display-text";
import { DEFAULT_TIME_ZONE } from "@shared/time/time-zone";
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { appHref } from "./app-href";
import { Notice } from "./form";
import { TimeZoneContext } from "./format-time";
import { type Chrome, Layout } from "./layout";

/** What the layout needs from the request: path, CSRF token, and the user/workspace when set. */
export function chromeOf(c: Context<AppEnv>): Chrome {
  return {
    path: c.req.path,
    csrf: c.get("csrfToken"),
    user: c.get("user"),
    workspace: c.get("workspace"),
    href: (path) => appHref(c, path),
  };
}

/**
 * Renders a page inside the shared layout. HTML answers are never cached: they can
 * show a key once, or a person's workspaces.
 */
export async function renderPage(
  c: Context<AppEnv>,
  page: { title: string; body: Child; status?: ContentfulStatusCode },
): Promise<Response> {
  // Every <Time> on the page shows the workspace's zone (docs/app.md "Time zone").
  const html = await (
    <TimeZoneContext.Provider value={c.get("workspace")?.timeZone ?? DEFAULT_TIME_ZONE}>
      <Layout title={page.title} chrome={chromeOf(c)}>
        {page.body}
      </Layout>
    </TimeZoneContext.Provider>
  ).toString();
  c.header("Cache-Control", "no-store");
  // Every page passes through here, so no user-controlled text (site names, emails,
  // interaction targets...) can carry a bidi override into any page.
  return c.html(`<!doctype html>${withoutBidiControls(html)}`, page.status ?? 200);
}

/** A form answered again after a refused POST: the refusal, announced, above the form as typed. */
export function renderRefused(
  c: Context<AppEnv>,
  page: { title: string; status: ContentfulStatusCode; message: string; form: Child },
): Promise<Response> {
  return renderPage(c, {
    title: page.title,
    status: page.status,
    body: (
      <>
        <Notice kind="error">{page.message}</Notice>
        {page.form}
      </>
    ),
  });
}
