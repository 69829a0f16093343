import { findSession, setSessionWorkspace } from "@shared/accounts/session-repository";
import { listUserWorkspaces } from "@shared/accounts/workspace-repository";
import { database } from "@shared/db/client";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { clearSessionCookie, readSessionCookie } from "../cookies";

/** Where a signed-out visitor is sent, remembering the page they asked for. */
export function signInRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  const next =
    c.req.method === "GET" && url.pathname !== "/app" ? `?next=${encodeURIComponent(url.pathname + url.search)}` : "";
  return c.redirect(`/app/sign-in${next}`, 303);
}

/** Sets `c.var.user` from a live session cookie; false when there is none (a dead cookie is cleared). */
async function loadUser(c: Context<AppEnv>): Promise<boolean> {
  const token = readSessionCookie(c);
  if (!token) return false;
  const db = database(c.env.DB);
  const session = await findSession(db, token);
  if (!session) {
    clearSessionCookie(c);
    return false;
  }
  const workspaces = await listUserWorkspaces(db, session.userId);
  c.set("user", { userId: session.userId, email: session.email, sessionId: session.sessionId, workspaces });
  c.set("sessionWorkspaceId", session.workspaceId);
  return true;
}

/**
 * Pages for signed-in people: sets `c.var.user` from the session cookie, or sends the
 * visitor to sign-in.
 */
export function requireSignIn(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await loadUser(c))) return signInRedirect(c);
    await next();
  };
}

/** Pages that look different when signed in (an invitation): `c.var.user` may stay unset. */
export function optionalSignIn(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await loadUser(c);
    await next();
  };
}

/**
 * Pages about a workspace: after `requireSignIn()`, sets `c.var.workspace` to the
 * session's current workspace and the user's role there. A session whose workspace the
 * user no longer belongs to falls back to the first one; a user with none is sent to
 * create one.
 */
export function requireWorkspace(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    const chosen = c.get("sessionWorkspaceId");
    const current = user.workspaces.find((w) => w.id === chosen) ?? user.workspaces[0];
    if (!current) return c.redirect("/app/workspaces/new", 303);
    if (current.id !== chosen) await setSessionWorkspace(database(c.env.DB), user.sessionId, current.id);
    c.set("workspace", { id: current.id, name: current.name, role: current.role });
    await next();
  };
}
