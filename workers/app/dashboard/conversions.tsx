import { canManageWorkspace } from "@shared/accounts/roles";
import { voidOrder } from "@shared/conversions/conversion-actions";
import { conversionChannels } from "@shared/conversions/conversion-channels";
import { moneyText } from "@shared/conversions/money-text";
import { ordersOverview } from "@shared/reads/conversion-reads";
import { listWorkspaceSites } from "@shared/sites/list-sites";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { FlashNotice } from "../layout/flash-notice";
import { ConfirmActions } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CONVERSIONS_CSV, conversionsDomain, conversionsPeriod } from "./conversions-csv";
import { ConversionBreakdowns, ConversionList, ConversionsFilter, voidPath } from "./conversions-view";
import { CsvLink } from "./csv-download";
import { OrderChannels } from "./order-channels";
import { siteHref } from "./site-nav";
import { Tiles } from "./tiles";

const PATH = "/app/conversions";
/** Sites offered in the page's site choice (the newest); any other is reachable by `?domain=`. */
const CHOICE_SITES = 50;

export { moneyText };

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
          <ConversionsFilter home={home} domain={domain} shown={report.domain} sites={choice.sites} period={period} />
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
          <ConversionBreakdowns report={report} csv={csv} />
          <ConversionList
            c={c}
            list={list}
            admin={admin}
            voided={q.include_voided === "1"}
            listQuery={listQuery}
            csv={csv}
          />
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
