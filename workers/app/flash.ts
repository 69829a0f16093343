import { appFlashes } from "@schema";
import { newSecretToken } from "@shared/accounts/secret-token";
import { database } from "@shared/db/client";
import { fromBase64, toBase64 } from "@shared/encoding/base64";
import { and, eq, lt } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";

// Post/Redirect/Get for every form of the application (docs/app.md "After a form"): a
// POST acts, stores what its result page must say as a one-time flash, and answers 303
// to a GET carrying the flash's token (`?flash=`). The GET shows the flash once and
// deletes it, so reloading repeats no action and never shows a secret again. The token
// is the only key: the table keeps its SHA-256 and the payload sealed with AES-GCM
// under a key derived from it, so a copy of D1 reveals no key or webhook secret.

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

/** How long an unread flash lives: the redirect is followed at once. */
const FLASH_TTL_MS = 5 * 60_000;
const QUERY = "flash";

async function derive(token: string) {
  const bytes = (label: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${label}:${token}`));
  const id = [...new Uint8Array(await bytes("app-flash/id"))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const key = await crypto.subtle.importKey("raw", await bytes("app-flash/key"), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return { id, key };
}

/** Stores `flash` for this session and returns `path` with its token: the Location of the 303. */
export async function withFlash(c: Context<AppEnv>, path: string, flash: Flash): Promise<string> {
  const token = newSecretToken();
  const { id, key } = await derive(token);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(JSON.stringify(flash))),
  );
  const now = Date.now();
  const db = database(c.env.DB);
  await db.batch([
    db.delete(appFlashes).where(lt(appFlashes.expiresAt, now)),
    db.insert(appFlashes).values({
      id,
      sessionId: c.get("user").sessionId,
      sealed: `${toBase64(iv)}.${toBase64(data)}`,
      expiresAt: now + FLASH_TTL_MS,
    }),
  ]);
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
  if (!token || token.length > 64) return null;
  const { id, key } = await derive(token);
  const [row] = await database(c.env.DB)
    .delete(appFlashes)
    .where(and(eq(appFlashes.id, id), eq(appFlashes.sessionId, c.get("user").sessionId)))
    .returning();
  if (!row || row.expiresAt < Date.now()) return null;
  const [ivText, dataText] = row.sealed.split(".");
  const iv = fromBase64(ivText ?? "");
  const data = fromBase64(dataText ?? "");
  if (!iv || !data) return null;
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, data);
  return JSON.parse(new TextDecoder().decode(plain)) as Flash;
}
