import type { ConversionChannels, OrderMoney } from "@shared/conversions/channel-schema";
import type { ChannelFigures } from "@shared/conversions/conversion-channels";
import type { Child } from "hono/jsx";
import { DataTable } from "../layout/data-table";
import { MoneyPerCurrency } from "./money-per-currency";

// The orders-by-channel report (shared/conversions/conversion-channels.ts) on the app's
// pages: the whole report on Conversions, its channel table on the site dashboard and the
// workspace overview. Words come with the report (its `name` fields, shared/display);
// money per currency, never summed across currencies.

function Money(props: { byCurrency: OrderMoney[]; orders: number }) {
  return <MoneyPerCurrency byCurrency={props.byCurrency} empty={props.orders > 0 ? "no amount given" : "–"} />;
}

/** The four channels: orders and revenue, the period and the one before it. */
export function ChannelTable(props: { report: ChannelFigures; caption: string }) {
  return (
    <DataTable
      caption={{ text: props.caption, visible: false }}
      columns={["Channel", "Orders", "Revenue", "Previous period: orders", "Previous period: revenue"]}
    >
      {props.report.channels.map((ch) => (
        <tr data-channel={ch.channel}>
          <td data-label="Channel">{ch.name}</td>
          <td data-label="Orders" data-orders={ch.orders}>
            {ch.orders}
          </td>
          <td data-label="Revenue">
            <Money byCurrency={ch.by_currency} orders={ch.orders} />
          </td>
          <td data-label="Previous period: orders" data-previous-orders={ch.previous.orders}>
            {ch.previous.orders}
          </td>
          <td data-label="Previous period: revenue">
            <Money byCurrency={ch.previous.by_currency} orders={ch.previous.orders} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The whole report, for the Conversions page. */
export function OrderChannels(props: { report: ConversionChannels; csvLink: Child }) {
  const { report } = props;
  const browser = report.browser_agents;
  return (
    <section aria-labelledby="channels-heading">
      <h2 id="channels-heading">Orders by channel</h2>
      <p class="hint">
        Each order counts once, in the first channel that applies, whether your server posted it, the snippet saw it on
        the confirmation page or a collector saw an agent complete it (joined by order id; your server's amount first).
      </p>
      <ChannelTable report={report} caption="Orders by channel" />
      {props.csvLink}
      <h3>Orders placed by agents, by protocol</h3>
      <DataTable
        caption={{ text: "Agentic checkouts by protocol", visible: false }}
        columns={["Protocol", "Completed", "Canceled", "Failed", "Revenue"]}
      >
        {report.agent_checkouts.by_protocol.map((p) => (
          <tr data-protocol={p.protocol}>
            <td data-label="Protocol">{p.name}</td>
            <td data-label="Completed">{p.completed}</td>
            <td data-label="Canceled">{p.canceled}</td>
            <td data-label="Failed">{p.failed}</td>
            <td data-label="Revenue">
              <Money byCurrency={p.by_currency} orders={p.completed} />
            </td>
          </tr>
        ))}
      </DataTable>
      <h3>Orders placed by agents, by agent</h3>
      {report.agent_checkouts.by_agent.length === 0 ? (
        <p class="empty">
          No agent ran a checkout on your ACP or UCP endpoints in this period. A collector in front of your shop counts
          them.
        </p>
      ) : (
        <DataTable
          caption={{ text: "Agentic checkouts by agent", visible: false }}
          columns={["Agent", "Completed", "Canceled", "Failed", "Revenue"]}
        >
          {report.agent_checkouts.by_agent.map((a) => (
            <tr data-agent={a.agent ?? ""} data-verified={String(a.verified)}>
              <td data-label="Agent">{a.name}</td>
              <td data-label="Completed">{a.completed}</td>
              <td data-label="Canceled">{a.canceled}</td>
              <td data-label="Failed">{a.failed}</td>
              <td data-label="Revenue">
                <Money byCurrency={a.by_currency} orders={a.completed} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h3>Carts and checkouts submitted by agents in the browser</h3>
      <ul>
        <li data-metric="carts_submitted">
          Carts: {browser.carts_submitted} (previous period {browser.previous.carts_submitted})
        </li>
        <li data-metric="checkouts_submitted">
          Checkouts: {browser.checkouts_submitted} (previous period {browser.previous.checkouts_submitted})
        </li>
        <li data-metric="forms_submitted">
          Other forms: {browser.forms_submitted} (previous period {browser.previous.forms_submitted})
        </li>
      </ul>
      {browser.by_tool.length > 0 ? (
        <DataTable
          caption={{ text: "WebMCP form tools used by agents", visible: false }}
          columns={["Form tool", "Submitted by an agent", "Filled in by an agent", "Canceled"]}
        >
          {browser.by_tool.map((t) => (
            <tr data-tool={t.tool}>
              <td data-label="Form tool">{t.tool}</td>
              <td data-label="Submitted by an agent">{t.submitted}</td>
              <td data-label="Filled in by an agent">{t.activated}</td>
              <td data-label="Canceled">{t.canceled}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <h3>Orders by people referred by an AI assistant, by evidence</h3>
      <ul>
        {report.ai_referral.by_evidence.map((e) => (
          <li data-evidence={e.evidence}>
            By {e.name}: {e.orders}
            {e.by_currency.length > 0 ? (
              <>
                {" "}
                (<Money byCurrency={e.by_currency} orders={e.orders} />)
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The channel table beside a dashboard's traffic (the site dashboard, the workspace
 * overview): the same window and the one before it, with the way to the whole report.
 */
export function OrderChannelsCard(props: { report: ChannelFigures; conversionsHref: string }) {
  const { report } = props;
  return (
    <section aria-labelledby="orders-heading" class="card orders-card">
      <h2 id="orders-heading">Orders by channel</h2>
      {report.total.orders === 0 && report.total.previous.orders === 0 ? (
        <p class="empty">
          No orders recorded in this period or the one before. Post them from your server, report them from the order
          confirmation page with the snippet, or let a collector count your ACP and UCP checkouts.
        </p>
      ) : (
        <ChannelTable report={report} caption="Orders by channel in this period" />
      )}
      <p>
        <a href={props.conversionsHref}>All conversions and channels</a>
      </p>
    </section>
  );
}
