import { agentRequests } from "@schema/agent-requests";
import { columnNames, type SqlRow } from "../db/sql-row";

// The shape of an `agent_requests` row, apart from what stores and counts the rows
// (agent-request-rows.ts, agent-request-hours.ts, agent-path-days.ts), which all read it.

/** One row of `agent_requests` as the SQL writes it (schema/agent-requests.ts). */
export type AgentRequestRow = SqlRow<typeof agentRequests>;

export const AGENT_REQUEST_COLUMNS = columnNames(agentRequests);
