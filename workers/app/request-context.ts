import type { AppContext } from "@shared/context/app-context";
import { type RequestContext, requestContext } from "@shared/context/request-context";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { Context } from "hono";
import type { AppBindings, AppEnv } from "./app-env";

/**
 * The app's context for this request (shared/context/app-context.ts), built on its first
 * use and kept for the rest of the request: the bindings, now and the base URL. Every
 * action before a workspace is known takes it (sign-up, sign-in, the session lookup,
 * flashes); a workspace's page builds `pageContext` on top of it, with the same now.
 */
export function appContext(c: Context<AppEnv>): AppContext<AppBindings> {
  const built = c.get("app");
  if (built) return built;
  const ctx = { env: c.env, nowMs: Date.now(), baseUrl: serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url) };
  c.set("app", ctx);
  return ctx;
}

/**
 * The request context of a page behind `requireWorkspace()` (shared/context/request-context.ts),
 * built on its first use and kept for the rest of the request: the workspace, the signed-in
 * member as actor, now, the workspace's zone (docs/app.md "Time zone") and the base URL.
 */
export function pageContext(c: Context<AppEnv>): RequestContext<AppBindings> {
  const built = c.get("ctx");
  if (built) return built;
  const workspace = c.get("workspace");
  const { env, nowMs, baseUrl } = appContext(c);
  const ctx = requestContext({
    env,
    workspaceId: workspace.id,
    actor: { kind: "member", userId: c.get("user").userId },
    nowMs,
    timeZone: workspace.timeZone,
    baseUrl,
  });
  c.set("ctx", ctx);
  return ctx;
}
