import { attributionOverview } from "../attribution/attribution-overview";
import type { AttributionOverview } from "../attribution/attribution-schema";
import type { AttributionPeriod } from "../attribution/report-period";
import type { RequestContext } from "../context/request-context";
import { conversionListPage } from "../conversions/conversion-list-page";
import type { ConversionList } from "../conversions/conversion-schema";
import { cursorKey } from "../cursor/keyset-cursor";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import type { Coverage } from "../sites/coverage-schema";
import { siteByDomain } from "../sites/site-by-domain";
import { answerCoverage } from "./site-coverage";

// The recorded orders as reads (docs/conversions.md): a page of the list and the
// attribution overview, each with the coverage of the site it is about (null for the
// whole workspace). GET /api/v1/conversions, /attribution/overview, their MCP tools,
// the Conversions page and its CSV call these.

/** A page of the workspace's recorded conversions, newest first, optionally of one site. */
export async function listConversionsPage(
  ctx: RequestContext,
  input: { domain?: string; includeVoided: boolean; limit: number; cursor?: string },
): Promise<
  Result<ConversionList & { data_coverage: Coverage | null }, "invalid_cursor" | "invalid_domain" | "site_not_found">
> {
  const listed = await conversionListPage(database(ctx.env.DB), await cursorKey(ctx.env), {
    workspaceId: ctx.workspaceId,
    ...input,
  });
  if (!listed.ok) return listed;
  // The domain was found by the list already (a refusal is returned above).
  const site = input.domain === undefined ? null : await siteByDomain(ctx.env.DB, ctx.workspaceId, input.domain);
  const data_coverage = await answerCoverage(ctx.env, ctx.workspaceId, site?.ok ? site.value.id : null);
  return ok({ ...listed.value, data_coverage });
}

/** The attribution overview of a period, one site's or the whole workspace's. */
export async function attributionReport(
  ctx: RequestContext,
  input: { domain?: string; period: AttributionPeriod },
): Promise<Result<AttributionOverview & { data_coverage: Coverage | null }, "invalid_domain" | "site_not_found">> {
  const report = await attributionOverview(database(ctx.env.DB), {
    workspaceId: ctx.workspaceId,
    domain: input.domain,
    period: input.period,
    nowMs: ctx.nowMs,
  });
  if (!report.ok) return report;
  return ok({ ...report.value, data_coverage: await answerCoverage(ctx.env, ctx.workspaceId, report.value.site_id) });
}

/** Both reads of the Conversions page at once, with the site's coverage read once. */
export async function ordersOverview(
  ctx: RequestContext,
  input: { domain?: string; period: AttributionPeriod; includeVoided: boolean; limit: number; cursor?: string },
): Promise<
  Result<
    { attribution: AttributionOverview; list: ConversionList; data_coverage: Coverage | null },
    "invalid_cursor" | "invalid_domain" | "site_not_found"
  >
> {
  const db = database(ctx.env.DB);
  const [attribution, list] = await Promise.all([
    attributionOverview(db, {
      workspaceId: ctx.workspaceId,
      domain: input.domain,
      period: input.period,
      nowMs: ctx.nowMs,
    }),
    conversionListPage(db, await cursorKey(ctx.env), { workspaceId: ctx.workspaceId, ...input }),
  ]);
  if (!attribution.ok) return attribution;
  if (!list.ok) return list;
  const data_coverage = await answerCoverage(ctx.env, ctx.workspaceId, attribution.value.site_id);
  return ok({ attribution: attribution.value, list: list.value, data_coverage });
}

/** Every page of the list from its start, until its end or `max` rows (a download), with the coverage. */
export async function allConversions(
  ctx: RequestContext,
  input: { domain?: string; includeVoided: boolean },
  max: number,
): Promise<
  Result<
    { rows: ConversionList["results"]; data_coverage: Coverage | null },
    "invalid_cursor" | "invalid_domain" | "site_not_found"
  >
> {
  const db = database(ctx.env.DB);
  const key = await cursorKey(ctx.env);
  const rows: ConversionList["results"] = [];
  let cursor: string | undefined;
  while (rows.length < max) {
    const page = await conversionListPage(db, key, { workspaceId: ctx.workspaceId, ...input, limit: ALL_PAGE, cursor });
    if (!page.ok) return page;
    rows.push(...page.value.results);
    if (!page.value.has_more) break;
    cursor = page.value.next_cursor;
  }
  const site = input.domain === undefined ? null : await siteByDomain(ctx.env.DB, ctx.workspaceId, input.domain);
  const data_coverage = await answerCoverage(ctx.env, ctx.workspaceId, site?.ok ? site.value.id : null);
  return ok({ rows: rows.slice(0, max), data_coverage });
}

/** A download's page: the API's largest. */
const ALL_PAGE = 200;
