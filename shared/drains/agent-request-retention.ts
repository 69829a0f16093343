import { dropAgentPathDaysBefore } from "./agent-path-days";
import { dropAgentRequestHoursBefore } from "./agent-request-hours";

/**
 * Statements that delete the agent requests before `cut` and take them out of the counts
 * kept from them (agent_request_hours, agent_path_days) first, so that run as one batch
 * (one transaction) the counts never disagree with the rows.
 */
export function dropAgentRequestsBefore(db: D1Database, cut: number): D1PreparedStatement[] {
  return [
    ...dropAgentRequestHoursBefore(db, cut),
    ...dropAgentPathDaysBefore(db, cut),
    db.prepare("DELETE FROM agent_requests WHERE occurred_at < ?1").bind(cut),
  ];
}
