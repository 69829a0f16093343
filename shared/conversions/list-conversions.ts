import { conversions, sites } from "@schema";
import { and, desc, eq, isNull, lt, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import type { ConversionListItem } from "./conversion-schema";

export interface ListConversionsParams {
  workspaceId: string;
  /** Restrict to one site; undefined for every site of the workspace. */
  siteId?: string;
  includeVoided: boolean;
  /** Return rows recorded before this position (the last seq of the previous page). */
  beforeSeq?: number;
  limit: number;
}

export interface ConversionPage {
  results: ConversionListItem[];
  /** Position of the last row returned, when there is a next page. */
  lastSeq: number | null;
  hasMore: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Newest first by insertion order (contract: GET /conversions). `seq` only grows, so a
 * page taken "before seq N" is fixed: rows inserted meanwhile sort above N and never
 * shift it, hence no row is skipped or repeated.
 */
export async function listConversions(db: Database, p: ListConversionsParams): Promise<ConversionPage> {
  const where: SQL[] = [eq(conversions.workspaceId, p.workspaceId)];
  if (p.siteId !== undefined) where.push(eq(conversions.siteId, p.siteId));
  if (!p.includeVoided) where.push(isNull(conversions.voidedAt));
  if (p.beforeSeq !== undefined) where.push(lt(conversions.seq, p.beforeSeq));
  const rows = await db
    .select({
      seq: conversions.seq,
      id: conversions.id,
      externalId: conversions.externalId,
      eventName: conversions.eventName,
      occurredAt: conversions.occurredAt,
      recordedAt: conversions.recordedAt,
      valueMinor: conversions.valueMinor,
      currency: conversions.currency,
      domain: sites.domain,
      platform: conversions.attributedPlatform,
      basis: conversions.attributionBasis,
      voidedAt: conversions.voidedAt,
    })
    .from(conversions)
    .leftJoin(sites, eq(sites.id, conversions.siteId))
    .where(and(...where))
    .orderBy(desc(conversions.seq))
    .limit(p.limit + 1);
  const page = rows.slice(0, p.limit);
  const hasMore = rows.length > p.limit;
  return {
    results: page.map((r) => ({
      conversion_id: r.id,
      external_id: r.externalId,
      event_name: r.eventName,
      occurred_at: iso(r.occurredAt),
      recorded_at: iso(r.recordedAt),
      value_minor: r.valueMinor,
      currency: r.currency,
      domain: r.domain,
      attributed_platform: r.platform,
      attribution_basis: r.basis,
      voided: r.voidedAt !== null,
      voided_at: r.voidedAt === null ? null : iso(r.voidedAt),
    })),
    lastSeq: hasMore ? page[page.length - 1].seq : null,
    hasMore,
  };
}
