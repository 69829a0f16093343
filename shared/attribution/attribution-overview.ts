import { conversions } from "@schema";
import { and, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { findReportSite } from "../reports/report-site";
import { ok, type Result } from "../result/result";
import { periodWindow } from "../time/periods";
import { type AttributionGroup, buildAttributionTotals } from "./attribution-report";
import type { AttributionOverview } from "./attribution-schema";
import type { AttributionPeriod } from "./report-period";

export interface AttributionOverviewParams {
  workspaceId: string;
  /** One site's domain (refused `invalid_domain` / `site_not_found`), or undefined for the whole workspace, conversions with no site included. */
  domain?: string;
  period: AttributionPeriod;
  nowMs: number;
}

/**
 * The attribution overview (contract: GET /attribution/overview): non-voided
 * conversions whose `occurred_at` lies in the period, grouped by the attribution
 * stored at write time, then folded by `buildAttributionTotals`.
 */
export async function attributionOverview(
  db: Database,
  p: AttributionOverviewParams,
): Promise<Result<AttributionOverview, "invalid_domain" | "site_not_found">> {
  const found = p.domain === undefined ? null : await findReportSite(db.$client, p.workspaceId, p.domain);
  if (found && !found.ok) return found;
  const site = found?.value ?? null;
  const { start, end } = periodWindow(p.period, p.nowMs);
  // No upper bound: occurred_at is at most 5 minutes ahead of the clock (validation),
  // and such a conversion belongs to a window that ends now.
  const where: SQL[] = [
    eq(conversions.workspaceId, p.workspaceId),
    isNull(conversions.voidedAt),
    gte(conversions.occurredAt, start),
  ];
  if (site) where.push(eq(conversions.siteId, site.id));
  const groups = await db
    .select({
      platform: conversions.attributedPlatform,
      basis: conversions.attributionBasis,
      source: conversions.attributionSource,
      sub_source: conversions.attributionSubSource,
      currency: conversions.currency,
      conversions: sql<number>`count(*)`,
      value_minor: sql<number>`sum(${conversions.valueMinor})`,
    })
    .from(conversions)
    .where(and(...where))
    .groupBy(
      conversions.attributedPlatform,
      conversions.attributionBasis,
      conversions.attributionSource,
      conversions.attributionSubSource,
      conversions.currency,
    );
  return ok({
    site_id: site?.id ?? null,
    domain: site?.domain ?? null,
    period: p.period,
    period_start: new Date(start).toISOString(),
    period_end: new Date(end).toISOString(),
    ...buildAttributionTotals(groups satisfies AttributionGroup[]),
  });
}
