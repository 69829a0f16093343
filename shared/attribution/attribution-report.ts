import { ATTRIBUTION_BASES, type AttributionBasis, UNATTRIBUTED } from "../vocabulary/attribution-bases";
import type { AttributionOverview, CurrencyTotal } from "./attribution-schema";

/** One row of the grouped query: conversions sharing every attribute below. */
export interface AttributionGroup {
  platform: string;
  basis: AttributionBasis;
  source: string;
  sub_source: string | null;
  currency: string;
  conversions: number;
  value_minor: number;
}

/** The overview's counts and money, without its site and period header. */
export type AttributionTotals = Omit<
  AttributionOverview,
  "site_id" | "domain" | "period" | "period_start" | "period_end"
>;

/** Counts and per-currency sums of one bucket; money is only ever added within a currency. */
class Bucket {
  conversions = 0;
  private readonly money = new Map<string, CurrencyTotal>();

  add(group: AttributionGroup): void {
    this.conversions += group.conversions;
    const total = this.money.get(group.currency) ?? { currency: group.currency, conversions: 0, value_minor: 0 };
    total.conversions += group.conversions;
    total.value_minor += group.value_minor;
    this.money.set(group.currency, total);
  }

  byCurrency(): CurrencyTotal[] {
    return [...this.money.values()].sort(byCountThen((t) => t.currency));
  }
}

function byCountThen<T extends { conversions: number }>(key: (t: T) => string) {
  return (a: T, b: T) => b.conversions - a.conversions || key(a).localeCompare(key(b));
}

function bucketOf<K>(map: Map<K, Bucket>, key: K): Bucket {
  let bucket = map.get(key);
  if (!bucket) {
    bucket = new Bucket();
    map.set(key, bucket);
  }
  return bucket;
}

/**
 * Folds grouped conversion rows into the attribution overview (contract: Attribution
 * overview). Counts aggregate freely; values stay per currency. `by_basis` always
 * lists the three bases so a zero is explicit. There is deliberately no
 * return-on-ad-spend field.
 */
export function buildAttributionTotals(groups: readonly AttributionGroup[]): AttributionTotals {
  const all = new Bucket();
  const platforms = new Map<string, Bucket>();
  const sources = new Map<
    string,
    { source: string; sub_source: string | null; basis: AttributionBasis; bucket: Bucket }
  >();
  const bases = new Map<AttributionBasis, number>(ATTRIBUTION_BASES.map((b) => [b, 0]));

  for (const group of groups) {
    all.add(group);
    bucketOf(platforms, group.platform).add(group);
    bases.set(group.basis, (bases.get(group.basis) ?? 0) + group.conversions);
    const key = JSON.stringify([group.source, group.sub_source, group.basis]);
    let source = sources.get(key);
    if (!source) {
      source = { source: group.source, sub_source: group.sub_source, basis: group.basis, bucket: new Bucket() };
      sources.set(key, source);
    }
    source.bucket.add(group);
  }

  const unattributed = bases.get("none") ?? 0;
  return {
    total_conversions: all.conversions,
    attributed_conversions: all.conversions - unattributed,
    unattributed_conversions: unattributed,
    by_currency: all.byCurrency(),
    by_platform: [...platforms]
      .map(([platform, bucket]) => ({ platform, conversions: bucket.conversions, by_currency: bucket.byCurrency() }))
      .sort(byCountThen((p) => (p.platform === UNATTRIBUTED ? "\uffff" : p.platform))),
    by_basis: ATTRIBUTION_BASES.map((basis) => ({ basis, conversions: bases.get(basis) ?? 0 })),
    by_source: [...sources.values()]
      .map((s) => ({
        source: s.source,
        sub_source: s.sub_source,
        basis: s.basis,
        conversions: s.bucket.conversions,
        by_currency: s.bucket.byCurrency(),
      }))
      .sort(byCountThen((s) => `${s.source}\u0000${s.sub_source ?? ""}\u0000${s.basis}`)),
  };
}
