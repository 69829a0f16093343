import { countText } from "@shared/display/count-text";
import { agentName, platformName } from "@shared/display/display-names";
import type { RobotsCompliance } from "@shared/reports/agent-report-schemas";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { agentRequestsTile, Tiles } from "./tiles";

// The robots.txt compliance page's parts (robots-compliance-page.tsx reads and lays them
// out): the key numbers, the agents table and the disallowed requests.

type Agent = RobotsCompliance["agents"][number];

export function RobotsTiles(props: { r: RobotsCompliance; violators: number }) {
  const { r } = props;
  return (
    <Tiles
      label="Key numbers"
      tiles={[
        agentRequestsTile(
          r.totals.agent_requests,
          `${r.totals.robots_fetches} of them robots.txt fetches, the same total as AI errors`,
        ),
        {
          metric: "judged",
          value: r.totals.judged,
          defined: "robots_judged",
          footnote: `of ${countText(r.totals.requests, "request")} robots.txt governs; ${r.totals.not_judged} not judged`,
        },
        {
          metric: "disallowed",
          // Nothing judged is no verdict: never a 0 that reads as a pass.
          value: r.totals.judged === 0 ? "Not judged" : r.totals.disallowed,
          defined: "robots_disallowed",
        },
        { metric: "violating_agents", value: props.violators, label: "Agents with a disallowed request" },
        {
          metric: "never_fetch",
          value: r.never_fetch_robots.length,
          defined: "agents_never_fetching",
        },
      ]}
    />
  );
}

/** Why requests were not judged, in words (shared/reports/robots-compliance.ts `not_judged_reasons`). */
export function notJudgedWhy(reasons: { before_first_robots: number; agent_unnamed: number }): string {
  const why = [
    reasons.before_first_robots > 0
      ? `${reasons.before_first_robots} made before the first robots.txt this service fetched`
      : "",
    reasons.agent_unnamed > 0 ? `${reasons.agent_unnamed} by agents known only by a signature or address range` : "",
  ].filter(Boolean);
  return why.length === 0 ? "" : ` (${why.join("; ")})`;
}

export function RobotsAgents(props: { r: RobotsCompliance }) {
  const { r } = props;
  return (
    <>
      <h2>Agents</h2>
      <DataTable
        caption={{ text: "Requests per agent, judged by the robots.txt in force", visible: false }}
        columns={[
          "Agent",
          "Platform",
          "Requests",
          "Judged",
          "Disallowed",
          "robots.txt fetches",
          "Last robots.txt fetch",
        ]}
      >
        {r.agents.map((a) => (
          <tr data-agent={a.agent}>
            <td data-label="Agent">{agentName(a.agent)}</td>
            <td data-label="Platform">{platformName(a.platform)}</td>
            <td data-label="Requests">{a.requests}</td>
            <td data-label="Judged">{a.judged}</td>
            <td data-label="Disallowed">{a.disallowed}</td>
            <td data-label="robots.txt fetches">{a.robots_fetches}</td>
            <td data-label="Last robots.txt fetch">
              {a.last_robots_fetch_at ? <Time at={Date.parse(a.last_robots_fetch_at)} /> : "never"}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export function RobotsViolations(props: { violators: Agent[] }) {
  const { violators } = props;
  return (
    <>
      {violators.length === 0 ? (
        <p class="hint">No request in this window was disallowed when it was made.</p>
      ) : (
        <DataTable
          caption={{ text: "Paths requested against the robots.txt in force", visible: false }}
          columns={["Agent", "Path", "Requests", "Directive", "First", "Last"]}
        >
          {violators.flatMap((a) =>
            a.violations.map((v) => (
              <tr data-violation={`${a.agent} ${v.path}`}>
                <td data-label="Agent">{agentName(a.agent)}</td>
                <td data-label="Path">
                  <code>{v.path}</code>
                </td>
                <td data-label="Requests">{v.requests}</td>
                <td data-label="Directive">
                  <code>{v.directive}</code> (line {v.line}, file of{" "}
                  <Time at={Date.parse(v.robots_version_first_seen_at)} />)
                </td>
                <td data-label="First">
                  <Time at={Date.parse(v.first_at)} />
                </td>
                <td data-label="Last">
                  <Time at={Date.parse(v.last_at)} />
                </td>
              </tr>
            )),
          )}
        </DataTable>
      )}
    </>
  );
}
