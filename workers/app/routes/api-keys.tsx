import { canManageWorkspace } from "@shared/accounts/roles";
import {
  createWorkspaceKey,
  findWorkspaceKey,
  listWorkspaceKeys,
  revokeWorkspaceKey,
} from "@shared/auth/key-repository";
import { database } from "@shared/db/client";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { scopesFromForm } from "../key-presets";
import { Notice } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { ConfirmRevoke, CreateKeyForm, KEY_NAME_MAX_LENGTH, KeyTable, NewKey } from "./api-keys-view";

const PATH = "/app/settings/api-keys";

async function keysPage(
  c: Context<AppEnv>,
  extra: { before?: Child; form?: { name?: string; preset?: string }; status?: ContentfulStatusCode } = {},
) {
  const workspace = c.get("workspace");
  const canManage = canManageWorkspace(workspace.role);
  const keys = await listWorkspaceKeys(database(c.env.DB), workspace.id);
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
          <CreateKeyForm csrf={c.get("csrfToken")} name={extra.form?.name} preset={extra.form?.preset} />
        ) : (
          <Notice kind="info">Your role here is member (read-only): owners and admins create and revoke keys.</Notice>
        )}
        <h2>Keys</h2>
        <KeyTable keys={keys} canManage={canManage} />
      </>
    ),
  });
}

export function registerApiKeys(app: Hono<AppEnv>) {
  app.use(`${PATH}`, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, (c) => keysPage(c));

  app.post(PATH, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody({ all: true });
    const name = typeof form.name === "string" ? form.name.trim() : "";
    const preset = typeof form.preset === "string" ? form.preset : undefined;
    const refuse = (message: string) =>
      keysPage(c, { before: <Notice kind="error">{message}</Notice>, form: { name, preset }, status: 400 });
    if (!name) return refuse("Give the key a name.");
    if (name.length > KEY_NAME_MAX_LENGTH) return refuse(`Use at most ${KEY_NAME_MAX_LENGTH} characters for the name.`);
    const wanted = scopesFromForm(form.preset, form.scopes);
    if ("problem" in wanted) return refuse(wanted.problem);
    const created = await createWorkspaceKey(database(c.env.DB), {
      workspaceId: c.get("workspace").id,
      scopes: wanted.scopes,
      name,
      createdBy: c.get("user").userId,
    });
    return keysPage(c, { before: <NewKey keyValue={created.key} name={name} />, status: 201 });
  });

  app.get(`${PATH}/:keyId/revoke`, requireRole("admin"), async (c) => {
    const item = await findWorkspaceKey(database(c.env.DB), c.get("workspace").id, c.req.param("keyId"));
    if (!item) throw new HTTPException(404, { message: "No live key with that id in this workspace." });
    return renderPage(c, { title: "Revoke API key", body: <ConfirmRevoke csrf={c.get("csrfToken")} item={item} /> });
  });

  app.post(`${PATH}/:keyId/revoke`, requireRole("admin"), async (c) => {
    const db = database(c.env.DB);
    const item = await findWorkspaceKey(db, c.get("workspace").id, c.req.param("keyId"));
    if (!item || !(await revokeWorkspaceKey(db, c.get("workspace").id, item.keyId))) {
      throw new HTTPException(404, { message: "No live key with that id in this workspace." });
    }
    return keysPage(c, {
      before: (
        <Notice kind="success">Revoked “{item.name ?? item.displayPrefix}”. Requests with it now get 401.</Notice>
      ),
    });
  });
}
