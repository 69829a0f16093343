import { agentName } from "@shared/display/display-names";
import type { AgentErrors } from "@shared/reports/agent-report-schemas";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { agentRequestsTile, Tiles } from "./tiles";

// The AI agents' errors page's parts (agent-errors-page.tsx reads and lays them out):
// the key numbers and the paths answered an error.

export function AgentErrorsTiles(props: { r: AgentErrors }) {
  const { r } = props;
  return (
    <Tiles
      label="Key numbers"
      tiles={[
        agentRequestsTile(
          r.totals.agent_requests,
          "robots.txt fetches included, the same total as robots.txt compliance",
        ),
        {
          metric: "errors",
          value: r.totals.errors,
          label: "Answered 4xx or 5xx",
          defined: "error_requests",
        },
        {
          metric: "not_found",
          value: r.totals.not_found,
          label: "Not found (404, 410)",
          defined: "not_found_requests",
        },
        { metric: "server_errors", value: r.totals.server_errors, label: "Server errors (5xx)" },
      ]}
    />
  );
}

export function ErrorPathsTable(props: { r: AgentErrors }) {
  const { r } = props;
  return (
    <DataTable
      caption={{
        text: "Paths answered 4xx or 5xx, most requested first. A missing page is worth a redirect.",
        visible: true,
      }}
      columns={["Path", "Requests", "Statuses", "Agents", "First", "Last", "Redirect?"]}
    >
      {r.paths.map((p) => (
        <tr data-path={p.path}>
          <td data-label="Path">
            <code>{p.path}</code>
          </td>
          <td data-label="Requests">{p.requests}</td>
          <td data-label="Statuses">
            {Object.entries(p.statuses)
              .map(([s, n]) => `${s} × ${n}`)
              .join(", ")}
          </td>
          <td data-label="Agents">{p.agents.map((a) => `${agentName(a.agent)} (${a.requests})`).join(", ")}</td>
          <td data-label="First">
            <Time at={Date.parse(p.first_at)} />
          </td>
          <td data-label="Last">
            <Time at={Date.parse(p.last_at)} />
          </td>
          <td data-label="Redirect?">{p.redirect_candidate ? "Candidate" : "—"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
