import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/**
 * The one way to build a link to an app page from its path inside the app
 * (`appHref(c, "/sites/shop.example/robots")`). Today every page lives under `/app`;
 * the move to workspace addresses (`/app/w/{workspace}/…`) changes only this function.
 */
export function appHref(_c: Context<AppEnv>, path: string): string {
  return `/app${path}`;
}
