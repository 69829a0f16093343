import { canManageWorkspace } from "@shared/accounts/roles";
import { createApiKey, revokeApiKey } from "@shared/auth/key-actions";
import { workspaceKey, workspaceKeys } from "@shared/auth/workspace-keys";
import { SCOPES } from "@shared/vocabulary/scopes";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { scopesFromForm } from "../key-presets";
import { appHref } from "../layout/app-href";
import { FlashNotice } from "../layout/flash-notice";
import { Notice } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { ConfirmRevoke, CreateKeyForm, KeyTable } from "./api-keys-view";

const PATH = "/app/settings/api-keys";
const keysHref = (c: Context<AppEnv>) => appHref(c, "/settings/api-keys");

async function keysPage(
  c: Context<AppEnv>,
  extra: { before?: Child; form?: { name?: string; ticked?: string[] }; status?: 200 | 400 } = {},
) {
  const workspace = c.get("workspace");
  const canManage = canManageWorkspace(workspace.role);
  const keys = pageValue(await workspaceKeys(pageContext(c), {}));
  return renderPage(c, {
    title: "API keys",
    status: extra.status,
    body: (
      <>
        <p>
          Keys call the v1 API (<code>/api/v1</code>) for <strong>{workspace.name}</strong>; send one as{" "}
          <code>Authorization: Bearer &lt;key&gt;</code> from a server, never from a browser.
        </p>
        {extra.before}
        {canManage ? (
          <CreateKeyForm
            base={keysHref(c)}
            csrf={c.get("csrfToken")}
            name={extra.form?.name}
            ticked={extra.form?.ticked && SCOPES.filter((s) => extra.form?.ticked?.includes(s))}
          />
        ) : (
          <Notice kind="info">Your role here is member (read-only): owners and admins create and revoke keys.</Notice>
        )}
        <h2>Keys</h2>
        <KeyTable base={keysHref(c)} keys={keys} canManage={canManage} />
      </>
    ),
  });
}

// Every POST here answers 303 to this page (Post/Redirect/Get); the new key is a
// one-time flash (workers/app/flash.ts), so a reload neither creates another key nor
// shows this one again. A refused form is re-rendered (400): nothing was done.
export function registerApiKeys(app: Hono<AppEnv>) {
  app.use(`${PATH}`, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => keysPage(c, { before: <FlashNotice flash={await takeFlash(c)} /> }));

  app.post(PATH, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody({ all: true });
    const name = typeof form.name === "string" ? form.name : "";
    const ticked = [form.scopes].flat().filter((v): v is string => typeof v === "string");
    const refuse = (message: string) =>
      keysPage(c, { before: <Notice kind="error">{message}</Notice>, form: { name, ticked }, status: 400 });
    const wanted = scopesFromForm(form.preset, form.scopes);
    if ("problem" in wanted) return refuse(wanted.problem);
    const created = await createApiKey(pageContext(c), { scopes: wanted.scopes, name });
    if (!created.ok) return refuse(created.message ?? "The key could not be created.");
    return redirectWithFlash(c, keysHref(c), {
      kind: "secret",
      id: "new-key",
      heading: `Your new key “${name.trim()}”`,
      text: "Copy it now and keep it in your server's secret storage. It is shown only this once.",
      value: created.value.key,
    });
  });

  app.get(`${PATH}/:keyId/revoke`, requireRole("admin"), async (c) => {
    const item = pageValue(await workspaceKey(pageContext(c), { keyId: c.req.param("keyId") }));
    if (!item) throw new HTTPException(404, { message: "No live key with that id in this workspace." });
    return renderPage(c, {
      title: "Revoke API key",
      body: <ConfirmRevoke base={keysHref(c)} csrf={c.get("csrfToken")} item={item} />,
    });
  });

  app.post(`${PATH}/:keyId/revoke`, requireRole("admin"), async (c) => {
    const revoked = await revokeApiKey(pageContext(c), { keyId: c.req.param("keyId") });
    if (!revoked.ok) throw new HTTPException(404, { message: revoked.message });
    const item = revoked.value;
    return redirectWithFlash(c, keysHref(c), {
      kind: "success",
      text: `Revoked “${item.name ?? item.displayPrefix}”. Requests with it now get 401.`,
    });
  });
}
