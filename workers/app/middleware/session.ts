import { rememberSessionWorkspace, signedInSession } from "@shared/accounts/app-sessions";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { clearSessionCookie, readSessionCookie } from "../cookies";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { workspaceInUrl, workspacePath } from "../workspace-path";

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
  const signedIn = pageValue(await signedInSession(appContext(c), { token }));
  if (!signedIn) {
    clearSessionCookie(c);
    return false;
  }
  const { session, workspaces } = signedIn;
  c.set("user", {
    userId: session.userId,
    email: session.email,
    sessionId: session.sessionId,
    signedInAt: session.signedInAt,
    workspaces,
  });
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
 * Pages about a workspace (docs/app.md "Addresses"): after `requireSignIn()`, sets
 * `c.var.workspace` to the workspace named in the URL (`/app/w/{id}/…`) and the user's
 * role there; one the user does not belong to is 404, whatever the session chose. That
 * workspace becomes the session's last one. A short address (`/app/sites`, from a
 * bookmark or an email) redirects a GET to the same page in the session's last
 * workspace (or the first one); a form posted to one is refused, since nothing says which
 * workspace it meant. A user with no workspace is sent to create one.
 */
export function requireWorkspace(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    const named = workspaceInUrl(c.req.raw);
    const chosen = c.get("sessionWorkspaceId");
    if (named === null) {
      const last = user.workspaces.find((w) => w.id === chosen) ?? user.workspaces[0];
      if (!last) return c.redirect("/app/workspaces/new", 303);
      if (c.req.method !== "GET" && c.req.method !== "HEAD") {
        throw new HTTPException(400, {
          message: "This form does not say which workspace it is for. Reload the page it came from and send it again.",
        });
      }
      const url = new URL(c.req.url);
      return c.redirect(`${workspacePath(last.id, c.req.path.slice("/app".length))}${url.search}`, 303);
    }
    const current = user.workspaces.find((w) => w.id === named);
    if (!current) {
      throw new HTTPException(404, { message: "No workspace of yours has that address. Pick one from the switcher." });
    }
    if (current.id !== chosen) {
      await rememberSessionWorkspace(appContext(c), { sessionId: user.sessionId, workspaceId: current.id });
    }
    c.set("workspace", { id: current.id, name: current.name, role: current.role, timeZone: current.timeZone });
    await next();
  };
}
