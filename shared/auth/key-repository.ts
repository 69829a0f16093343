import { apiKeys, workspaces } from "@schema";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { MINUTE_MS } from "../time/durations";
import { parseStoredScopes, type Scope } from "../vocabulary/scopes";
import { displayPrefixOf, generateApiKey, hashApiKey } from "./api-key-secret";
import { prefixedId } from "./random-token";

export interface ActiveKey {
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
  lastUsedAt: number | null;
}

/** The unrevoked key whose hash matches, or null. One indexed read (unique key_hash). */
export async function findActiveKey(db: Database, key: string): Promise<ActiveKey | null> {
  const hash = await hashApiKey(key);
  const row = await db
    .select({
      keyId: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .get();
  return row ? { ...row, scopes: parseStoredScopes(row.scopes) } : null;
}

// last_used_at is advisory; writing it on every request would turn each read into a
// D1 write. It moves at most once per this interval per key.
export const LAST_USED_RESOLUTION_MS = MINUTE_MS;

export function lastUsedIsStale(lastUsedAt: number | null, now: number): boolean {
  return lastUsedAt === null || now - lastUsedAt >= LAST_USED_RESOLUTION_MS;
}

/** Conditional update, so concurrent requests of one key write at most once per interval. */
export async function touchLastUsed(db: Database, keyId: string, now: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - LAST_USED_RESOLUTION_MS))),
    );
}

export interface CreatedKey {
  workspace_id: string;
  key_id: string;
  key: string;
  scopes: Scope[];
}

/**
 * Creates a key in the named workspace, creating the workspace on first use (a repeated
 * name reuses it, docs/decisions.md#1-running-it). The key is returned here once and stored only hashed.
 */
export async function createKey(
  db: Database,
  input: { workspaceName: string; scopes: Scope[]; name?: string },
  now = Date.now(),
): Promise<CreatedKey> {
  await db
    .insert(workspaces)
    .values({ id: prefixedId("ws"), name: input.workspaceName, createdAt: now })
    .onConflictDoNothing({ target: workspaces.name });
  const workspaceId = await workspaceIdByName(db, input.workspaceName);
  if (workspaceId === null) throw new Error("workspace vanished after upsert");
  return createWorkspaceKey(db, { workspaceId, scopes: input.scopes, name: input.name ?? null }, now);
}

/** Creates a key in a known workspace (Settings -> API keys); shown once, stored hashed. */
export async function createWorkspaceKey(
  db: Database,
  input: { workspaceId: string; scopes: Scope[]; name: string | null; createdBy?: string },
  now = Date.now(),
): Promise<CreatedKey> {
  const key = generateApiKey();
  const keyId = prefixedId("key");
  const scopes = [...new Set(input.scopes)];
  await db.insert(apiKeys).values({
    id: keyId,
    name: input.name,
    workspaceId: input.workspaceId,
    keyHash: await hashApiKey(key),
    displayPrefix: displayPrefixOf(key),
    scopes: JSON.stringify(scopes),
    createdAt: now,
    createdBy: input.createdBy ?? null,
  });
  return { workspace_id: input.workspaceId, key_id: keyId, key, scopes };
}

export interface KeyListItem {
  keyId: string;
  name: string | null;
  displayPrefix: string;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
}

export const keyListColumns = {
  keyId: apiKeys.id,
  name: apiKeys.name,
  displayPrefix: apiKeys.displayPrefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

/** The workspace's live keys, newest first. Nothing secret: the hash is never selected. */
export async function listWorkspaceKeys(db: Database, workspaceId: string): Promise<KeyListItem[]> {
  const rows = await db
    .select(keyListColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all();
  return rows.map((row) => ({ ...row, scopes: parseStoredScopes(row.scopes) }));
}

/** The workspace's live key with this id, or null (another workspace's key is never found). */
export async function findWorkspaceKey(db: Database, workspaceId: string, keyId: string): Promise<KeyListItem | null> {
  const row = await db
    .select(keyListColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .get();
  return row ? { ...row, scopes: parseStoredScopes(row.scopes) } : null;
}

/** Revokes a key; true when a live key was revoked, false when unknown or already revoked. */
export async function revokeKey(db: Database, keyId: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function workspaceName(db: Database, workspaceId: string): Promise<string | null> {
  const row = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).get();
  return row?.name ?? null;
}

/** The id of the workspace with this name (names are unique), or null. */
export async function workspaceIdByName(db: Database, name: string): Promise<string | null> {
  const row = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, name)).get();
  return row?.id ?? null;
}
