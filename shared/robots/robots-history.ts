import { robotsChecks, robotsVersions, sites } from "@schema";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { DAY_MS, HOUR_MS } from "../time/durations";
import { type RobotsObservation, versionHash } from "./robots-version";

// A domain's robots.txt history (schema/robots-history.ts, docs/reports.md
// "robots.txt history"). Versions form a chain: each is in force from its
// first_seen_at until the next one's, so a logged request is judged by the file the
// site served when it was made, not by today's.

/** Versions kept per domain at most (the oldest go first). A daily fetch adds at most one a day; scans a few more. */
export const MAX_VERSIONS_PER_DOMAIN = 30;
/**
 * A version is dropped once its successor took over before this long ago: the agent
 * requests it would judge are gone too (shared/drains/commit-drain-chunk.ts, 92 days).
 */
export const VERSION_RETENTION_MS = 92 * DAY_MS;
/**
 * RFC 9309 §2.4: a crawler may use a cached robots.txt for up to 24 hours. During that
 * long after a version appears, a request is a violation only if the previous version
 * forbade it too (shared/reports/robots-compliance.ts).
 */
export const ROBOTS_CACHE_GRACE_MS = 24 * HOUR_MS;

export type RobotsVersionRow = typeof robotsVersions.$inferSelect;
/** A version as the compliance report reads it. */
export type RobotsVersion = Pick<RobotsVersionRow, "id" | "kind" | "body" | "firstSeenAt" | "lastSeenAt">;

export interface RobotsCheck {
  status: number;
  error: string | null;
}

/** Whether `domain` is registered by any workspace: only those get a history. */
export async function isRegisteredDomain(db: Database, domain: string): Promise<boolean> {
  const row = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain)).limit(1);
  return row.length > 0;
}

/**
 * Records one fetch of `domain`'s robots.txt at `now`: the check always; the version
 * when there is one (a new row if it differs from the newest, else the newest seen
 * again), then the history trimmed. Returns what happened to the history.
 */
export async function recordRobotsFetch(
  db: Database,
  domain: string,
  check: RobotsCheck,
  observation: RobotsObservation | null,
  now: number,
): Promise<"new_version" | "same_version" | "no_version"> {
  await db
    .insert(robotsChecks)
    .values({ domain, checkedAt: now, status: check.status, error: check.error })
    .onConflictDoUpdate({
      target: robotsChecks.domain,
      set: { checkedAt: now, status: check.status, error: check.error },
    });
  if (observation === null) return "no_version";
  const hash = await versionHash(observation);
  const [newest] = await db
    .select({ id: robotsVersions.id, contentHash: robotsVersions.contentHash, lastSeenAt: robotsVersions.lastSeenAt })
    .from(robotsVersions)
    .where(eq(robotsVersions.domain, domain))
    .orderBy(desc(robotsVersions.firstSeenAt))
    .limit(1);
  if (newest?.contentHash === hash) {
    await db
      .update(robotsVersions)
      .set({ lastSeenAt: Math.max(newest.lastSeenAt, now), seenCount: sql`${robotsVersions.seenCount} + 1` })
      .where(eq(robotsVersions.id, newest.id));
    return "same_version";
  }
  await db.insert(robotsVersions).values({
    id: `rv_${crypto.randomUUID().replaceAll("-", "")}`,
    domain,
    kind: observation.kind,
    status: observation.status,
    body: observation.body,
    contentHash: hash,
    firstSeenAt: now,
    lastSeenAt: now,
    seenCount: 1,
  });
  await trimHistory(db, domain, now);
  return "new_version";
}

/** Drops versions beyond MAX_VERSIONS_PER_DOMAIN and those replaced before the retention window. */
async function trimHistory(db: Database, domain: string, now: number): Promise<void> {
  const chain = await db
    .select({ id: robotsVersions.id, firstSeenAt: robotsVersions.firstSeenAt })
    .from(robotsVersions)
    .where(eq(robotsVersions.domain, domain))
    .orderBy(desc(robotsVersions.firstSeenAt));
  const drop = chain.filter(
    (_v, i) => i >= MAX_VERSIONS_PER_DOMAIN || (i > 0 && chain[i - 1].firstSeenAt < now - VERSION_RETENTION_MS),
  );
  if (drop.length > 0)
    await db.delete(robotsVersions).where(
      inArray(
        robotsVersions.id,
        drop.map((v) => v.id),
      ),
    );
}

/**
 * The versions in force at some time in [start - grace, end), oldest first: the one in
 * force at the start (the grace lets its predecessor be read too) and every one after.
 */
export async function robotsVersionsFor(
  db: Database,
  domain: string,
  start: number,
  end: number,
): Promise<RobotsVersion[]> {
  const chain = await db
    .select({
      id: robotsVersions.id,
      kind: robotsVersions.kind,
      body: robotsVersions.body,
      firstSeenAt: robotsVersions.firstSeenAt,
      lastSeenAt: robotsVersions.lastSeenAt,
    })
    .from(robotsVersions)
    .where(and(eq(robotsVersions.domain, domain), lt(robotsVersions.firstSeenAt, end)))
    .orderBy(asc(robotsVersions.firstSeenAt));
  const from = start - ROBOTS_CACHE_GRACE_MS;
  // The last version that began at or before `from` is in force there; earlier ones are not needed.
  let first = 0;
  for (let i = 0; i < chain.length; i++) if (chain[i].firstSeenAt <= from) first = i;
  return chain.slice(first);
}

/** The whole kept history of a domain, newest first, without bodies (the dashboard's list). */
export async function robotsHistory(db: Database, domain: string) {
  return db
    .select({
      id: robotsVersions.id,
      kind: robotsVersions.kind,
      status: robotsVersions.status,
      firstSeenAt: robotsVersions.firstSeenAt,
      lastSeenAt: robotsVersions.lastSeenAt,
      seenCount: robotsVersions.seenCount,
    })
    .from(robotsVersions)
    .where(eq(robotsVersions.domain, domain))
    .orderBy(desc(robotsVersions.firstSeenAt));
}
