import { startAppSession } from "@shared/accounts/app-sessions";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { readSessionCookie, writeSessionCookie } from "./cookies";
import { rotateCsrfToken } from "./middleware/csrf";
import { pageValue } from "./refusal-page";
import { appContext } from "./request-context";

/**
 * Signs the browser in as `userId`; `startedByPasskey` names the passkey used, so that
 * removing it ends this session too (docs/app.md "Passkeys"). Any session cookie the browser already had is ended
 * and replaced by a freshly minted token (OWASP Session Management: renew the session id
 * at every privilege change), and the CSRF token is rotated with it.
 */
export async function signInAs(
  c: Context<AppEnv>,
  userId: string,
  workspaceId: string | null,
  startedByPasskey: string | null = null,
): Promise<void> {
  const session = pageValue(
    await startAppSession(appContext(c), {
      userId,
      workspaceId,
      startedByPasskey,
      replaces: readSessionCookie(c) ?? null,
    }),
  );
  writeSessionCookie(c, session.token, session.expiresAt);
  rotateCsrfToken(c);
}

// A path and query as a browser sends them: printable ASCII only (RFC 3986 §2 characters,
// anything else percent-encoded). CR/LF in a Location header made sign-in answer 500
// (issue 25 #5), and a space or a non-ASCII letter has no business in one either.
const URL_CHARACTERS = /^[\x21-\x7e]{1,2048}$/;

/**
 * Only paths inside the application are followed after sign-in (no open redirect), and
 * only ones that can go into a Location header as they are; anything else is `/app`.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !URL_CHARACTERS.test(next)) return "/app";
  return /^\/app(?:[/?#]|$)/.test(next) && !next.includes("\\") ? next : "/app";
}
