import type { Context } from "hono";

/**
 * The URL of an application page, `path` being its part after `/app` ("/sites", "" for
 * the overview). Every workspace link goes through here so that moving the pages under
 * `/app/w/{workspace}/…` changes this one function.
 */
export function appHref(c: Context, path: string): string {
  void c;
  return `/app${path}`;
}
