import { agentRequests } from "@schema/agent-requests";
import { columnNames, type SqlRow } from "../db/sql-row";

// The shape of an `agent_requests` row, apart from what stores and counts the rows
// (agent-request-rows.ts, agent-request-hours.ts, agent-path-days.ts), which all read it.

/** One row of `agent_requests` as the SQL writes it (schema/agent-requests.ts). */
export type AgentRequestRow = SqlRow<typeof agentRequests>;

export const AGENT_REQUEST_COLUMNS = columnNames(agentRequests);

/**
 * A column of a row bound as JSON in AGENT_REQUEST_COLUMNS order (shared/db/json-rows.ts):
 * the rows' INSERT and the counts kept from them (hours, path days) read the same bound
 * array, so a slice of rows is rendered as JSON once (issue 46).
 */
export function rowColumn(name: (typeof AGENT_REQUEST_COLUMNS)[number]): string {
  return `value ->> ${AGENT_REQUEST_COLUMNS.indexOf(name)}`;
}
