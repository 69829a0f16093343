import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// One row per distinct scan result set (contract "ScanResult"). Repeats of an identical
// result set update seen_count / last_seen_at instead of adding rows.
export const scans = sqliteTable(
  "scans",
  {
    id: text("id").primaryKey(),
    /** Normalised host (docs/decisions.md#4-domains). */
    domain: text("domain").notNull(),
    /** SHA-256 of the de-duplication identity (shared/scan/result-hash.ts). */
    resultHash: text("result_hash").notNull(),
    scoringVersion: text("scoring_version").notNull(),
    overallScore: integer("overall_score").notNull(),
    /** LayerScores as JSON. */
    layerScores: text("layer_scores").notNull(),
    /** The 41 CheckResults of the first scan with this identity, as JSON. */
    checkResults: text("check_results").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    seenCount: integer("seen_count").notNull().default(1),
  },
  (t) => [
    // De-duplication is one INSERT ... ON CONFLICT (result_hash) DO UPDATE, so concurrent
    // identical scans merge atomically; the unique index is what makes that possible.
    uniqueIndex("scans_result_hash_uq").on(t.resultHash),
    // Latest scans of a domain, for monitors' rescans and score-change comparison.
    index("scans_domain_last_seen_idx").on(t.domain, t.lastSeenAt),
  ],
);
