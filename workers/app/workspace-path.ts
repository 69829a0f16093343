import { getPath } from "hono/utils/url";

// The workspace in the URL (issue 25 #10, docs/app.md "Addresses"): every page about a
// workspace lives under /app/w/{workspace id}/…, so a tab, a bookmark or a link always
// says which workspace it acts on, whatever another tab chose. Routes are still declared
// once at their short path (/app/sites); the router sees the path without the workspace
// segment, and `requireWorkspace()` reads the segment back from the request URL.

const WORKSPACE_SEGMENT = /^\/app\/w\/([A-Za-z0-9_-]{1,64})(\/.*)?$/;

/** The workspace named by a request path, and the path the routes are declared at. */
export function splitWorkspacePath(path: string): { workspaceId: string | null; path: string } {
  const match = WORKSPACE_SEGMENT.exec(path);
  if (!match) return { workspaceId: null, path };
  return { workspaceId: match[1], path: `/app${match[2] ?? ""}` };
}

/** hono's `getPath` for the application: the routing path without the workspace segment. */
export function routingPath(request: Request): string {
  return splitWorkspacePath(getPath(request)).path;
}

/** The workspace id in this request's URL, or null for a short (workspace-less) address. */
export function workspaceInUrl(request: Request): string | null {
  return splitWorkspacePath(getPath(request)).workspaceId;
}

/** `/app/w/{id}` + `path` (`path` as routes declare it minus `/app`: "", "/sites", …). */
export function workspacePath(workspaceId: string, path: string): string {
  const rest = path === "/" ? "" : path;
  return `/app/w/${encodeURIComponent(workspaceId)}${rest}`;
}
