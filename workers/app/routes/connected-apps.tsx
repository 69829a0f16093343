import { connectedApp, revokeConnectedApp, workspaceConnectedApps } from "@shared/oauth/connected-apps";
import { serviceOrigin } from "@shared/oauth/service-origin";
import type { ConnectedApp } from "@shared/oauth/user-grants";
import type { Result } from "@shared/result/result";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { grantsContext } from "../account-context";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { ConfirmActions, Notice } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";

const PATH = "/app/settings/connected-apps";
const appsHref = (c: Context<AppEnv>) => appHref(c, "/settings/connected-apps");

/** The grants' context, only on this service's own origin: nothing OAuth-related answers on another host (service-origin.ts). */
function appsContext(c: Context<AppEnv>) {
  if (!serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url))
    throw new HTTPException(404, { message: `Nothing at ${c.req.path}.` });
  return grantsContext(c);
}

/** The app, or the 404 page with the use case's words. */
function appOr404(result: Result<ConnectedApp, "not_found">): ConnectedApp {
  if (!result.ok) throw new HTTPException(404, { message: result.message });
  return result.value;
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
    const apps = pageValue(await workspaceConnectedApps(appsContext(c), { userId: c.get("user").userId }));
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
    const item = appOr404(
      await connectedApp(appsContext(c), { userId: c.get("user").userId, grantId: c.req.param("grantId") }),
    );
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
    appOr404(
      await revokeConnectedApp(appsContext(c), { userId: c.get("user").userId, grantId: c.req.param("grantId") }),
    );
    // Post/Redirect/Get: reloading the result does not post again.
    return c.redirect(`${appsHref(c)}?revoked`, 303);
  });
}
