import { unsubscribe, unsubscribeLink } from "@shared/notifications/notification-settings";
import { NOTIFICATION_LABELS } from "@shared/vocabulary/notification-kinds";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { Notice } from "../layout/form";
import { renderPage } from "../layout/render";
import { appContext } from "../request-context";
import { workspacePath } from "../workspace-path";

// The unsubscribe link of notification mail (docs/app.md "Notifications"). No sign-in:
// the signed token is the authority, and it can only turn one kind off for one member.
// GET only shows a confirmation with a POST button, so a mail scanner that follows
// links unsubscribes nobody; POST turns the kind off, and is also what a mail client
// sends for RFC 8058 one-click (`List-Unsubscribe=One-Click`, no cookie, no CSRF token:
// the path is exempt from the CSRF check, middleware/csrf.ts).
export const UNSUBSCRIBE_PREFIX = "/app/unsubscribe/";
const PATH = `${UNSUBSCRIBE_PREFIX}:token`;

function invalid(c: Context<AppEnv>) {
  return renderPage(c, {
    title: "Unsubscribe",
    status: 400,
    body: (
      <>
        <Notice kind="error">
          This unsubscribe link is not valid: it was changed or cut short. Nothing was changed.
        </Notice>
        <p>
          Open the link from the mail again, whole, or sign in and choose what you receive in Settings → Notifications.
        </p>
        <p>
          <a href="/app">Sign in</a>
        </p>
      </>
    ),
  });
}

export function registerUnsubscribe(app: Hono<AppEnv>) {
  app.get(PATH, async (c) => {
    const link = await unsubscribeLink(appContext(c), { token: c.req.param("token") ?? "" });
    if (!link.ok) return invalid(c);
    const { subject: s, workspace: ws } = link.value;
    const { title } = NOTIFICATION_LABELS[s.kind];
    return renderPage(c, {
      title: "Unsubscribe",
      body: ws ? (
        <>
          <p>
            Stop the "{title}" mail from the workspace <bdi>{ws.name}</bdi>? Other kinds of mail stay as they are.
          </p>
          <form method="post" action={c.req.path}>
            <button type="submit">Unsubscribe from "{title}"</button>
          </form>
        </>
      ) : (
        <p>You no longer belong to that workspace: it sends you nothing.</p>
      ),
    });
  });

  app.post(PATH, async (c) => {
    // Without the membership there is nothing to turn off (and no row may be written).
    const link = await unsubscribe(appContext(c), { token: c.req.param("token") ?? "" });
    if (!link.ok) return invalid(c);
    const { subject: s, workspace: ws } = link.value;
    const { title } = NOTIFICATION_LABELS[s.kind];
    return renderPage(c, {
      title: "Unsubscribed",
      body: (
        <>
          <Notice kind="success">
            {ws ? (
              <>
                You will no longer receive "{title}" mail from <bdi>{ws.name}</bdi>.
              </>
            ) : (
              <>You no longer belong to that workspace: it sends you nothing.</>
            )}
          </Notice>
          {ws ? (
            <p>
              <a href={workspacePath(s.workspaceId, "/settings/notifications")}>Notification settings</a> (sign in to
              change them)
            </p>
          ) : null}
        </>
      ),
    });
  });
}
