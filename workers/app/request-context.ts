import { type RequestContext, requestContext } from "@shared/context/request-context";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { Context } from "hono";
import type { AppBindings, AppEnv } from "./app-env";

/**
 * The request context of a page behind `requireWorkspace()` (shared/context/request-context.ts),
 * built on its first use and kept for the rest of the request: the workspace, the signed-in
 * member as actor, now, the workspace's zone (docs/app.md "Time zone") and the base URL.
 */
export function pageContext(c: Context<AppEnv>): RequestContext<AppBindings> {
  const built = c.get("ctx");
  if (built) return built;
  const workspace = c.get("workspace");
  const ctx = requestContext({
    env: c.env,
    workspaceId: workspace.id,
    actor: { kind: "member", userId: c.get("user").userId },
    timeZone: workspace.timeZone,
    baseUrl: serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url),
  });
  c.set("ctx", ctx);
  return ctx;
}
