import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Each distinct robots.txt a registered domain served, in the order it was seen
 * (docs/reports.md "robots.txt history"): a new row when the answer differs from the
 * domain's newest row, else that row's `last_seen_at` moves on. A row is in force from
 * its `first_seen_at` until the next row's, which is what the compliance report judges
 * each logged request by. Kept per domain, not per site: one fetch serves every
 * workspace that registered the domain (docs/decisions.md "robots.txt history").
 */
export const robotsVersions = sqliteTable(
  "robots_versions",
  {
    id: text("id").primaryKey(),
    domain: text("domain").notNull(),
    /** `rules`: a robots.txt was served; `none`: 4xx (RFC 9309 §2.3.1.3: everything allowed). */
    kind: text("kind", { enum: ["rules", "none"] }).notNull(),
    /** HTTP status of the answer. */
    status: integer("status").notNull(),
    /** The file as served, at most 500 KiB (what the RFC 9309 parser reads); empty for `none`. */
    body: text("body").notNull(),
    /** SHA-256 (hex) of kind and body: the version's identity. */
    contentHash: text("content_hash").notNull(),
    firstSeenAt: integer("first_seen_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    /** Observations of this version (daily fetches and scans). */
    seenCount: integer("seen_count").notNull(),
  },
  (t) => [index("robots_versions_domain_idx").on(t.domain, t.firstSeenAt)],
);

/**
 * The newest robots.txt fetch per domain, successful or not: what makes the daily
 * fetch due again, and why the last one failed (a 5xx or no answer adds no version).
 */
export const robotsChecks = sqliteTable("robots_checks", {
  domain: text("domain").primaryKey(),
  checkedAt: integer("checked_at").notNull(),
  /** HTTP status, 0 without an answer. */
  status: integer("status").notNull(),
  error: text("error"),
});
