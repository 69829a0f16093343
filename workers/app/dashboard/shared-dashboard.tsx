import { withoutBidiControls } from "@shared/encoding/display-text";
import { addressSubject } from "@shared/http/client-address";
import { sharedLinkReport } from "@shared/reads/shared-link-report";
import { unlockSharedLink } from "@shared/shared-links/open-shared-link";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { isHttps } from "../cookies";
import { Notice, PostForm } from "../layout/form";
import { TimeZoneContext } from "../layout/format-time";
import { Layout } from "../layout/layout";
import { appContext } from "../request-context";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE, UPLOT_SCRIPT, UPLOT_STYLE } from "./assets";
import { dashboardQuery, queryString } from "./dashboard-query";
import { pageWindowInput } from "./report-window-form";
import { DASHBOARD_REPORTS, SiteDashboard, siteAnswer } from "./site-dashboard";

// A site's dashboard through its shared link (docs/app.md "Shared links"): signed out, at
// /app/share/{token}, read through shared/reads/shared-link-report.ts (the traffic report
// use case in a context made from the link alone). The page carries nothing of the
// workspace: no navigation, no workspace or account, no coverage setup, no downloads; it
// is never indexed (X-Robots-Tag and the robots meta) and sends no Referer, so the
// token in its address never leaves the page. A link with a password asks for it first
// and keeps the browser's proof in a cookie (HttpOnly, SameSite=Lax, 12 hours).

/** The path prefix of every shared link's address. */
export const SHARED_LINK_PREFIX = "/app/share/";
const PATH = `${SHARED_LINK_PREFIX}:token`;

/** The address of a shared link (what the owner sends). */
export function sharedLinkPath(token: string): string {
  return `${SHARED_LINK_PREFIX}${token}`;
}

const PROOF_COOKIE = "ar_share";

/**
 * Every answer under /app/share/ (the dashboard, the password form, a "not found"): never
 * cached, never indexed, never referred onwards. Registered before the app's secure
 * headers (app.ts), so its Referrer-Policy is the one that stays.
 */
export const sharedLinkHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  c.res.headers.set("Referrer-Policy", "no-referrer");
};

async function sharedPage(
  c: Context<AppEnv>,
  page: { title: string; zone: string; status?: ContentfulStatusCode; body: Child },
): Promise<Response> {
  const html = await (
    <TimeZoneContext.Provider value={page.zone}>
      <Layout
        title={page.title}
        robots="noindex, nofollow"
        chrome={{ path: c.req.path, csrf: c.get("csrfToken"), href: () => "/app" }}
      >
        {page.body}
      </Layout>
    </TimeZoneContext.Provider>
  ).toString();
  return c.html(`<!doctype html>${withoutBidiControls(html)}`, page.status ?? 200);
}

function PasswordForm(props: { action: string; csrf: string; problem?: string }) {
  return (
    <PostForm action={props.action} csrf={props.csrf} class="card auth">
      <p>This dashboard is protected by a password. Type the password you were given with the link.</p>
      {props.problem ? <Notice kind="error">{props.problem}</Notice> : null}
      <div class="field">
        <label for="share-password">Password</label>
        <input
          id="share-password"
          name="password"
          type="password"
          required
          autocomplete="current-password"
          aria-invalid={props.problem ? "true" : undefined}
        />
      </div>
      <button type="submit">Open the dashboard</button>
    </PostForm>
  );
}

export function registerSharedDashboard(app: Hono<AppEnv>) {
  app.get(PATH, async (c) => {
    const token = c.req.param("token") ?? "";
    const ctx = appContext(c);
    const { nowMs } = ctx;
    const { query, ignored } = dashboardQuery(c.req.query());
    // Each link opened with a password left its proof in a cookie named by the link's id
    // (`__Host-` on https); a proof holds only for its own link, so each is simply tried.
    const proofs = Object.entries(getCookie(c))
      .filter(([name]) => name.replace(/^__Host-/, "").startsWith(`${PROOF_COOKIE}_`))
      .map(([, value]) => value);
    const result = await sharedLinkReport(ctx, {
      token,
      proofs,
      window: (zone) => pageWindowInput(query, nowMs, zone).input,
      reports: DASHBOARD_REPORTS,
      ...query.filters,
      address: addressSubject(c.req.header("CF-Connecting-IP")),
    });
    if (!result.ok && result.code === "rate_limited") {
      c.header("Retry-After", String(result.retryAfterSeconds ?? 60));
      throw new HTTPException(429, { message: result.message });
    }
    if (!result.ok) throw new HTTPException(404, { message: "This shared link does not exist or was revoked." });
    const view = result.value;
    const base = sharedLinkPath(token);
    if (view.state === "locked")
      return sharedPage(c, {
        title: "A shared dashboard",
        zone: "UTC",
        body: <PasswordForm action={`${base}${queryString(query)}`} csrf={c.get("csrfToken")} />,
      });
    const zone = view.link.timeZone;
    const { problem } = pageWindowInput(query, nowMs, zone);
    return sharedPage(c, {
      title: `Traffic of ${view.link.domain}`,
      zone,
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <link rel="stylesheet" href={UPLOT_STYLE} />
          <p class="hint">A read-only dashboard shared with you. Times are in {zone}.</p>
          <SiteDashboard
            r={siteAnswer(view.answer)}
            query={query}
            ignored={ignored}
            links={{ base }}
            nowMs={nowMs}
            zone={zone}
            problem={problem}
          />
          <script src={UPLOT_SCRIPT} defer />
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });

  // The password: a right one sets the proof and answers 303 to the dashboard (with the
  // query it was asked for); a wrong one asks again; too many wrong ones are 429.
  app.post(PATH, async (c) => {
    const token = c.req.param("token") ?? "";
    const form = await c.req.parseBody();
    const password = typeof form.password === "string" ? form.password : "";
    const unlocked = await unlockSharedLink(appContext(c), {
      token,
      password,
      address: addressSubject(c.req.header("CF-Connecting-IP")),
    });
    const back = `${sharedLinkPath(token)}${new URL(c.req.url).search}`;
    if (unlocked.ok) {
      const { link, proof, expiresAt } = unlocked.value;
      setCookie(c, `${PROOF_COOKIE}_${link.id}`, proof, {
        path: "/",
        httpOnly: true,
        secure: isHttps(c),
        sameSite: "Lax",
        expires: new Date(expiresAt),
        ...(isHttps(c) ? { prefix: "host" as const } : {}),
      });
      return c.redirect(back, 303);
    }
    if (unlocked.code === "not_found") {
      throw new HTTPException(404, { message: "This shared link does not exist or was revoked." });
    }
    if (unlocked.code === "rate_limited") c.header("Retry-After", String(unlocked.retryAfterSeconds ?? 900));
    return sharedPage(c, {
      title: "A shared dashboard",
      zone: "UTC",
      status: unlocked.code === "rate_limited" ? 429 : 400,
      body: (
        <PasswordForm
          action={back}
          csrf={c.get("csrfToken")}
          problem={unlocked.message ?? "That password is not right."}
        />
      ),
    });
  });
}
