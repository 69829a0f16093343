import { platformName } from "@shared/display/display-names";
import type { CrawlToReferral } from "@shared/reports/agent-report-schemas";
import { DataTable } from "../layout/data-table";
import { agentRequestsTile, Tiles } from "./tiles";

// The crawl-to-referral page's parts (crawl-to-referral-page.tsx reads and lays them
// out): the key numbers and the table per operator.

export function CrawlToReferralTiles(props: { r: CrawlToReferral }) {
  const { r } = props;
  return (
    <Tiles
      label="Key numbers"
      tiles={[
        agentRequestsTile(
          r.totals.agent_requests,
          "every agent request, the same total as robots.txt compliance and AI errors",
        ),
        {
          metric: "crawl_requests",
          value: r.totals.crawl_requests,
          defined: "crawl_requests",
        },
        {
          metric: "search_requests",
          value: r.totals.search_requests,
          defined: "search_requests",
        },
        {
          metric: "referrals",
          value: r.totals.referrals,
          defined: "assistant_referred_visits",
          footnote: "people, not agents",
        },
      ]}
    />
  );
}

export function OperatorTable(props: { r: CrawlToReferral }) {
  const { r } = props;
  return (
    <DataTable
      caption={{ text: "Crawl and search requests against referred visits, per operator", visible: false }}
      columns={["Operator", "Crawl requests", "Search requests", "Referred visits", "Requests per visit"]}
    >
      {r.operators.map((o) => (
        <tr data-operator={o.operator}>
          <td data-label="Operator">{platformName(o.operator)}</td>
          <td data-label="Crawl requests">{o.crawl_requests}</td>
          <td data-label="Search requests">{o.search_requests}</td>
          <td data-label="Referred visits">{o.referrals}</td>
          <td data-label="Requests per visit">{o.ratio === null ? "no visits" : o.ratio}</td>
        </tr>
      ))}
    </DataTable>
  );
}
