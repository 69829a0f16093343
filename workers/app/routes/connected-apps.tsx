import { authorizationServer } from "@shared/oauth/authorization-server";
import { serviceOrigin } from "@shared/oauth/service-origin";
import { type ConnectedApp, connectedApps } from "@shared/oauth/user-grants";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { ConfirmActions, Notice } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";

const PATH = "/app/settings/connected-apps";
const appsHref = (c: Context<AppEnv>) => appHref(c, "/settings/connected-apps");

function oauthApi(c: Context<AppEnv>) {
  const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
  if (!origin) throw new HTTPException(404, { message: `Nothing at ${c.req.path}.` });
  return authorizationServer(origin).getOAuthApi(c.env);
}

async function findApp(c: Context<AppEnv>, grantId: string): Promise<ConnectedApp> {
  const apps = await connectedApps(oauthApi(c), c.get("user").userId, c.get("workspace").id);
  const app = apps.find((a) => a.grantId === grantId);
  if (!app) throw new HTTPException(404, { message: "None of your connected apps in this workspace has that id." });
  return app;
}

function AppTable(props: { base: string; apps: ConnectedApp[] }) {
  return (
    <DataTable
      caption={{ text: "Apps you connected to this workspace through OAuth, newest first.", visible: false }}
      columns={["App", "Scopes", "Connected", "Expires", "Actions"]}
    >
      {props.apps.map((app) => (
        <tr>
          <td class="wrap">{app.clientName}</td>
          <td>
            {app.scopes.map((s) => (
              <code class="scope">{s}</code>
            ))}
          </td>
          <td>
            <Time at={app.createdAt} />
          </td>
          <td>
            <Time at={app.expiresAt} never="Never" />
          </td>
          <td>
            <a href={`${props.base}/${encodeURIComponent(app.grantId)}/revoke`} aria-label={`Revoke ${app.clientName}`}>
              Revoke
            </a>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Settings -> Connected apps: the MCP clients this person authorized for the current
 * workspace (through /app/oauth/authorize), with their scopes, and a revoke that ends the
 * grant with its access and refresh tokens at once: the app's next call gets 401.
 */
export function registerConnectedApps(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => {
    const apps = await connectedApps(oauthApi(c), c.get("user").userId, c.get("workspace").id);
    return renderPage(c, {
      title: "Connected apps",
      body: (
        <>
          {c.req.query("revoked") !== undefined ? (
            <Notice kind="success">Revoked. The app's tokens now get 401; it has to be connected again.</Notice>
          ) : null}
          <p>
            Assistants and MCP clients (ChatGPT, Claude, Cursor, VS Code, ...) that you allowed to use <code>/mcp</code>{" "}
            for <strong>{c.get("workspace").name}</strong>. Each has only the scopes you ticked, and never more than
            your role allows. Server integrations use <a href={appHref(c, "/settings/api-keys")}>API keys</a> instead.
          </p>
          {apps.length > 0 ? (
            <AppTable base={appsHref(c)} apps={apps} />
          ) : (
            <p>No app is connected to this workspace yet.</p>
          )}
        </>
      ),
    });
  });

  app.get(`${PATH}/:grantId/revoke`, async (c) => {
    const item = await findApp(c, c.req.param("grantId"));
    return renderPage(c, {
      title: "Revoke connected app",
      body: (
        <>
          <p>
            Revoke <strong>{item.clientName}</strong>? Its access and refresh tokens stop working at once.
          </p>
          <ConfirmActions
            action={`${appsHref(c)}/${encodeURIComponent(item.grantId)}/revoke`}
            csrf={c.get("csrfToken")}
            label="Revoke"
            cancelHref={appsHref(c)}
          />
        </>
      ),
    });
  });

  app.post(`${PATH}/:grantId/revoke`, async (c) => {
    const item = await findApp(c, c.req.param("grantId"));
    await oauthApi(c).revokeGrant(item.grantId, c.get("user").userId);
    // Post/Redirect/Get: reloading the result does not post again.
    return c.redirect(`${appsHref(c)}?revoked`, 303);
  });
}
