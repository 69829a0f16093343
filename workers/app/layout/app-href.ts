import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { workspacePath } from "../workspace-path";

/**
 * The one way to build a link or form action to a workspace page (docs/app.md
 * "Addresses"): `appHref(c, "/sites/shop.example.com")` is
 * `/app/w/<this page's workspace>/sites/shop.example.com`; "" or "/" is the overview.
 * On a page that is about no workspace (account pages) it is the short `/app…` address,
 * which redirects to the same page in the session's last workspace.
 */
export function appHref(c: Context<AppEnv>, path: string): string {
  const workspace = c.get("workspace");
  if (!workspace) return `/app${path === "/" ? "" : path}`;
  return workspacePath(workspace.id, path);
}
