import { JSON_ROWS } from "../db/json-rows";
import { DAY_MS } from "../time/durations";
import { utcDayStart, utcDayStartSql } from "../time/utc-day";
import { rowColumn } from "./agent-request-columns";

// agent_path_days (schema/agent-path-days.ts): AI agents' requests counted per UTC day,
// agent, platform, path and status, with the day's first and last request, kept equal to
// agent_requests by changing both in one transaction, as agent_request_hours is: a
// stored batch adds its new rows (a redelivered id adds nothing), a retention pass
// takes away the rows it deletes.

/**
 * The statement that adds the rows of `rowsJson` (a JSON array of rows in
 * AGENT_REQUEST_COLUMNS order, each id once, as the rows' INSERT binds it) to their days'
 * counts, leaving out every row whose id agent_requests already holds. It runs in the
 * batch before the rows' INSERT OR IGNORE (so "already holds" means "stored by an earlier
 * delivery"). `noneStored`: the caller has just checked that none is stored; the probe is
 * left out. The day is the UTC day's start, as the retention pass below computes it.
 */
export function addToAgentPathDays(db: D1Database, rowsJson: string, noneStored = false): D1PreparedStatement {
  const at = rowColumn("occurred_at");
  return db
    .prepare(
      `INSERT INTO agent_path_days (day, agent, platform, path, status, requests, first_at, last_at)
       SELECT day, agent, platform, path, status, count(*), min(at), max(at)
       FROM (SELECT ${rowColumn("id")} AS id, ${utcDayStartSql(at)} AS day,
                    coalesce(${rowColumn("agent")}, '') AS agent, ${rowColumn("platform")} AS platform,
                    ${rowColumn("path")} AS path, ${rowColumn("status")} AS status, ${at} AS at FROM ${JSON_ROWS}) r
       ${noneStored ? "" : "WHERE NOT EXISTS (SELECT 1 FROM agent_requests a WHERE a.id = r.id)"}
       GROUP BY day, agent, platform, path, status
       ON CONFLICT (day, agent, platform, path, status) DO UPDATE SET requests = requests + excluded.requests,
         first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`,
    )
    .bind(rowsJson);
}

/**
 * Statements, to run before the requests before `cut` are deleted, that take them out of
 * their days: the count subtracted and, on the day the cut falls in, the first request
 * moved to the first one left (one probe of agent_requests_path_idx); then the days
 * left at zero dropped. Only the rows past retention since the last pass are grouped.
 */
export function dropAgentPathDaysBefore(db: D1Database, cut: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE agent_path_days AS p SET requests = p.requests - d.requests,
           first_at = coalesce((SELECT min(a.occurred_at) FROM agent_requests a
             WHERE a.path = p.path AND a.agent IS nullif(p.agent, '') AND a.occurred_at >= ?1
               AND a.occurred_at < p.day + ${DAY_MS} AND a.platform = p.platform AND a.status = p.status), p.first_at)
         FROM (SELECT ${utcDayStartSql("occurred_at")} AS day, coalesce(agent, '') AS agent, platform, path,
                      status, count(*) AS requests
               FROM agent_requests WHERE occurred_at < ?1 GROUP BY 1, 2, 3, 4, 5) AS d
         WHERE p.day = d.day AND p.agent = d.agent AND p.platform = d.platform AND p.path = d.path
           AND p.status = d.status`,
      )
      .bind(cut),
    db.prepare("DELETE FROM agent_path_days WHERE requests <= 0 OR day < ?1").bind(utcDayStart(cut)),
  ];
}
