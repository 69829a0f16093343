import { drains } from "@schema/drains";
import { sites } from "@schema/sites";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { hashApiKey } from "../auth/api-key-secret";
import { prefixedId, randomBase62 } from "../auth/random-token";
import type { Database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { DrainFormat } from "../vocabulary/drain-formats";
import { sealSecret } from "../webhooks/secret-box";
import type { DrainBatchResult } from "./accept-drain-batch";

export type DrainRow = typeof drains.$inferSelect;

/** Active drains per site: enough for one per vendor and a spare for rotation. */
export const DRAINS_PER_SITE = 10;

// Drain secrets look like `ar_drain_` + 40 base62 characters (~238 bits); the prefix
// lets secret scanners recognise a leaked one. Only their SHA-256 is kept (as for API
// keys); a Vercel drain's is also sealed, because Vercel signs with it (schema/drains.ts).
const SECRET_PREFIX = "ar_drain_";

export function generateDrainSecret(): string {
  return `${SECRET_PREFIX}${randomBase62(40)}`;
}

export const hashDrainSecret = hashApiKey;

export interface CreatedDrain {
  drain: DrainRow;
  /** Shown once, in the creation answer. */
  secret: string;
}

/**
 * A new drain for one of the workspace's sites. Refused with `limit_reached` when the
 * site already has DRAINS_PER_SITE active drains. `env` seals a Vercel drain's secret.
 */
export async function createDrain(
  db: Database,
  env: object,
  input: { workspaceId: string; siteId: string; format: DrainFormat; vercelVerify: string | null },
  now = Date.now(),
): Promise<Result<CreatedDrain, "limit_reached" | "site_not_found">> {
  if (!(await siteInWorkspace(db, input.workspaceId, input.siteId)))
    return refusal("site_not_found", "No site with that id in this workspace");
  const active = await db
    .select({ id: drains.id })
    .from(drains)
    .where(and(eq(drains.siteId, input.siteId), isNull(drains.revokedAt)))
    .limit(DRAINS_PER_SITE);
  if (active.length >= DRAINS_PER_SITE)
    return refusal("limit_reached", `The site has ${DRAINS_PER_SITE} active drains, the ceiling; revoke one first`);
  const secret = generateDrainSecret();
  const row: typeof drains.$inferInsert = {
    id: prefixedId("drn"),
    workspaceId: input.workspaceId,
    siteId: input.siteId,
    format: input.format,
    secretHash: await hashDrainSecret(secret),
    secretSealed: input.format === "vercel" ? await sealSecret(env, secret) : null,
    vercelVerify: input.format === "vercel" ? input.vercelVerify : null,
    createdAt: now,
  };
  const [drain] = await db.insert(drains).values(row).returning();
  return ok({ drain, secret });
}

/** Whether the site is the workspace's (another workspace's site answers like a missing one). */
export async function siteInWorkspace(db: Database, workspaceId: string, siteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.workspaceId, workspaceId)));
  return row !== undefined;
}

/** The workspace's drains, newest first, optionally of one site (revoked ones included, marked). */
export async function listDrains(db: Database, workspaceId: string, siteId?: string): Promise<DrainRow[]> {
  return db
    .select()
    .from(drains)
    .where(
      siteId
        ? and(eq(drains.workspaceId, workspaceId), eq(drains.siteId, siteId))
        : eq(drains.workspaceId, workspaceId),
    )
    .orderBy(desc(drains.createdAt), desc(drains.id))
    .limit(500);
}

export async function drainOfWorkspace(db: Database, workspaceId: string, drainId: string): Promise<DrainRow | null> {
  const [row] = await db
    .select()
    .from(drains)
    .where(and(eq(drains.id, drainId), eq(drains.workspaceId, workspaceId)));
  return row ?? null;
}

/** Revokes a drain of the workspace; its endpoint refuses every batch from then on. Idempotent. */
export async function revokeDrain(
  db: Database,
  workspaceId: string,
  drainId: string,
  now = Date.now(),
): Promise<Result<DrainRow, "drain_not_found">> {
  await db
    .update(drains)
    .set({ revokedAt: now })
    .where(and(eq(drains.id, drainId), eq(drains.workspaceId, workspaceId), isNull(drains.revokedAt)));
  const row = await drainOfWorkspace(db, workspaceId, drainId);
  return row ? ok(row) : refusal("drain_not_found");
}

/** What the drain endpoint needs: the drain and its site. */
export interface DrainEndpoint {
  drain: DrainRow;
  site: { id: string; workspaceId: string; domain: string; coverage: string; snippetInstalledAt: number | null };
}

export async function drainEndpoint(db: Database, drainId: string): Promise<DrainEndpoint | null> {
  const [row] = await db
    .select({
      drain: drains,
      site: {
        id: sites.id,
        workspaceId: sites.workspaceId,
        domain: sites.domain,
        coverage: sites.coverage,
        snippetInstalledAt: sites.snippetInstalledAt,
      },
    })
    .from(drains)
    .innerJoin(sites, eq(sites.id, drains.siteId))
    .where(eq(drains.id, drainId));
  return row ?? null;
}

/** The drain's status after a batch (its install check). */
export function recordBatch(db: Database, drainId: string, result: DrainBatchResult, now: number) {
  const reasons = Object.keys(result.reasons).length > 0 ? JSON.stringify(result.reasons) : null;
  return db
    .update(drains)
    .set({
      lastBatchAt: now,
      lastBatchLines: result.lines,
      lastBatchAccepted: result.accepted,
      lastBatchRejected: result.rejected,
      lastBatchReasons: reasons,
      ...(result.accepted > 0 ? { lastAcceptAt: now } : {}),
    })
    .where(eq(drains.id, drainId));
}

/** Why the drain's endpoint refused a request, at most one write a second per drain. */
export async function recordDrainRefusal(db: Database, drainId: string, reason: string, now: number): Promise<void> {
  await db
    .update(drains)
    .set({ lastRefusalAt: now, lastRefusalReason: reason })
    .where(and(eq(drains.id, drainId), or(isNull(drains.lastRefusalAt), lt(drains.lastRefusalAt, now - 1000))));
}
