import { looksLikeSecretToken, newSecretToken } from "@shared/accounts/secret-token";
import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { readCsrfCookie, writeCsrfCookie } from "../cookies";

export const CSRF_FIELD = "_csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for every form (OWASP CSRF Prevention Cheat Sheet): a random token in
 * a SameSite=Strict cookie must come back in the form's `_csrf` field (double submit),
 * and a request that says it comes from another site (Origin, Sec-Fetch-Site) is refused
 * whatever it carries. The token is rotated at sign-in and sign-out (`rotateCsrfToken`).
 */
export function csrfProtection(options: { exempt?: (path: string) => boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A path whose POST acts on a signed token alone, never on the browser's session
    // (the unsubscribe link, RFC 8058 one-click): nothing ambient to forge.
    if (!SAFE_METHODS.has(c.req.method) && options.exempt?.(c.req.path)) return next();
    const cookie = readCsrfCookie(c);
    const token = cookie && looksLikeSecretToken(cookie) ? cookie : null;
    if (SAFE_METHODS.has(c.req.method)) {
      if (token) c.set("csrfToken", token);
      else rotateCsrfToken(c);
      return next();
    }
    const origin = c.req.header("Origin");
    const site = c.req.header("Sec-Fetch-Site");
    const crossSite = (origin && origin !== new URL(c.req.url).origin) || site === "cross-site" || site === "same-site";
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const sent = form[CSRF_FIELD];
    if (crossSite || !token || typeof sent !== "string" || sent !== token) {
      throw new HTTPException(403, {
        message: "This form has expired or did not come from this site. Go back, reload the page and try again.",
      });
    }
    c.set("csrfToken", token);
    await next();
  };
}

/** A fresh token for this browser (new cookie); forms rendered after this call carry it. */
export function rotateCsrfToken(c: Parameters<MiddlewareHandler<AppEnv>>[0]): void {
  const token = newSecretToken();
  writeCsrfCookie(c, token);
  c.set("csrfToken", token);
}
