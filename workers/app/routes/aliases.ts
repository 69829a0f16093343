import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { workspaceInUrl, workspacePath } from "../workspace-path";

// Common spellings of the account pages lead to the real ones (GET only; forms post to
// the canonical paths).
const aliases: Record<string, string> = {
  "/app/login": "/app/sign-in",
  "/app/signin": "/app/sign-in",
  "/app/signup": "/app/sign-up",
  "/app/register": "/app/sign-up",
  "/app/settings/keys": "/app/settings/api-keys",
};

export function registerAliases(app: Hono<AppEnv>) {
  for (const [from, to] of Object.entries(aliases)) {
    // Under /app/w/{workspace}/ the alias keeps its workspace (workspace-path.ts).
    app.get(from, (c) => {
      const workspace = workspaceInUrl(c.req.raw);
      return c.redirect(workspace ? workspacePath(workspace, to.slice("/app".length)) : to, 301);
    });
  }
  app.get("/app/", (c) => {
    const workspace = workspaceInUrl(c.req.raw);
    return c.redirect(workspace ? workspacePath(workspace, "") : "/app", 301);
  });
}
