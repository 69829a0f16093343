import { appFlashes } from "@schema";
import { and, eq, lt } from "drizzle-orm";
import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { fromBase64, toBase64 } from "../encoding/base64";
import { ok, type Result } from "../result/result";
import { newSecretToken } from "./secret-token";

// The one-time messages of the app's Post/Redirect/Get (docs/app.md "After a form";
// the page side: workers/app/flash.ts). The token is the only key: the table keeps its
// SHA-256 and the payload sealed with AES-GCM under a key derived from it, so a copy of
// D1 reveals no key or webhook secret. Only the session that sealed a flash can open it.

/** How long an unread flash lives: the redirect is followed at once. */
const FLASH_TTL_MS = 5 * 60_000;
/** Longer is no token of ours: not even hashed. */
const TOKEN_MAX_LENGTH = 64;

async function derive(token: string) {
  const bytes = (label: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${label}:${token}`));
  const id = [...new Uint8Array(await bytes("app-flash/id"))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const key = await crypto.subtle.importKey("raw", await bytes("app-flash/key"), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return { id, key };
}

/** Seals `payload` for the session (sweeping expired flashes in the same batch); returns its token. */
export async function sealFlash(
  ctx: AppContext,
  input: { sessionId: string; payload: unknown },
): Promise<Result<string, never>> {
  const token = newSecretToken();
  const { id, key } = await derive(token);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(JSON.stringify(input.payload))),
  );
  const db = database(ctx.env.DB);
  await db.batch([
    db.delete(appFlashes).where(lt(appFlashes.expiresAt, ctx.nowMs)),
    db.insert(appFlashes).values({
      id,
      sessionId: input.sessionId,
      sealed: `${toBase64(iv)}.${toBase64(data)}`,
      expiresAt: ctx.nowMs + FLASH_TTL_MS,
    }),
  ]);
  return ok(token);
}

/**
 * The payload sealed under `token` for this session, deleted as it is read; null when
 * there is none, it was already shown, it expired, or it belongs to another session.
 */
export async function openFlash(
  ctx: AppContext,
  input: { sessionId: string; token: string },
): Promise<Result<unknown, never>> {
  if (!input.token || input.token.length > TOKEN_MAX_LENGTH) return ok(null);
  const { id, key } = await derive(input.token);
  const [row] = await database(ctx.env.DB)
    .delete(appFlashes)
    .where(and(eq(appFlashes.id, id), eq(appFlashes.sessionId, input.sessionId)))
    .returning();
  if (!row || row.expiresAt < ctx.nowMs) return ok(null);
  const [ivText, dataText] = row.sealed.split(".");
  const iv = fromBase64(ivText ?? "");
  const data = fromBase64(dataText ?? "");
  if (!iv || !data) return ok(null);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, data);
  return ok(JSON.parse(new TextDecoder().decode(plain)));
}
