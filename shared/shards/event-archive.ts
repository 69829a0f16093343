import type { Purpose } from "../classify/agents";
import type { DetectionSignal, Tier } from "../classify/identity-vocabulary";
import type { Source } from "../classify/source";
import type { EventKind, IngestMessage } from "../ingest/queue-message";
import { EVENT_COLUMNS, type EventRow } from "../sessions/event-row";
import type { SessionRow } from "../sessions/session-state";
import { DAY_MS } from "../time/durations";
import { utcDay } from "../time/utc-day";

/**
 * Raw events a shard keeps in SQLite: the 90-day report window (journeys of any session
 * a report can list) plus two days of margin. Older events go to R2 (archiveDay).
 */
export const RAW_EVENT_RETENTION_DAYS = 92;

/** The R2 object of one site's events of sessions started on one UTC day. */
export function archiveKey(siteId: string, day: string): string {
  return `events/${encodeURIComponent(siteId)}/${day}.ndjson`;
}

export function archivePrefix(siteId: string): string {
  return `events/${encodeURIComponent(siteId)}/`;
}

/** What an archived event carries of its session: the visitor and the device. */
const SESSION_FIELDS = [
  "visitor_hash",
  "agent_confidence",
  "referrer_host",
  "browser",
  "os",
  "device_type",
] as const satisfies ReadonlyArray<keyof SessionRow>;

/** The event columns an archive line keeps: all but the session id (a rebuild assigns sessions again). */
const ARCHIVED_EVENT_COLUMNS = EVENT_COLUMNS.filter(
  (c): c is Exclude<keyof EventRow, "session_id"> => c !== "session_id",
);

/** One archived event: the event row plus what its session knew of the visitor. */
type ArchivedEvent = Omit<EventRow, "session_id"> & Pick<SessionRow, (typeof SESSION_FIELDS)[number]>;

/** Start (epoch ms) of the first UTC day whose sessions keep their raw events at `nowMs`. */
export function archiveCutoff(nowMs: number): number {
  return Date.parse(`${utcDay(nowMs - RAW_EVENT_RETENTION_DAYS * DAY_MS)}T00:00:00.000Z`);
}

/**
 * The oldest session-start day still holding raw events, if it is past retention,
 * looking at sessions started at or after `fromMs` only: the shard passes where the
 * last pass ended (`archive` in analytics-shard.ts), because sessions stay after their
 * events are archived, and a walk from the site's first session would pass every one of
 * them on every alarm, more each day the site lives.
 */
export async function dayToArchive(db: D1Database, siteId: string, nowMs: number, fromMs = 0): Promise<string | null> {
  // sessions_site_started_idx, then each session's events by ingest_events_session_time_idx.
  const row = await db
    .prepare(
      `SELECT s.day FROM sessions s WHERE s.site_id = ?1 AND s.started_at >= ?3 AND s.started_at < ?2
         AND EXISTS (SELECT 1 FROM ingest_events e WHERE e.session_id = s.id)
       ORDER BY s.started_at LIMIT 1`,
    )
    .bind(siteId, archiveCutoff(nowMs), fromMs)
    .first<Pick<SessionRow, "day">>();
  return row?.day ?? null;
}

/**
 * Moves the raw events of the sessions a site started on `day` to one R2 object (NDJSON,
 * merged with an object already there, by event id) and deletes them from the shard.
 * The object is written before anything is deleted: a failure in between leaves the
 * events in both places, and the next pass writes the same object again.
 */
export async function archiveDay(db: D1Database, bucket: R2Bucket, siteId: string, day: string): Promise<number> {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const { results } = await db
    .prepare(
      `SELECT ${[...ARCHIVED_EVENT_COLUMNS.map((c) => `e.${c}`), ...SESSION_FIELDS.map((c) => `s.${c}`)].join(", ")}
       FROM sessions s JOIN ingest_events e ON e.session_id = s.id
       WHERE s.site_id = ?1 AND s.started_at >= ?2 AND s.started_at < ?3
       ORDER BY e.occurred_at, e.id`,
    )
    .bind(siteId, start, start + DAY_MS)
    .all<ArchivedEvent>();
  if (results.length === 0) return 0;
  const key = archiveKey(siteId, day);
  const byId = new Map<string, ArchivedEvent>();
  const existing = await bucket.get(key);
  if (existing) for (const e of parseArchive(await existing.text())) byId.set(e.id, e);
  for (const e of results) byId.set(e.id, e);
  await bucket.put(key, [...byId.values()].map((e) => JSON.stringify(e)).join("\n"), {
    httpMetadata: { contentType: "application/x-ndjson" },
  });
  await db.batch(
    [...chunks(results.map((e) => e.id))].map((ids) =>
      db.prepare("DELETE FROM ingest_events WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids)),
    ),
  );
  return results.length;
}

function* chunks<T>(items: T[], size = 500): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

function parseArchive(text: string): ArchivedEvent[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ArchivedEvent);
}

/**
 * The queue message an archived event came from, as far as sessions need it: the
 * visitor hash is the session's (so a session crossing midnight is rebuilt whole), and
 * the channel is `server` so a rebuild never moves the install-check beacon signals.
 */
export function messageOf(e: ArchivedEvent): IngestMessage {
  const c = JSON.parse(e.classification) as {
    platform: string | null;
    purpose: Purpose | null;
    tier: Tier | null;
    signals: DetectionSignal[];
    source: Source;
    sub_source: string | null;
  };
  return {
    id: e.id,
    channel: "server",
    siteId: e.site_id,
    workspaceId: e.workspace_id,
    kind: e.kind as EventKind,
    occurredAt: e.occurred_at,
    receivedAt: e.received_at,
    url: e.url,
    target: e.target,
    durationMs: e.duration_ms,
    visitorHash: e.visitor_hash,
    altVisitorHash: null,
    pendingHash: null,
    platform: c.platform ?? null,
    purpose: c.purpose ?? null,
    tier: c.tier ?? null,
    confidence: e.agent_confidence,
    signals: c.signals ?? [],
    source: c.source,
    subSource: c.sub_source ?? null,
    referrerHost: e.referrer_host,
    browser: e.browser,
    os: e.os,
    deviceType: e.device_type,
    mayStartSession: true,
  };
}

/** Every archived day of a site, oldest first: the session-start day and its events as queue messages. */
export async function* archivedDays(
  bucket: R2Bucket,
  siteId: string,
): AsyncGenerator<{ day: string; messages: IngestMessage[] }> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: archivePrefix(siteId), cursor });
    for (const obj of page.objects.sort((a, b) => (a.key < b.key ? -1 : 1))) {
      const body = await bucket.get(obj.key);
      const day = obj.key.slice(archivePrefix(siteId).length).replace(/\.ndjson$/, "");
      if (body) yield { day, messages: parseArchive(await body.text()).map(messageOf) };
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
