import { conversions } from "@schema";
import { and, eq, inArray } from "drizzle-orm";
import { chunk } from "../batching/chunk";
import type { Database } from "../db/client";
import { D1_IN_LIST_CHUNK } from "../db/d1-limits";
import type { ConversionResult, RecordConversionsResult } from "./conversion-schema";
import { loadSiteDirectory } from "./load-site-directory";
import { resolveSite } from "./resolve-site";
import { type ValidConversion, validateConversionItem } from "./validate-item";

type Pending = { index: number; conversion: ValidConversion; siteId: string | null; id: string };

function rowOf(p: Pending, workspaceId: string, nowMs: number): typeof conversions.$inferInsert {
  const c = p.conversion;
  return {
    id: p.id,
    workspaceId,
    externalId: c.externalId,
    siteId: p.siteId,
    eventName: c.eventName,
    occurredAt: c.occurredAt,
    recordedAt: nowMs,
    valueMinor: c.valueMinor,
    currency: c.currency,
    clickIds: c.clickIds ? JSON.stringify(c.clickIds) : null,
    utmSource: c.utm.source,
    utmMedium: c.utm.medium,
    utmCampaign: c.utm.campaign,
    landingUrl: c.landingUrl,
    clickedAt: c.clickedAt,
    attributionBasis: c.attribution.basis,
    attributedPlatform: c.attribution.platform,
    attributionSource: c.attribution.source,
    attributionSubSource: c.attribution.sub_source,
  };
}

/**
 * Records a batch (contract: POST /api/v1/conversions). Every item is judged on its
 * own; valid ones are inserted with INSERT ... ON CONFLICT DO NOTHING on the
 * (workspace, external_id) unique index, so of any number of concurrent posts of one id
 * exactly one inserts. Items that inserted nothing are duplicates and answer with the
 * conversion_id read back after the insert, which is the stored one whoever won.
 */
export async function recordConversions(
  db: Database,
  workspaceId: string,
  items: readonly unknown[],
  nowMs: number,
): Promise<RecordConversionsResult> {
  const results: ConversionResult[] = new Array(items.length);
  const valid: { index: number; conversion: ValidConversion }[] = [];
  items.forEach((raw, index) => {
    const check = validateConversionItem(raw, nowMs);
    if (check.ok) valid.push({ index, conversion: check.conversion });
    else results[index] = { external_id: check.externalId, status: "rejected", error: check.error };
  });

  const pending: Pending[] = [];
  if (valid.length > 0) {
    const domains = new Set<string>();
    for (const { conversion } of valid) {
      if (conversion.siteDomain) domains.add(conversion.siteDomain);
      if (conversion.landingDomain) domains.add(conversion.landingDomain);
    }
    const directory = await loadSiteDirectory(db, workspaceId, domains);
    for (const { index, conversion } of valid) {
      const site = resolveSite(conversion, directory);
      if (site.ok) pending.push({ index, conversion, siteId: site.siteId, id: crypto.randomUUID() });
      else {
        results[index] = {
          external_id: conversion.externalId,
          status: "rejected",
          error: {
            code: "site_not_found",
            message: `site: "${conversion.siteDomain}" is not registered in this workspace`,
          },
        };
      }
    }
  }

  if (pending.length > 0) {
    const inserts = pending.map((p) =>
      db
        .insert(conversions)
        .values(rowOf(p, workspaceId, nowMs))
        .onConflictDoNothing({ target: [conversions.workspaceId, conversions.externalId] })
        .returning({ id: conversions.id }),
    );
    const inserted = await db.batch(inserts as [(typeof inserts)[0], ...typeof inserts]);
    const losers = pending.filter((_p, i) => inserted[i].length === 0);
    const stored = await storedIds(
      db,
      workspaceId,
      losers.map((p) => p.conversion.externalId),
    );
    pending.forEach((p, i) => {
      const externalId = p.conversion.externalId;
      if (inserted[i].length > 0) {
        const a = p.conversion.attribution;
        results[p.index] = {
          external_id: externalId,
          status: "accepted",
          conversion_id: p.id,
          attribution: { attributed: a.attributed, platform: a.platform, basis: a.basis },
        };
        return;
      }
      const conversionId = stored.get(externalId);
      if (!conversionId) throw new Error(`conversion ${externalId} conflicted but is not stored`);
      results[p.index] = { external_id: externalId, status: "duplicate", conversion_id: conversionId };
    });
  }

  const count = (status: ConversionResult["status"]) => results.filter((r) => r.status === status).length;
  return {
    received: items.length,
    accepted: count("accepted"),
    duplicate: count("duplicate"),
    rejected: count("rejected"),
    results,
  };
}

async function storedIds(db: Database, workspaceId: string, externalIds: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunk([...new Set(externalIds)], D1_IN_LIST_CHUNK)) {
    const rows = await db
      .select({ externalId: conversions.externalId, id: conversions.id })
      .from(conversions)
      .where(and(eq(conversions.workspaceId, workspaceId), inArray(conversions.externalId, part)));
    for (const row of rows) ids.set(row.externalId, row.id);
  }
  return ids;
}
