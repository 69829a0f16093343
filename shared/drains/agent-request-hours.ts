import { JSON_ROWS } from "../db/json-rows";
import { utcHourStart, utcHourStartSql } from "../time/utc-hour";
import { rowColumn } from "./agent-request-columns";

// agent_request_hours (schema/agent-request-hours.ts): AI agents' requests counted per
// UTC hour, platform and purpose, kept equal to agent_requests by changing both in one
// transaction: a stored batch adds its new rows' counts (a redelivered id, which the
// INSERT OR IGNORE skips, adds nothing), a retention pass takes away the counts of the
// rows it deletes. Incremental, so a drain's chunk costs its own rows, however many
// requests the current hour already holds.

/**
 * A set of agent requests counted as agent_request_hours keeps them (and as the AI-errors
 * report totals a window's partial hours): the status classes, declared once.
 */
export const REQUEST_COUNTS_SQL = `count(*) AS requests, coalesce(sum(status >= 400), 0) AS errors,
  coalesce(sum(status IN (404, 410)), 0) AS not_found, coalesce(sum(status >= 500), 0) AS server_errors`;

/**
 * The statement that adds the rows of `rowsJson` (a JSON array of rows in
 * AGENT_REQUEST_COLUMNS order, each id once, as the rows' INSERT binds it) to their
 * hours' counts, leaving out every row whose id agent_requests already holds. It runs in
 * the batch before the rows' INSERT OR IGNORE, so "already holds" means "stored by an
 * earlier delivery". `noneStored`: the caller has just checked that no id of the rows is
 * stored (a drain's chunk, shared/drains/commit-drain-chunk.ts), so the probe per row is
 * left out. The hour is the UTC hour's start, as the retention pass below computes it.
 */
export function addToAgentRequestHours(db: D1Database, rowsJson: string, noneStored = false): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO agent_request_hours (hour, platform, purpose, requests, errors, not_found, server_errors)
       SELECT hour, platform, purpose, ${REQUEST_COUNTS_SQL}
       FROM (SELECT ${rowColumn("id")} AS id, ${utcHourStartSql(rowColumn("occurred_at"))} AS hour, ${rowColumn("platform")} AS platform,
                    ${rowColumn("purpose")} AS purpose, ${rowColumn("status")} AS status FROM ${JSON_ROWS}) r
       ${noneStored ? "" : "WHERE NOT EXISTS (SELECT 1 FROM agent_requests a WHERE a.id = r.id)"}
       GROUP BY hour, platform, purpose
       ON CONFLICT (hour, platform, purpose) DO UPDATE SET
         requests = requests + excluded.requests, errors = errors + excluded.errors,
         not_found = not_found + excluded.not_found, server_errors = server_errors + excluded.server_errors`,
    )
    .bind(rowsJson);
}

/**
 * Statements, to run before the requests before `cut` are deleted, that take their counts
 * away (agent_requests_time_idx: only the rows past retention since the last pass), then
 * drop the hours left at zero.
 */
export function dropAgentRequestHoursBefore(db: D1Database, cut: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE agent_request_hours AS h SET requests = h.requests - d.requests, errors = h.errors - d.errors,
           not_found = h.not_found - d.not_found, server_errors = h.server_errors - d.server_errors
         FROM (SELECT ${utcHourStartSql("occurred_at")} AS hour, platform, purpose, ${REQUEST_COUNTS_SQL}
               FROM agent_requests WHERE occurred_at < ?1 GROUP BY 1, 2, 3) AS d
         WHERE h.hour = d.hour AND h.platform = d.platform AND h.purpose = d.purpose`,
      )
      .bind(cut),
    db.prepare("DELETE FROM agent_request_hours WHERE requests <= 0 OR hour < ?1").bind(utcHourStart(cut)),
  ];
}
