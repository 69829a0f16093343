import { sitePolicies } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { PolicyRules } from "./policy-schema";

// The one way to the `site_policies` table (schema/site-policies.ts).

export interface StoredPolicy {
  version: number;
  rules: PolicyRules;
  updatedAt: number;
  updatedBy: string;
}

export async function readStoredPolicy(db: Database, siteId: string): Promise<StoredPolicy | null> {
  const [row] = await db.select().from(sitePolicies).where(eq(sitePolicies.siteId, siteId)).limit(1);
  if (!row) return null;
  return {
    version: row.version,
    rules: JSON.parse(row.rules) as PolicyRules,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

export interface PolicyWrite {
  siteId: string;
  workspaceId: string;
  rules: PolicyRules;
  /** The version the edit replaces; undefined writes over whatever is there. */
  expected: number | undefined;
  now: number;
  actor: string;
}

/**
 * Writes a site's policy in one statement and returns the new version, or null when
 * `expected` is no longer the stored version. The version moves inside the statement
 * (SQLite evaluates SET against the old row), so two concurrent writes never share one,
 * and a write naming an old version changes nothing.
 */
export async function writePolicy(db: Database, w: PolicyWrite): Promise<number | null> {
  const rules = JSON.stringify(w.rules);
  if (w.expected === 0) {
    const [row] = await db
      .insert(sitePolicies)
      .values({ siteId: w.siteId, workspaceId: w.workspaceId, version: 1, rules, updatedAt: w.now, updatedBy: w.actor })
      .onConflictDoNothing()
      .returning({ version: sitePolicies.version });
    return row?.version ?? null;
  }
  if (w.expected !== undefined) {
    const [row] = await db
      .update(sitePolicies)
      .set({ version: sql`${sitePolicies.version} + 1`, rules, updatedAt: w.now, updatedBy: w.actor })
      .where(and(eq(sitePolicies.siteId, w.siteId), eq(sitePolicies.version, w.expected)))
      .returning({ version: sitePolicies.version });
    return row?.version ?? null;
  }
  const [row] = await db
    .insert(sitePolicies)
    .values({ siteId: w.siteId, workspaceId: w.workspaceId, version: 1, rules, updatedAt: w.now, updatedBy: w.actor })
    .onConflictDoUpdate({
      target: sitePolicies.siteId,
      set: { version: sql`${sitePolicies.version} + 1`, rules, updatedAt: w.now, updatedBy: w.actor },
    })
    .returning({ version: sitePolicies.version });
  return row?.version ?? null;
}
