import { chunk } from "../batching/chunk";
import { JSON_ROWS, jsonColumns, jsonRowSlices } from "../db/json-rows";
import type { IngestMessage } from "../ingest/queue-message";
import { utcHourStart } from "../time/utc-hour";
import { EVENT_COLUMNS, type EventRow } from "./event-row";
import { type InstallSignals, installSignals, type SessionStart } from "./install-signals";
import {
  applyEvent,
  continues,
  ON_REWRITE,
  SESSION_GAP_MS,
  SESSION_STATE_COLUMNS,
  type SessionState,
  startSession,
} from "./session-state";

/**
 * Writes sessions whole, a slice of them bound as one JSON array (shared/db/json-rows.ts);
 * a rewrite also resets what the session-end rollup settled. `WHERE true` keeps SQLite
 * from reading ON CONFLICT as the SELECT's join constraint (its documented parsing rule
 * for an upsert from a SELECT).
 */
const UPSERT_SESSIONS = `INSERT INTO sessions (${SESSION_STATE_COLUMNS.join(", ")}, ${Object.keys(ON_REWRITE).join(", ")})
SELECT ${jsonColumns(SESSION_STATE_COLUMNS.length)}, ${Object.values(ON_REWRITE).join(", ")} FROM ${JSON_ROWS} WHERE true
ON CONFLICT(id) DO UPDATE SET ${[
  ...SESSION_STATE_COLUMNS.filter((c) => c !== "id").map((c) => `${c} = excluded.${c}`),
  ...Object.entries(ON_REWRITE).map(([c, v]) => `${c} = ${v}`),
].join(", ")}`;

/**
 * Event rows, a slice bound as one JSON array (shared/db/json-rows.ts). Nine rows per
 * INSERT (100 bound parameters) made a drain's chunk hundreds of statements of 99
 * parameters each (docs/performance/log.md, "Drains", issue 46).
 */
const INSERT_EVENTS = `INSERT OR IGNORE INTO ingest_events (${EVENT_COLUMNS.join(", ")})
SELECT ${jsonColumns(EVENT_COLUMNS.length)} FROM ${JSON_ROWS}`;

/**
 * The sessions of a site's visitors (their hashes bound as one JSON array, ?2) within
 * reach of a batch's events (?3, ?4: the batch's earliest event less the session gap,
 * its latest plus it); each visitor's group keeps those within reach of its own events.
 * One statement for the batch: one per visitor was a statement per page view of a
 * drain's chunk (docs/performance/log.md, "Drains", issue 46). `+started_at` keeps the
 * planner on sessions_site_visitor_idx: without it SQLite chose
 * sessions_site_started_idx (site_id, started_at < ?), a scan of every earlier session
 * of the site per visitor, which made a large batch quadratic (docs/performance/log.md
 * "Drains").
 */
export const CANDIDATE_SESSIONS = `SELECT ${SESSION_STATE_COLUMNS.join(", ")} FROM sessions
WHERE site_id = ?1 AND visitor_hash IN (SELECT value FROM json_each(?2)) AND last_event_at > ?3 AND +started_at < ?4`;

/**
 * The batch's events already stored, with their sessions' start (the install signals),
 * the ids bound as one JSON array: 90 bound ids per statement made a drain's chunk of
 * 11,676 page views 130 statements (docs/performance/log.md, "Drains", issue 46).
 */
const STORED_EVENTS = `SELECT e.id, s.site_id, s.started_at FROM ingest_events e LEFT JOIN sessions s ON s.id = e.session_id
WHERE e.id IN (SELECT value FROM json_each(?1))`;

/** Ids per stored-events statement (under 64 characters each: far under the bound string's 2 MB). */
const IDS_PER_STORED_CHECK = 20_000;

/** Visitor hashes per candidate statement (32 characters each: far under the bound string's 2 MB). */
const HASHES_PER_CANDIDATE_QUERY = 20_000;

const MARK_STALE_DAY = "INSERT OR IGNORE INTO stale_days (site_id, day) VALUES (?, ?)";

export interface RollupResult {
  stored: number;
  duplicates: number;
  skipped: number;
  sessionsTouched: number;
  /** When the first of the touched sessions can end (its last event + 30 min), null if none: the shard's alarm is armed by then. */
  earliestEnd: number | null;
  /** Install-check signals per site, for the control plane (shared/sessions/install-signals.ts). */
  install: InstallSignals[];
}

/**
 * The session rollup for one batch of one site's events, run inside that site's
 * AnalyticsShard, in one transaction (the batch is atomic): events already stored (a redelivery) are skipped, each new event
 * joins its visitor's session (30-minute rule, docs/decisions.md#5-traffic-reports) or starts one, and the
 * event row and the session row are written together, so an event is in exactly one
 * session and no redelivery counts twice. Assignment is read-modify-write: the shard
 * runs one call at a time, so consumers of different sites run in parallel while a
 * site's own batches never interleave. Install-check signals are returned, not written:
 * the `sites` row lives in the control plane (D1).
 */
export async function rollupBatch(
  db: D1Database,
  messages: readonly IngestMessage[],
  newId: () => string = () => crypto.randomUUID(),
  /**
   * `noneStored`: the caller has just checked, in this same call to the shard, that no
   * event id of `messages` is stored (a drain's chunk, shared/drains/commit-drain-chunk.ts),
   * so the stored-events probe of every id is left out.
   */
  { noneStored = false }: { noneStored?: boolean } = {},
): Promise<RollupResult> {
  const unique = new Map<string, IngestMessage>();
  for (const m of messages) if (!unique.has(m.id)) unique.set(m.id, m);
  const ids = [...unique.keys()];
  if (ids.length === 0)
    return { stored: 0, duplicates: 0, skipped: 0, sessionsTouched: 0, earliestEnd: null, install: [] };

  const stored = new Set<string>();
  // The sessions of already stored events, as far as the install signals need them.
  const storedSessions: SessionStart[] = [];
  const found = noneStored
    ? []
    : await db.batch(chunk(ids, IDS_PER_STORED_CHECK).map((c) => db.prepare(STORED_EVENTS).bind(JSON.stringify(c))));
  for (const r of found)
    for (const row of r.results as Array<Pick<EventRow, "id"> & Partial<SessionStart>>) {
      stored.add(row.id);
      if (row.site_id != null && row.started_at != null)
        storedSessions.push({ site_id: row.site_id, started_at: row.started_at });
    }
  const fresh = [...unique.values()]
    .filter((m) => !stored.has(m.id))
    .sort((a, b) => a.occurredAt - b.occurredAt || (a.id < b.id ? -1 : 1));

  // Candidate sessions per visitor: either daily hash, within reach of the batch's events.
  const visitors = new Map<string, IngestMessage[]>();
  for (const m of fresh) {
    // Both daily hashes name the visitor: grouping on the pair keeps a visitor whose
    // events straddle midnight in one group.
    const pair = [m.visitorHash, m.altVisitorHash ?? ""].sort().join("\u0000");
    const key = `${m.siteId}\u0000${pair}`;
    visitors.set(key, [...(visitors.get(key) ?? []), m]);
  }
  const groups = [...visitors.values()];
  const candidateRows = await candidateSessions(db, groups);

  // One in-memory copy per session id, shared by every group that reads it.
  const loaded = new Map<string, SessionState>();
  // The day and start each stored session had before this batch: a late event can move it earlier.
  const storedDay = new Map<string, { day: string; startedAt: number }>();
  const touched = new Map<string, SessionState>();
  const assignments: Array<[IngestMessage, string]> = [];
  let skipped = 0;
  groups.forEach((group, i) => {
    const open: SessionState[] = candidateRows[i].map((row) => {
      const known = loaded.get(row.id) ?? { ...row };
      loaded.set(row.id, known);
      if (!storedDay.has(row.id)) storedDay.set(row.id, { day: row.day, startedAt: row.started_at });
      return known;
    });
    for (const m of group) {
      const candidates = open.filter((s) => continues(s, m.occurredAt));
      // Nearest session by last activity when two could take the event.
      let session = candidates.sort(
        (a, b) => Math.abs(m.occurredAt - a.last_event_at) - Math.abs(m.occurredAt - b.last_event_at),
      )[0];
      if (!session) {
        // A lone `leave` (a tab closed after 30 idle minutes) is not a visit.
        if (!m.mayStartSession || m.kind === "leave") {
          skipped += 1;
          continue;
        }
        session = startSession(newId(), m);
        loaded.set(session.id, session);
        open.push(session);
      } else {
        const updated = applyEvent(session, m);
        Object.assign(session, updated);
      }
      touched.set(session.id, session);
      assignments.push([m, session.id]);
    }
  });

  const statements: D1PreparedStatement[] = [];
  const eventValues: Array<[string, ...unknown[]]> = [];
  for (const [m, sessionId] of assignments) {
    const row: EventRow = {
      id: m.id,
      site_id: m.siteId,
      workspace_id: m.workspaceId,
      session_id: sessionId,
      kind: m.kind,
      occurred_at: m.occurredAt,
      received_at: m.receivedAt,
      url: m.url,
      target: m.target,
      duration_ms: m.durationMs,
      classification: JSON.stringify({
        platform: m.platform,
        purpose: m.purpose,
        tier: m.tier,
        signals: m.signals,
        signer_origin: m.signerOrigin ?? null,
        source: m.source,
        sub_source: m.subSource,
      }),
    };
    eventValues.push([row.id, ...EVENT_COLUMNS.slice(1).map((c) => row[c])]);
  }
  // In id order: the rows' keys are random, so each B-tree page of the id index is then
  // written once per statement rather than once per row that lands on it.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  eventValues.sort((a, b) => order(a[0], b[0]));
  for (const json of jsonRowSlices(eventValues)) statements.push(db.prepare(INSERT_EVENTS).bind(json));
  const sessionsById = [...touched.values()].sort((a, b) => order(a.id, b.id));
  for (const json of jsonRowSlices(sessionsById.map((t) => SESSION_STATE_COLUMNS.map((c) => t[c]))))
    statements.push(db.prepare(UPSERT_SESSIONS).bind(json));
  for (const s of sessionsById) {
    const before = storedDay.get(s.id);
    // The old day's aggregates (or, within the day, the old hour's hourly row) still
    // count this session: mark that day for a rebuild. Reports read a marked day from
    // `sessions` until then (shared/reports/read-plan.ts).
    if (before !== undefined && utcHourStart(before.startedAt) !== utcHourStart(s.started_at))
      statements.push(db.prepare(MARK_STALE_DAY).bind(s.site_id, before.day));
  }
  if (statements.length > 0) await db.batch(statements);
  return {
    stored: assignments.length,
    duplicates: ids.length - fresh.length,
    skipped,
    sessionsTouched: touched.size,
    earliestEnd:
      touched.size === 0 ? null : Math.min(...[...touched.values()].map((t) => t.last_event_at)) + SESSION_GAP_MS,
    // Redelivered events and their sessions count too: if the last attempt committed
    // here but its D1 update of the site was lost, this attempt writes it (the update
    // is monotonic).
    install: installSignals(
      [...assignments.map(([m]) => m), ...[...unique.values()].filter((m) => stored.has(m.id))],
      [...touched.values(), ...storedSessions],
    ),
  };
}

/**
 * Each visitor group's candidate sessions, in the order the per-visitor query gave them
 * (sessions_site_visitor_idx: by visitor hash, then last event), read with one statement
 * per site (CANDIDATE_SESSIONS) and kept, per group, to its two hashes and its own reach.
 */
async function candidateSessions(db: D1Database, groups: readonly IngestMessage[][]): Promise<SessionState[][]> {
  // A group's reach: its earliest event less the session gap, its latest plus it.
  const reaches = groups.map((g) => ({
    from: g[0].occurredAt - SESSION_GAP_MS,
    to: g[g.length - 1].occurredAt + SESSION_GAP_MS,
  }));
  const bySite = new Map<string, { hashes: Set<string>; from: number; to: number }>();
  for (const [i, g] of groups.entries()) {
    const first = g[0];
    const { from, to } = reaches[i];
    const site = bySite.get(first.siteId) ?? { hashes: new Set<string>(), from, to };
    site.hashes.add(first.visitorHash).add(first.altVisitorHash ?? first.visitorHash);
    site.from = Math.min(site.from, from);
    site.to = Math.max(site.to, to);
    bySite.set(first.siteId, site);
  }
  const statements: D1PreparedStatement[] = [];
  for (const [siteId, { hashes, from, to }] of bySite)
    for (const part of chunk([...hashes], HASHES_PER_CANDIDATE_QUERY))
      statements.push(db.prepare(CANDIDATE_SESSIONS).bind(siteId, JSON.stringify(part), from, to));
  // Rows per site and hash, in the order read.
  const found = new Map<string, SessionState[]>();
  if (statements.length > 0)
    for (const r of await db.batch(statements))
      for (const row of r.results as unknown as SessionState[]) {
        const key = `${row.site_id}\u0000${row.visitor_hash}`;
        const list = found.get(key);
        if (list) list.push(row);
        else found.set(key, [row]);
      }
  return groups.map((g, i) => {
    const first = g[0];
    const { from, to } = reaches[i];
    // Both hashes in sorted order, as the IN list of the per-visitor query read them.
    const hashes = [...new Set([first.visitorHash, first.altVisitorHash ?? first.visitorHash])].sort();
    return hashes.flatMap((h) =>
      (found.get(`${first.siteId}\u0000${h}`) ?? []).filter((s) => s.last_event_at > from && s.started_at < to),
    );
  });
}
