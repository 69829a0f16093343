import { conversions } from "@schema";
import { and, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { ok, type Result } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
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
  const found = p.domain === undefined ? null : await siteByDomain(db.$client, p.workspaceId, p.domain);
  if (found && !found.ok) return found;
  const site = found?.value ?? null;
  const { start, end } = periodWindow(p.period, p.nowMs);
  // No upper bound: occurred_at is at most 5 minutes ahead of the clock (validation),
  // and such a conversion belongs to a window that ends now.
  const totals = await attributionTotals(db, { workspaceId: p.workspaceId, siteId: site?.id, start });
  return ok({
    site_id: site?.id ?? null,
    domain: site?.domain ?? null,
    period: p.period,
    period_start: new Date(start).toISOString(),
    period_end: new Date(end).toISOString(),
    ...totals,
  });
}

export interface AttributionWindow {
  workspaceId: string;
  /** One site's conversions, or undefined for the whole workspace (conversions with no site included). */
  siteId?: string;
  start: number;
  /** Exclusive; undefined for a window that ends now (the overview's periods). */
  end?: number;
}

type AttributionTotals = ReturnType<typeof buildAttributionTotals>;

/**
 * The overview's totals over any window: non-voided conversions whose `occurred_at`
 * lies in [start, end), grouped by the attribution stored at write time. The overview
 * reads its period through it, the weekly report its Monday-to-Monday week.
 */
export async function attributionTotals(db: Database, w: AttributionWindow): Promise<AttributionTotals> {
  const where: SQL[] = [
    eq(conversions.workspaceId, w.workspaceId),
    isNull(conversions.voidedAt),
    gte(conversions.occurredAt, w.start),
  ];
  if (w.end !== undefined) where.push(lt(conversions.occurredAt, w.end));
  if (w.siteId !== undefined) where.push(eq(conversions.siteId, w.siteId));
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
  return buildAttributionTotals(groups satisfies AttributionGroup[]);
}
