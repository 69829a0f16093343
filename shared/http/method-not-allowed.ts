import type { Hono } from "hono";

// Hono answers an unknown method on a known path with notFound; docs/decisions.md#2-v1-errors wants
// 405 `method_not_allowed` there. Route paths are turned into matchers once.
function pathMatcher(path: string): RegExp {
  const pattern = path
    .split("/")
    .map((part) => {
      if (part === "*") return ".*";
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${pattern}/?$`);
}

/** Methods the app answers for `path`, ignoring catch-all middleware. */
export function allowedMethods(app: Hono<never>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    if (pathMatcher(route.path).test(path)) methods.add(route.method);
  }
  return [...methods];
}
