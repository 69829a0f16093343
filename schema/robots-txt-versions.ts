import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";

/**
 * Each version of a site's robots.txt the service has seen (fetched daily by the ingest
 * cron and at every scan), with the span it was seen in force: a request is judged
 * against the version in force at the time of the request (docs/reports.md,
 * "robots.txt compliance"). A new version starts when the body or the answer's class
 * changes; seeing the same version again only moves `last_seen_at`.
 */
export const robotsTxtVersions = sqliteTable(
  "robots_txt_versions",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id),
    /** HTTP status of the fetch (RFC 9309 §2.3.1: 2xx rules, 4xx no rules, 5xx or none unreachable); 0 when unreachable. */
    status: integer("status").notNull(),
    /** The body (≤ 500 KiB, RFC 9309 §2.5) for a 2xx answer, else null. */
    body: text("body"),
    /** SHA-256 hex of status and body: the version's identity. */
    digest: text("digest").notNull(),
    firstSeenAt: integer("first_seen_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [
    index("robots_txt_versions_site_seen_idx").on(t.siteId, t.firstSeenAt),
    uniqueIndex("robots_txt_versions_site_digest_seen_uq").on(t.siteId, t.digest, t.firstSeenAt),
  ],
);
