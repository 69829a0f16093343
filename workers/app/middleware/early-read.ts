import { looksLikeSecretToken } from "@shared/accounts/secret-token";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { readSessionCookie } from "../cookies";
import { workspaceInUrl } from "../workspace-path";

/**
 * A page's own D1 read started beside the session check instead of after it: the session
 * batch and the page's batch wait together, one round trip instead of two in a row
 * (docs/performance/log.md "bench:app", docs/decisions.md "Early page reads"). The page's
 * handler still runs only after `requireSignIn()` and `requireWorkspace()` let the
 * request through, so a signed-out visitor or a non-member is answered as before and
 * never sees what was read; the read is then dropped.
 *
 * Only for reads that need nothing the session decides: they take the workspace id the
 * URL names (the one `requireWorkspace()` then checks) and the route's parameters, and
 * `read` returns null when those say there is nothing to read. A GET without a
 * session-shaped cookie (a crawler, a signed-out visitor) reads nothing early.
 */
export function earlyRead<R extends Promise<unknown> | null>(read: (c: Context<AppEnv>, workspaceId: string) => R) {
  const started = new WeakMap<Request, { workspaceId: string; result: R }>();
  const start: MiddlewareHandler<AppEnv> = async (c, next) => {
    const workspaceId = workspaceInUrl(c.req.raw);
    const cookie = readSessionCookie(c);
    if (c.req.method === "GET" && workspaceId !== null && cookie && looksLikeSecretToken(cookie)) {
      const result = read(c, workspaceId);
      if (result) {
        // Awaited by `take` only when the request is let through; a refused request must
        // not leave a rejection unhandled.
        result.catch(() => undefined);
        started.set(c.req.raw, { workspaceId, result });
      }
    }
    await next();
  };
  /**
   * The read for the workspace `requireWorkspace()` set: the one started early when it was
   * for that workspace, else a read now (a POST that answers with the page, or no cookie).
   */
  const take = (c: Context<AppEnv>): R => {
    const workspaceId = c.get("workspace").id;
    const early = started.get(c.req.raw);
    started.delete(c.req.raw);
    return early && early.workspaceId === workspaceId ? early.result : read(c, workspaceId);
  };
  return { start, take };
}
