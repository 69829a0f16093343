import { openFlash, sealFlash } from "@shared/accounts/session-flash";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { pageValue } from "./refusal-page";
import { appContext } from "./request-context";

// Post/Redirect/Get for every form of the application (docs/app.md "After a form"): a
// POST acts, stores what its result page must say as a one-time flash, and answers 303
// to a GET carrying the flash's token (`?flash=`). The GET shows the flash once and
// deletes it, so reloading repeats no action and never shows a secret again. Sealing
// and storage: shared/accounts/session-flash.ts.

/** What a result page shows once. */
export type Flash =
  | { kind: "success" | "info" | "error"; text: string }
  /** A result page's figures (an imported log's per-line counts), one sentence per item. */
  | { kind: "summary"; id: string; heading: string; items: string[] }
  | {
      kind: "secret";
      id: string;
      heading: string;
      text: string;
      value: string;
      /** Further values shown once beside it (a drain's setup values, which embed its secret). */
      more?: { label: string; value: string }[];
    };

const QUERY = "flash";

/** Stores `flash` for this session and returns `path` with its token: the Location of the 303. */
export async function withFlash(c: Context<AppEnv>, path: string, flash: Flash): Promise<string> {
  const token = pageValue(await sealFlash(appContext(c), { sessionId: c.get("user").sessionId, payload: flash }));
  const url = new URL(path, "http://app.invalid");
  url.searchParams.set(QUERY, token);
  return `${url.pathname}${url.search}`;
}

/** Redirects (303) to `path` showing `flash` there once. */
export async function redirectWithFlash(c: Context<AppEnv>, path: string, flash: Flash): Promise<Response> {
  return c.redirect(await withFlash(c, path, flash), 303);
}

/**
 * The flash named by this request's `?flash=`, deleted as it is read; null when there
 * is none, it was already shown, it expired, or it belongs to another session.
 */
export async function takeFlash(c: Context<AppEnv>): Promise<Flash | null> {
  const token = c.req.query(QUERY);
  if (!token) return null;
  return pageValue(await openFlash(appContext(c), { sessionId: c.get("user").sessionId, token })) as Flash | null;
}
