import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";

// Cookies of the application. HttpOnly always; Secure and the `__Host-` prefix (no Domain,
// Path=/, so no sibling subdomain can plant or read them, RFC 6265bis §4.1.3.2) on https;
// plain names on plain-http local runs, where browsers refuse Secure cookies.
// Path=/ is what `__Host-` demands; /api/v1 ignores cookies (API keys only).

export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:";
}

function baseOptions(c: Context): CookieOptions {
  const secure = isHttps(c);
  return { path: "/", httpOnly: true, secure, ...(secure ? { prefix: "host" as const } : {}) };
}

const SESSION = "ar_session";
const CSRF = "ar_csrf";

export function readSessionCookie(c: Context): string | undefined {
  return isHttps(c) ? getCookie(c, SESSION, "host") : getCookie(c, SESSION);
}

/**
 * SameSite=Lax: the session still arrives when a person follows an invitation link from
 * another site (a top-level GET), never on a cross-site POST. Forms carry a CSRF token too.
 */
export function writeSessionCookie(c: Context, token: string, expiresAt: number): void {
  setCookie(c, SESSION, token, { ...baseOptions(c), sameSite: "Lax", expires: new Date(expiresAt) });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION, baseOptions(c));
}

export function readCsrfCookie(c: Context): string | undefined {
  return isHttps(c) ? getCookie(c, CSRF, "host") : getCookie(c, CSRF);
}

/** SameSite=Strict: the token cookie never travels with any cross-site request. */
export function writeCsrfCookie(c: Context, token: string): void {
  setCookie(c, CSRF, token, { ...baseOptions(c), sameSite: "Strict" });
}
