import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { Scope } from "../vocabulary/scopes";
import { findActiveKey, lastUsedIsStale, touchLastUsed } from "./key-repository";

/** What an API key stands for: the same caller shape an OAuth grant gives at /mcp (shared/accounts/grant-caller.ts). */
export interface KeyCaller {
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
}

export interface KeyCallerContext {
  env: { DB: D1Database };
  /** The request's "now": the use it records. */
  nowMs: number;
}

/**
 * The caller of an unrevoked API key, or `unauthorized`. `touch` records this use in
 * `last_used_at` when the recorded one is older than its resolution (key-repository.ts),
 * else null: the transport keeps it running past the answer (waitUntil) and never makes
 * the request wait on it.
 */
export async function keyCaller(
  ctx: KeyCallerContext,
  input: { key: string },
): Promise<Result<{ caller: KeyCaller; touch: Promise<void> | null }, "unauthorized">> {
  const db = database(ctx.env.DB);
  const key = await findActiveKey(db, input.key);
  // The 401's words and its challenge belong to the transport (workers/v1/middleware/api-key.ts).
  if (!key) return refusal("unauthorized");
  const touch = lastUsedIsStale(key.lastUsedAt, ctx.nowMs) ? touchLastUsed(db, key.keyId, ctx.nowMs) : null;
  return ok({ caller: { keyId: key.keyId, workspaceId: key.workspaceId, scopes: key.scopes }, touch });
}
