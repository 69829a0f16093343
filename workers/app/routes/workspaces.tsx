import { rememberSessionWorkspace } from "@shared/accounts/app-sessions";
import { createWorkspaceForSession } from "@shared/accounts/session-workspaces";
import { WORKSPACE_NAME_MAX_LENGTH } from "@shared/accounts/workspace-name";
import { initialTimeZone } from "@shared/accounts/workspace-time-zone";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { BrowserTimeZoneField } from "../layout/account-fields";
import { Notice, PostForm } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireSignIn } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { workspacePath } from "../workspace-path";

function NewWorkspaceForm(props: { csrf: string }) {
  return (
    <PostForm action="/app/workspaces" csrf={props.csrf}>
      <div class="field">
        <label for="name">Workspace name</label>
        <input id="name" name="name" type="text" required maxlength={WORKSPACE_NAME_MAX_LENGTH} />
      </div>
      <BrowserTimeZoneField />
      <button type="submit">Create workspace</button>
    </PostForm>
  );
}

export function registerWorkspaces(app: Hono<AppEnv>) {
  // Switch workspace: only to one the user belongs to. The overview of that workspace
  // opens at its own address; the session remembers it for short (/app/…) addresses.
  app.post("/app/workspaces/switch", requireSignIn(), async (c) => {
    const form = await c.req.parseBody();
    const target = c.get("user").workspaces.find((w) => w.id === form.workspace_id);
    if (!target) throw new HTTPException(404, { message: "You do not belong to that workspace." });
    await rememberSessionWorkspace(appContext(c), { sessionId: c.get("user").sessionId, workspaceId: target.id });
    return c.redirect(workspacePath(target.id, ""), 303);
  });

  app.get("/app/workspaces/new", requireSignIn(), (c) =>
    renderPage(c, {
      title: "New workspace",
      body: (
        <>
          {c.get("user").workspaces.length === 0 ? (
            <Notice kind="info">
              You do not belong to any workspace yet. Create one, or ask for an invitation link.
            </Notice>
          ) : null}
          <NewWorkspaceForm csrf={c.get("csrfToken")} />
        </>
      ),
    }),
  );

  app.post("/app/workspaces", requireSignIn(), async (c) => {
    const form = await c.req.parseBody();
    const name = typeof form.name === "string" ? form.name.trim().slice(0, WORKSPACE_NAME_MAX_LENGTH) : "";
    if (!name) {
      return renderPage(c, {
        title: "New workspace",
        status: 400,
        body: (
          <>
            <Notice kind="error">Give the workspace a name.</Notice>
            <NewWorkspaceForm csrf={c.get("csrfToken")} />
          </>
        ),
      });
    }
    const { userId, sessionId } = c.get("user");
    const timeZone = initialTimeZone(form.timezone);
    const created = pageValue(await createWorkspaceForSession(appContext(c), { name, userId, sessionId, timeZone }));
    return c.redirect(workspacePath(created.id, ""), 303);
  });
}
