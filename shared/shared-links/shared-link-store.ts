import { sharedLinks, sites, workspaces } from "@schema";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";

// The one way to the shared_links table (schema/shared-links.ts).

/** A link as its owners see it: never its token, never its password's hash. */
export interface SharedLinkRecord {
  id: string;
  name: string;
  hasPassword: boolean;
  createdAt: number;
  revokedAt: number | null;
  lastViewedAt: number | null;
}

const listed = {
  id: sharedLinks.id,
  name: sharedLinks.name,
  passwordHash: sharedLinks.passwordHash,
  createdAt: sharedLinks.createdAt,
  revokedAt: sharedLinks.revokedAt,
  lastViewedAt: sharedLinks.lastViewedAt,
};

function record(row: { passwordHash: string | null } & Omit<SharedLinkRecord, "hasPassword">): SharedLinkRecord {
  const { passwordHash, ...rest } = row;
  return { ...rest, hasPassword: passwordHash !== null };
}

export async function insertSharedLink(db: Database, row: typeof sharedLinks.$inferInsert): Promise<SharedLinkRecord> {
  const [inserted] = await db.insert(sharedLinks).values(row).returning(listed);
  return record(inserted);
}

/** A site's links, newest first, revoked ones included (the page says which). */
export async function siteSharedLinks(db: Database, workspaceId: string, siteId: string): Promise<SharedLinkRecord[]> {
  const rows = await db
    .select(listed)
    .from(sharedLinks)
    .where(and(eq(sharedLinks.workspaceId, workspaceId), eq(sharedLinks.siteId, siteId)))
    .orderBy(desc(sharedLinks.createdAt), desc(sharedLinks.id));
  return rows.map(record);
}

/** How many links of the site are not revoked. */
export async function liveSharedLinks(db: Database, siteId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sharedLinks)
    .where(and(eq(sharedLinks.siteId, siteId), isNull(sharedLinks.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes a live link of the site; null when there is none by that id (or it was revoked already). */
export async function markRevoked(
  db: Database,
  where: { workspaceId: string; siteId: string; id: string },
  nowMs: number,
): Promise<SharedLinkRecord | null> {
  const [row] = await db
    .update(sharedLinks)
    .set({ revokedAt: nowMs })
    .where(
      and(
        eq(sharedLinks.id, where.id),
        eq(sharedLinks.workspaceId, where.workspaceId),
        eq(sharedLinks.siteId, where.siteId),
        isNull(sharedLinks.revokedAt),
      ),
    )
    .returning(listed);
  return row ? record(row) : null;
}

/** What opening a link needs: the link, its site's domain and its workspace's zone. */
export interface OpenLinkRow {
  id: string;
  name: string;
  passwordHash: string | null;
  workspaceId: string;
  siteId: string;
  domain: string;
  timeZone: string;
  lastViewedAt: number | null;
}

/** The live link with this token hash, joined to its site and workspace; null for none or revoked. */
export async function openLinkByTokenHash(db: Database, tokenHash: string): Promise<OpenLinkRow | null> {
  const [row] = await db
    .select({
      id: sharedLinks.id,
      name: sharedLinks.name,
      passwordHash: sharedLinks.passwordHash,
      workspaceId: sharedLinks.workspaceId,
      siteId: sharedLinks.siteId,
      domain: sites.domain,
      timeZone: workspaces.timeZone,
      lastViewedAt: sharedLinks.lastViewedAt,
    })
    .from(sharedLinks)
    .innerJoin(sites, and(eq(sites.id, sharedLinks.siteId), eq(sites.workspaceId, sharedLinks.workspaceId)))
    .innerJoin(workspaces, eq(workspaces.id, sharedLinks.workspaceId))
    .where(and(eq(sharedLinks.tokenHash, tokenHash), isNull(sharedLinks.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function touchViewed(db: Database, id: string, nowMs: number): Promise<void> {
  await db.update(sharedLinks).set({ lastViewedAt: nowMs }).where(eq(sharedLinks.id, id));
}
