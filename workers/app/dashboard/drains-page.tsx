import { canManageWorkspace } from "@shared/accounts/roles";
import { addDrain, getDrain, removeDrain, siteDrains } from "@shared/drains/drain-actions";
import { CreateDrainBody } from "@shared/drains/drain-schema";
import type { SiteRecord } from "@shared/sites/site-row";
import { DRAIN_FORMATS, type DrainFormat } from "@shared/vocabulary/drain-formats";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { FlashNotice } from "../layout/flash-notice";
import { Notice } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE } from "./assets";
import {
  ConfirmRevokeDrain,
  CreateDrainForm,
  DrainTable,
  FORMAT_LABELS,
  SETUP_LABELS,
  VendorSteps,
} from "./drains-view";
import { registerLogUpload, UploadLogForm } from "./log-upload";
import { siteOfPage } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";

const PATH = "/app/sites/:domain/drains";

function formatOf(value: unknown): DrainFormat | null {
  return typeof value === "string" && (DRAIN_FORMATS as readonly string[]).includes(value)
    ? (value as DrainFormat)
    : null;
}

async function drainsPage(
  c: Context<AppEnv>,
  site: SiteRecord,
  extra: { before?: Child; open?: DrainFormat | null; status?: 200 | 400 | 403 } = {},
) {
  const workspace = c.get("workspace");
  const canManage = canManageWorkspace(workspace.role);
  const base = siteHref(c, site.domain, "drains");
  const { drains } = pageValue(await siteDrains(pageContext(c), { siteId: site.id }));
  return renderPage(c, {
    title: `Log drains of ${site.domain}`,
    status: extra.status,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        <SiteNav c={c} domain={site.domain} current="drains" />
        <p>
          A log drain sends {site.domain}'s request log here, so AI agents that never run JavaScript (GPTBot, ClaudeBot,
          PerplexityBot, ChatGPT-User) are counted. Each drain has its own secret; its status says whether batches
          arrive and why lines were refused.
        </p>
        {extra.before}
        <h2>Drains</h2>
        <DrainTable base={base} drains={drains} canManage={canManage} />
        {canManage ? (
          <CreateDrainForm base={base} csrf={c.get("csrfToken")} format={extra.open ?? undefined} />
        ) : (
          <Notice kind="info">Your role here is member (read-only): owners and admins create and revoke drains.</Notice>
        )}
        <VendorSteps open={extra.open} checkHref={`/api/v1/sites/${site.id}/drains`} />
        {canManage ? <UploadLogForm action={`${base}/upload`} csrf={c.get("csrfToken")} /> : null}
        <script src={DASHBOARD_SCRIPT} defer />
      </>
    ),
  });
}

/** The drain of this page's site, or 404 (another site's or workspace's drain answers like a missing one). */
async function drainOfSite(c: Context<AppEnv>, site: SiteRecord) {
  const found = await getDrain(pageContext(c), { drainId: c.req.param("drainId") ?? "" });
  if (!found.ok || found.value.drain.siteId !== site.id)
    throw new HTTPException(404, { message: "No drain with that id on this site." });
  return found.value;
}

// A site's log drains (docs/integrations/README.md): the v1 drain operations' own use
// cases (shared/drains/drain-actions.ts), so the page and the API cannot disagree.
// Post/Redirect/Get as for API keys: the new drain's secret and setup values are a
// one-time flash, so a reload neither creates a second drain nor shows the secret again.
export function registerDrainsPage(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => {
    const site = await siteOfPage(c);
    const flash = await takeFlash(c);
    return drainsPage(c, site, {
      before: <FlashNotice flash={flash} />,
      open: flash?.kind === "secret" ? formatOf(c.req.query("setup")) : null,
    });
  });

  // Create: the rules of POST /api/v1/sites/{site_id}/drains (same body schema, same ceiling).
  app.post(PATH, requireRole("admin"), async (c) => {
    const site = await siteOfPage(c);
    const form = await c.req.parseBody();
    const verify = typeof form.vercel_verify === "string" ? form.vercel_verify.trim() : "";
    const body = CreateDrainBody.safeParse({
      format: form.format,
      ...(form.format === "vercel" && verify !== "" ? { vercel_verify: verify } : {}),
    });
    if (!body.success) {
      const message =
        formatOf(form.format) === null
          ? "Choose where the logs come from: Cloudflare Logpush, Vercel or generic NDJSON."
          : "The Vercel verification value is up to 128 visible characters, without spaces.";
      return drainsPage(c, site, { status: 400, before: <Notice kind="error">{message}</Notice> });
    }
    const created = await addDrain(pageContext(c), {
      siteId: site.id,
      format: body.data.format,
      vercelVerify: body.data.vercel_verify ?? null,
    });
    if (!created.ok)
      return drainsPage(c, site, {
        status: created.code === "limit_reached" ? 403 : 400,
        before: <Notice kind="error">{created.message ?? "The drain could not be created."}</Notice>,
      });
    const { secret, setup, ...drain } = created.value;
    const base = siteHref(c, site.domain, "drains");
    return redirectWithFlash(c, `${base}?setup=${drain.format}`, {
      kind: "secret",
      id: "new-drain",
      heading: `Your new ${FORMAT_LABELS[drain.format]} drain`,
      text: "Its secret and the values to paste into the vendor's settings, shown only this once (the steps are below).",
      value: secret,
      more: Object.entries(setup).map(([key, value]) => ({ label: SETUP_LABELS[key] ?? key, value })),
    });
  });

  registerLogUpload(app, async (c, problem) =>
    drainsPage(c, await siteOfPage(c), { status: 400, before: <Notice kind="error">{problem}</Notice> }),
  );

  app.get(`${PATH}/:drainId/revoke`, requireRole("admin"), async (c) => {
    const site = await siteOfPage(c);
    const { drain, view } = await drainOfSite(c, site);
    if (drain.revokedAt !== null) return c.redirect(siteHref(c, site.domain, "drains"), 303);
    return renderPage(c, {
      title: "Revoke log drain",
      body: (
        <ConfirmRevokeDrain
          base={siteHref(c, site.domain, "drains")}
          csrf={c.get("csrfToken")}
          drain={view}
          domain={site.domain}
        />
      ),
    });
  });

  app.post(`${PATH}/:drainId/revoke`, requireRole("admin"), async (c) => {
    const site = await siteOfPage(c);
    const { drain } = await drainOfSite(c, site);
    const revoked = pageValue(await removeDrain(pageContext(c), { drainId: drain.id }));
    return redirectWithFlash(c, siteHref(c, site.domain, "drains"), {
      kind: "success",
      text: `Revoked the ${FORMAT_LABELS[revoked.format]} drain ${revoked.drain_id}: its endpoint now refuses every batch.`,
    });
  });
}
