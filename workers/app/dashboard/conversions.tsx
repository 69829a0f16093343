import { canManageWorkspace } from "@shared/accounts/roles";
import { ATTRIBUTION_PERIODS } from "@shared/attribution/report-period";
import { voidOrder } from "@shared/conversions/conversion-actions";
import { conversionChannels } from "@shared/conversions/conversion-channels";
import { moneyText } from "@shared/conversions/money-text";
import { basisName, platformName, sourceName, subSourceName } from "@shared/display/display-names";
import { ordersOverview } from "@shared/reads/conversion-reads";
import { listWorkspaceSites } from "@shared/sites/list-sites";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { FlashNotice } from "../layout/flash-notice";
import { ConfirmActions } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CONVERSIONS_CSV, conversionsDomain, conversionsPeriod } from "./conversions-csv";
import { CsvLink } from "./csv-download";
import { OrderChannels } from "./order-channels";
import { siteHref } from "./site-nav";
import { Tiles } from "./tiles";

const PATH = "/app/conversions";
/** Sites offered in the page's site choice (the newest); any other is reachable by `?domain=`. */
const CHOICE_SITES = 50;
const voidPath = (c: Context<AppEnv>, externalId: string) =>
  appHref(c, `/conversions/${encodeURIComponent(externalId)}/void`);

export { moneyText };

function Money(props: { byCurrency: { currency: string; value_minor: number }[] }) {
  if (props.byCurrency.length === 0) return <>–</>;
  return (
    <>
      {props.byCurrency.map((m, i) => (
        <>
          {i > 0 ? <br /> : null}
          <span data-currency={m.currency} data-value-minor={m.value_minor}>
            {moneyText(m.value_minor, m.currency)}
          </span>
        </>
      ))}
    </>
  );
}

// Conversions and attribution of the workspace: GET /api/v1/attribution/overview and
// GET /api/v1/conversions through the same shared functions; void (DELETE) for admins.
// Money is per currency, never summed across currencies; there is no ROAS (contract).
export function registerConversions(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => {
    const workspace = c.get("workspace");
    const q = c.req.query();
    const period = conversionsPeriod(q);
    const domain = conversionsDomain(q);
    const ctx = pageContext(c);
    const input = { domain, period, includeVoided: q.include_voided === "1", limit: 50, cursor: q.cursor || undefined };
    const [read, sites, channelsRead] = await Promise.all([
      ordersOverview(ctx, input),
      listWorkspaceSites(ctx, { limit: CHOICE_SITES }),
      conversionChannels(ctx, { domain, period }),
    ]);
    // The API's own refusals (a forged cursor, an unknown site) become the app's error page.
    const { attribution: report, list, data_coverage: coverage } = pageValue(read);
    const choice = pageValue(sites);
    const channels = pageValue(channelsRead);
    const flash = await takeFlash(c);
    const admin = canManageWorkspace(workspace.role);
    const home = appHref(c, "/conversions");
    const listQuery = (extra: Record<string, string>) =>
      `${home}?${new URLSearchParams({ ...(domain ? { domain } : {}), ...extra })}`;
    const query = new URL(c.req.url).search;
    const csv = (table: keyof typeof CONVERSIONS_CSV.tables) => (
      <CsvLink c={c} page={CONVERSIONS_CSV} at="/conversions" table={table} query={query} />
    );
    return renderPage(c, {
      title: "Conversions",
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <FlashNotice flash={flash} />
          <form method="get" action={home} class="period">
            <div class="field">
              <label for="domain">Site</label>
              <select id="domain" name="domain">
                <option value="" selected={domain === undefined}>
                  All sites
                </option>
                {choice.sites.map((s) => (
                  <option value={s.domain} selected={s.domain === report.domain}>
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
          <p class="hint">
            Orders your backend posts (<code>POST /api/v1/conversions</code>), attributed when they are recorded. Values
            are shown per currency and never added across currencies.
          </p>
          {coverage === null ? (
            <p class="notice notice-info" data-data-coverage="per_site">
              Each site has its own coverage (snippet, log drains or both): a conversion is attributed from the sessions
              its site recorded. Choose a site to see what its numbers leave out.
            </p>
          ) : (
            <DataCoverageBanner coverage={coverage} drainsHref={siteHref(c, report.domain ?? "", "drains")} />
          )}
          <Tiles
            label="Conversions in the period"
            tiles={[
              { metric: "total_conversions", value: report.total_conversions, label: "Conversions" },
              { metric: "attributed_conversions", value: report.attributed_conversions, label: "Attributed" },
              { metric: "unattributed_conversions", value: report.unattributed_conversions, label: "Unattributed" },
            ]}
          />
          <OrderChannels report={channels} csvLink={csv("channels")} />
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
                  <Money byCurrency={p.by_currency} />
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
                  <Money byCurrency={s.by_currency} />
                </td>
              </tr>
            ))}
          </DataTable>
          {csv("by_source")}
          <h2>Conversion list</h2>
          <p>
            <a href={q.include_voided === "1" ? listQuery({}) : listQuery({ include_voided: "1" })}>
              {q.include_voided === "1" ? "Hide voided conversions" : "Show voided conversions too"}
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
                  ...(q.include_voided === "1" ? { include_voided: "1" } : {}),
                })}
              >
                Next page
              </a>
            </p>
          ) : null}
        </>
      ),
    });
  });

  // Void = DELETE /api/v1/conversions/{external_id}: a soft delete that cannot be undone,
  // so, as for revoking a key, a confirmation page first; admins only.
  app.get(`${PATH}/:externalId/void`, requireRole("admin"), (c) => {
    const externalId = c.req.param("externalId");
    return renderPage(c, {
      title: "Void conversion",
      body: (
        <>
          <p>
            Void the order <code>{externalId}</code>? It stops counting in every report. This cannot be undone:
            recording the same order id again answers <code>duplicate</code>.
          </p>
          <ConfirmActions
            action={voidPath(c, externalId)}
            csrf={c.get("csrfToken")}
            label="Confirm void"
            cancelHref={appHref(c, "/conversions")}
          />
        </>
      ),
    });
  });

  app.post(`${PATH}/:externalId/void`, requireRole("admin"), async (c) => {
    const externalId = c.req.param("externalId");
    const { voided } = pageValue(await voidOrder(pageContext(c), { externalId }));
    return redirectWithFlash(
      c,
      appHref(c, "/conversions"),
      voided
        ? { kind: "success", text: `Order ${externalId} voided: it no longer counts in any report.` }
        : { kind: "info", text: `Order ${externalId} was already voided or is not recorded here; nothing changed.` },
    );
  });
}
