import type { IngestMessage } from "../ingest/queue-message";
import type { SessionState } from "./session-state";

/** One site's install-check signals from one rollup (0 = nothing new). */
export interface InstallSignals {
  siteId: string;
  /** Newest accepted beacon. */
  accept: number;
  /** First beacon (snippet installed). */
  firstBeacon: number;
  /** Newest session start. */
  sessionStart: number;
}

/** What the signals need of a session: its site and start. */
export type SessionStart = Pick<SessionState, "site_id" | "started_at">;

/**
 * Install-check signals (docs/decisions.md#6-install-check, contract Site fields): the
 * newest accepted beacon (the heartbeat, reported as `last_verified_event_at`), the
 * first beacon (snippet installed) and the newest session start, of the events a rollup
 * stored or found already stored, and of their sessions. Computed next to the data in
 * the shard; the `sites` row is written by the consumer in D1 (installSignalUpdates).
 */
export function installSignals(accepted: IngestMessage[], sessions: SessionStart[]): InstallSignals[] {
  const bySite = new Map<string, InstallSignals>();
  for (const m of accepted) {
    const s = bySite.get(m.siteId) ?? { siteId: m.siteId, accept: 0, firstBeacon: 0, sessionStart: 0 };
    if (m.channel === "beacon") {
      s.accept = Math.max(s.accept, m.receivedAt);
      s.firstBeacon = s.firstBeacon === 0 ? m.receivedAt : Math.min(s.firstBeacon, m.receivedAt);
    }
    bySite.set(m.siteId, s);
  }
  for (const s of sessions) {
    const entry = bySite.get(s.site_id);
    if (entry) entry.sessionStart = Math.max(entry.sessionStart, s.started_at);
  }
  return [...bySite.values()];
}

/**
 * The D1 updates of the sites' install signals. They only ever move times forward
 * (max / coalesce), so applying them again after a redelivery changes nothing.
 */
export function installSignalUpdates(d1: D1Database, signals: InstallSignals[]): D1PreparedStatement[] {
  return signals.map((s) =>
    d1
      .prepare(
        `UPDATE sites SET
           last_accept_at = CASE WHEN ?1 > 0 THEN max(coalesce(last_accept_at, 0), ?1) ELSE last_accept_at END,
           snippet_installed_at = CASE WHEN ?2 > 0 THEN coalesce(snippet_installed_at, ?2) ELSE snippet_installed_at END,
           last_event_at = CASE WHEN ?3 > 0 THEN max(coalesce(last_event_at, 0), ?3) ELSE last_event_at END
         WHERE id = ?4`,
      )
      .bind(s.accept, s.firstBeacon, s.sessionStart, s.siteId),
  );
}
