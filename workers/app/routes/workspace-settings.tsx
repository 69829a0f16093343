import { decideWorkspaceDeletion } from "@shared/accounts/removal-rules";
import { WORKSPACE_NAME_MAX_LENGTH } from "@shared/accounts/workspace-name";
import { deleteCurrentWorkspace, renameCurrentWorkspace, workspaceHoldings } from "@shared/accounts/workspace-settings";
import { setWorkspaceTimeZone } from "@shared/accounts/workspace-time-zone";
import { supportedTimeZones } from "@shared/time/time-zone";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { Notice, PostForm } from "../layout/form";
import { renderPage, renderRefused } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";

// Settings → Workspace: rename, time zone and delete, owners only (docs/app.md "Renaming and
// deleting"). Every POST answers with a redirect (reloading repeats nothing).
const PATH = "/app/settings/workspace";
const settingsHref = (c: Context<AppEnv>) => appHref(c, "/settings/workspace");

function RenameForm(props: { base: string; csrf: string; name: string }) {
  return (
    <PostForm action={`${props.base}/name`} csrf={props.csrf}>
      <div class="field">
        <label for="workspace-name">Workspace name</label>
        <input
          id="workspace-name"
          name="name"
          type="text"
          required
          maxlength={WORKSPACE_NAME_MAX_LENGTH}
          value={props.name}
        />
      </div>
      <button type="submit">Rename workspace</button>
    </PostForm>
  );
}

/** The runtime's zones grouped by region (`Europe/Berlin` under Europe), UTC and the saved zone first. */
function zoneGroups(saved: string): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  const all = supportedTimeZones();
  // A zone saved under its current IANA name (Asia/Kolkata) the runtime lists by its old one (Asia/Calcutta).
  if (!all.includes(saved)) all.unshift(saved);
  for (const zone of all) {
    const region = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "Other";
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups];
}

function TimeZoneForm(props: { base: string; csrf: string; zone: string }) {
  return (
    <PostForm action={`${props.base}/timezone`} csrf={props.csrf}>
      <div class="field">
        <label for="workspace-timezone">Time zone</label>
        <select id="workspace-timezone" name="timezone" aria-describedby="timezone-hint">
          {zoneGroups(props.zone).map(([region, zones]) => (
            <optgroup label={region}>
              {zones.map((z) => (
                <option value={z} selected={z === props.zone}>
                  {z.replace(/_/g, " ")}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <p class="hint" id="timezone-hint">
          Days on the traffic, sessions and overview pages start at midnight in this zone, and times show its local
          time. The API keeps UTC unless a request sends <code>timezone</code>.
        </p>
      </div>
      <button type="submit">Save time zone</button>
    </PostForm>
  );
}

function ConfirmDeletion(props: { base: string; csrf: string; name: string }) {
  return (
    <>
      <p>
        Deleting <bdi>{props.name}</bdi> removes its API keys (they stop working at once), its recorded conversions, its
        invitations and every membership. It cannot be undone.
      </p>
      <PostForm action={`${props.base}/delete`} csrf={props.csrf}>
        <div class="field">
          <label for="confirm-name">Type the workspace name to confirm</label>
          <input id="confirm-name" name="confirm_name" type="text" required autocomplete="off" />
        </div>
        <div class="actions">
          <button type="submit" class="danger">
            Delete workspace
          </button>
          <a href={props.base}>Cancel</a>
        </div>
      </PostForm>
    </>
  );
}

async function holdingsOf(c: Context<AppEnv>) {
  const current = pageValue(await workspaceHoldings(pageContext(c), { userId: c.get("user").userId }));
  if (!current) throw new HTTPException(404, { message: "You do not belong to that workspace." });
  return current;
}

export function registerWorkspaceSettings(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace(), requireRole("owner"));
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace(), requireRole("owner"));

  app.get(PATH, (c) => {
    const ws = c.get("workspace");
    return renderPage(c, {
      title: "Workspace",
      body: (
        <>
          {c.req.query("renamed") === "1" ? <Notice kind="success">The workspace is renamed.</Notice> : null}
          <RenameForm base={settingsHref(c)} csrf={c.get("csrfToken")} name={ws.name} />
          <h2>Time zone</h2>
          {c.req.query("timezone") === "1" ? (
            <Notice kind="success">Days and times now follow {ws.timeZone}.</Notice>
          ) : null}
          <TimeZoneForm base={settingsHref(c)} csrf={c.get("csrfToken")} zone={ws.timeZone} />
          <h2>Delete workspace</h2>
          <p>
            <a href={`${settingsHref(c)}/delete`}>Delete {ws.name}…</a> (asks for confirmation)
          </p>
        </>
      ),
    });
  });

  app.post(`${PATH}/name`, async (c) => {
    const form = await c.req.parseBody();
    const name = typeof form.name === "string" ? form.name.trim().slice(0, WORKSPACE_NAME_MAX_LENGTH) : "";
    const again = (message: string) =>
      renderRefused(c, {
        title: "Workspace",
        status: 400,
        message,
        form: <RenameForm base={settingsHref(c)} csrf={c.get("csrfToken")} name={name || c.get("workspace").name} />,
      });
    if (!name) return again("Give the workspace a name.");
    if (!pageValue(await renameCurrentWorkspace(pageContext(c), { name }))) {
      return again("Another workspace already has that name. Choose another.");
    }
    return c.redirect(`${settingsHref(c)}?renamed=1`, 303);
  });

  app.post(`${PATH}/timezone`, async (c) => {
    const form = await c.req.parseBody();
    const asked = typeof form.timezone === "string" ? form.timezone.slice(0, 100) : "";
    const saved = await setWorkspaceTimeZone(pageContext(c), { timeZone: asked });
    if (!saved.ok)
      return renderRefused(c, {
        title: "Workspace",
        status: 400,
        message: saved.message ?? "Choose a time zone from the list.",
        form: <TimeZoneForm base={settingsHref(c)} csrf={c.get("csrfToken")} zone={c.get("workspace").timeZone} />,
      });
    return c.redirect(`${settingsHref(c)}?timezone=1`, 303);
  });

  app.get(`${PATH}/delete`, async (c) => {
    const ws = await holdingsOf(c);
    const decision = decideWorkspaceDeletion(ws);
    return renderPage(c, {
      title: "Delete workspace",
      status: decision.ok ? 200 : 409,
      body: decision.ok ? (
        <ConfirmDeletion base={settingsHref(c)} csrf={c.get("csrfToken")} name={ws.name} />
      ) : (
        <>
          <Notice kind="error">{decision.message}</Notice>
          <p>
            <a href={appHref(c, "/sites")}>Sites</a> · <a href={appHref(c, "/monitors")}>Monitors</a> ·{" "}
            <a href={settingsHref(c)}>Back</a>
          </p>
        </>
      ),
    });
  });

  app.post(`${PATH}/delete`, async (c) => {
    const ws = await holdingsOf(c);
    const form = await c.req.parseBody();
    const decision = decideWorkspaceDeletion(ws);
    if (!decision.ok)
      return renderRefused(c, { title: "Delete workspace", status: 409, message: decision.message, form: null });
    if (form.confirm_name !== ws.name) {
      return renderRefused(c, {
        title: "Delete workspace",
        status: 400,
        message: "The name typed does not match the workspace's name. Nothing was deleted.",
        form: <ConfirmDeletion base={settingsHref(c)} csrf={c.get("csrfToken")} name={ws.name} />,
      });
    }
    if (!pageValue(await deleteCurrentWorkspace(pageContext(c), {}))) {
      return renderRefused(c, {
        title: "Delete workspace",
        status: 409,
        message: "The workspace got a site or monitor meanwhile. Nothing was deleted.",
        form: null,
      });
    }
    // The session's workspace was set to null by the deletion; /app picks another or offers a new one.
    return c.redirect("/app", 303);
  });
}
