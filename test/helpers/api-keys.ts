import { createKey } from "../../shared/auth/key-repository";
import { database } from "../../shared/db/client";
import type { Scope } from "../../shared/vocabulary/scopes";

export interface TestKey {
  workspaceId: string;
  keyId: string;
  key: string;
  scopes: Scope[];
  /** `{ Authorization: "Bearer <key>" }`, ready to spread into fetch headers. */
  headers: Record<string, string>;
}

/**
 * Creates a real key (hashed row in D1, as the admin command does) in the named
 * workspace, creating the workspace on first use. Works in any workerd test project
 * whose env has the migrated `DB`.
 */
export async function createTestKey(
  env: { DB: D1Database },
  options: { workspace: string; scopes: Scope[] },
): Promise<TestKey> {
  const created = await createKey(database(env.DB), { workspaceName: options.workspace, scopes: options.scopes });
  return {
    workspaceId: created.workspace_id,
    keyId: created.key_id,
    key: created.key,
    scopes: created.scopes,
    headers: { Authorization: `Bearer ${created.key}` },
  };
}
