import type { AttributionOverview } from "@shared/attribution/attribution-schema";
import { ATTRIBUTION_PERIODS, type AttributionPeriod } from "@shared/attribution/report-period";
import type { ConversionList as ConversionListPage } from "@shared/conversions/conversion-schema";
import { moneyText } from "@shared/conversions/money-text";
import { basisName, platformName, sourceName, subSourceName } from "@shared/display/display-names";
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { MoneyPerCurrency } from "./money-per-currency";

// The Conversions page's parts (conversions.tsx reads and lays them out): the site and
// period choice, the breakdowns by currency, platform, basis and source, and the list.

type CsvOf = (table: "by_currency" | "by_platform" | "by_basis" | "by_source" | "list") => Child;

export const voidPath = (c: Context<AppEnv>, externalId: string) =>
  appHref(c, `/conversions/${encodeURIComponent(externalId)}/void`);

export function ConversionsFilter(props: {
  home: string;
  domain: string | undefined;
  shown: string | null;
  sites: { domain: string }[];
  period: AttributionPeriod;
}) {
  const { home, domain, period } = props;
  return (
    <form method="get" action={home} class="period">
      <div class="field">
        <label for="domain">Site</label>
        <select id="domain" name="domain">
          <option value="" selected={domain === undefined}>
            All sites
          </option>
          {props.sites.map((s) => (
            <option value={s.domain} selected={s.domain === props.shown}>
              {s.domain}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="period">Period</label>
        <select id="period" name="period">
          {ATTRIBUTION_PERIODS.map((p) => (
            <option value={p} selected={p === period}>
              Last {p}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Show</button>
    </form>
  );
}

export function ConversionBreakdowns(props: { report: AttributionOverview; csv: CsvOf }) {
  const { report, csv } = props;
  return (
    <>
      <h2>By currency</h2>
      {report.by_currency.length === 0 ? (
        <div class="empty">
          <p>No conversions in this period. Post orders from your server with a key that has conversions:write.</p>
        </div>
      ) : (
        <DataTable
          caption={{ text: "Conversions by currency", visible: false }}
          columns={["Currency", "Conversions", "Value"]}
        >
          {report.by_currency.map((m) => (
            <tr data-currency-row={m.currency}>
              <td data-label="Currency">{m.currency}</td>
              <td data-label="Conversions">{m.conversions}</td>
              <td data-label="Value">{moneyText(m.value_minor, m.currency)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {report.by_currency.length > 0 ? csv("by_currency") : null}
      <h2>By platform</h2>
      <DataTable
        caption={{ text: "Conversions by platform", visible: false }}
        columns={["Platform", "Conversions", "Value per currency"]}
      >
        {report.by_platform.map((p) => (
          <tr data-platform={p.platform}>
            <td data-label="Platform">{platformName(p.platform)}</td>
            <td data-label="Conversions">{p.conversions}</td>
            <td data-label="Value">
              <MoneyPerCurrency byCurrency={p.by_currency} />
            </td>
          </tr>
        ))}
      </DataTable>
      {csv("by_platform")}
      <h2>By basis</h2>
      <p class="hint">
        {basisName("declared_click_id")}: a platform-minted click id (hard evidence). {basisName("declared_utm")}: a
        label you set (recorded, not verifiable). {basisName("none")}: unattributed.
      </p>
      <ul>
        {report.by_basis.map((b) => (
          <li data-basis={b.basis}>
            {basisName(b.basis)}: {b.conversions}
          </li>
        ))}
      </ul>
      {csv("by_basis")}
      <h2>By source</h2>
      <DataTable
        caption={{ text: "Conversions by source", visible: false }}
        columns={["Source", "Detail", "Basis", "Conversions", "Value per currency"]}
      >
        {report.by_source.map((s) => (
          <tr>
            <td data-label="Source">{sourceName(s.source)}</td>
            <td data-label="Detail">{subSourceName(s.source, s.sub_source)}</td>
            <td data-label="Basis">{basisName(s.basis)}</td>
            <td data-label="Conversions">{s.conversions}</td>
            <td data-label="Value">
              <MoneyPerCurrency byCurrency={s.by_currency} />
            </td>
          </tr>
        ))}
      </DataTable>
      {csv("by_source")}
    </>
  );
}

export function ConversionList(props: {
  c: Context<AppEnv>;
  list: ConversionListPage;
  admin: boolean;
  /** The list shows voided conversions too (`?include_voided=1`). */
  voided: boolean;
  listQuery: (extra: Record<string, string>) => string;
  csv: CsvOf;
}) {
  const { c, list, admin, listQuery, csv } = props;
  return (
    <>
      <h2>Conversion list</h2>
      <p>
        <a href={props.voided ? listQuery({}) : listQuery({ include_voided: "1" })}>
          {props.voided ? "Hide voided conversions" : "Show voided conversions too"}
        </a>
      </p>
      {list.results.length === 0 ? (
        <p>No conversions recorded.</p>
      ) : (
        <DataTable
          caption={{ text: "Conversions, newest first", visible: false }}
          columns={["Order", "Occurred", "Value", "Platform", "Basis", "State"]}
        >
          {list.results.map((r) => (
            <tr data-external-id={r.external_id}>
              <td data-label="Order">
                <code>{r.external_id}</code>
              </td>
              <td data-label="Occurred">
                <Time at={r.occurred_at} />
              </td>
              <td data-label="Value">{moneyText(r.value_minor, r.currency)}</td>
              <td data-label="Platform">{platformName(r.attributed_platform)}</td>
              <td data-label="Basis">{basisName(r.attribution_basis)}</td>
              <td data-label="State">
                {r.voided ? (
                  "Voided"
                ) : admin ? (
                  <form method="get" action={voidPath(c, r.external_id)}>
                    <button type="submit" class="danger">
                      Void<span class="visually-hidden"> {r.external_id}</span>
                    </button>
                  </form>
                ) : (
                  "Counted"
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.results.length > 0 ? csv("list") : null}
      {list.has_more ? (
        <p>
          <a
            href={listQuery({
              cursor: list.next_cursor,
              ...(props.voided ? { include_voided: "1" } : {}),
            })}
          >
            Next page
          </a>
        </p>
      ) : null}
    </>
  );
}
