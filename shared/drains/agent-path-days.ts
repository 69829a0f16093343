import { JSON_ROWS } from "../db/json-rows";
import { DAY_MS } from "../time/durations";
import { utcDayStart } from "../time/utc-day";
import type { AgentRequestRow } from "./agent-request-columns";

// agent_path_days (schema/agent-path-days.ts): AI agents' requests counted per UTC day,
// agent, platform, path and status, with the day's first and last request, kept equal to
// agent_requests by changing both in one transaction, as agent_request_hours is: a
// stored batch adds its new rows (a redelivered id adds nothing), a retention pass
// takes away the rows it deletes.

type Counted = Pick<AgentRequestRow, "id" | "occurred_at" | "agent" | "platform" | "path" | "status">;

/**
 * The statement that adds `rows` to their days' counts, leaving out every row whose id
 * agent_requests already holds. It runs in the batch before the rows' INSERT OR IGNORE
 * (so "already holds" means "stored by an earlier delivery"); `rows` carry each id once.
 * `noneStored`: the caller has just checked that none is stored; the probe is left out.
 */
export function addToAgentPathDays(db: D1Database, rows: readonly Counted[], noneStored = false): D1PreparedStatement {
  const values = JSON.stringify(
    rows.map((r) => [r.id, utcDayStart(r.occurred_at), r.agent ?? "", r.platform, r.path, r.status, r.occurred_at]),
  );
  return db
    .prepare(
      `INSERT INTO agent_path_days (day, agent, platform, path, status, requests, first_at, last_at)
       SELECT day, agent, platform, path, status, count(*), min(at), max(at)
       FROM (SELECT value ->> 0 AS id, value ->> 1 AS day, value ->> 2 AS agent, value ->> 3 AS platform,
                    value ->> 4 AS path, value ->> 5 AS status, value ->> 6 AS at FROM ${JSON_ROWS}) r
       ${noneStored ? "" : "WHERE NOT EXISTS (SELECT 1 FROM agent_requests a WHERE a.id = r.id)"}
       GROUP BY day, agent, platform, path, status
       ON CONFLICT (day, agent, platform, path, status) DO UPDATE SET requests = requests + excluded.requests,
         first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`,
    )
    .bind(values);
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
         FROM (SELECT occurred_at - occurred_at % ${DAY_MS} AS day, coalesce(agent, '') AS agent, platform, path,
                      status, count(*) AS requests
               FROM agent_requests WHERE occurred_at < ?1 GROUP BY 1, 2, 3, 4, 5) AS d
         WHERE p.day = d.day AND p.agent = d.agent AND p.platform = d.platform AND p.path = d.path
           AND p.status = d.status`,
      )
      .bind(cut),
    db.prepare("DELETE FROM agent_path_days WHERE requests <= 0 OR day < ?1").bind(utcDayStart(cut)),
  ];
}
