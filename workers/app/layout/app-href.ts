import type { Context } from "hono";

/**
 * An application URL from its path under /app. One function for every app link, so the
 * URL scheme (e.g. a workspace segment) changes in one place; today it is `/app${path}`.
 */
export function appHref(_c: Context, path: string): string {
  return `/app${path}`;
}
