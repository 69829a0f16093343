import { DRAIN_FORMATS } from "@shared/vocabulary/drain-formats";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { workspaces } from "./workspaces";

/**
 * A log drain: one authenticated endpoint per site (`POST /ingest/drains/{id}`) taking
 * one vendor's log batches (docs/integrations/). Its status columns are the drain's own
 * install check: the last batch received, what was accepted and rejected, and why.
 */
export const drains = sqliteTable(
  "drains",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    // A site's drains go with it (shared/site-deletion/delete-site.ts): a drain of a removed site
    // has nothing left to feed.
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    format: text("format", { enum: DRAIN_FORMATS }).notNull(),
    /** SHA-256 (hex) of the bearer secret: it is shown once and never stored in clear. */
    secretHash: text("secret_hash").notNull(),
    /**
     * Vercel only: the signature secret sealed with AES-GCM (shared/webhooks/secret-box.ts).
     * Vercel signs each body with HMAC-SHA1 under it, so it must be recoverable.
     */
    secretSealed: text("secret_sealed"),
    /** Vercel only: the value the endpoint echoes in `x-vercel-verify` (Vercel's ownership check). */
    vercelVerify: text("vercel_verify"),
    createdAt: integer("created_at").notNull(),
    revokedAt: integer("revoked_at"),
    lastBatchAt: integer("last_batch_at"),
    lastBatchLines: integer("last_batch_lines"),
    lastBatchAccepted: integer("last_batch_accepted"),
    lastBatchRejected: integer("last_batch_rejected"),
    /** JSON `{reason: count}` of the last batch's rejected and skipped lines. */
    lastBatchReasons: text("last_batch_reasons"),
    /** Newest batch that stored at least one line. */
    lastAcceptAt: integer("last_accept_at"),
    /** Newest refused request (wrong secret, bad signature, unreadable body) and why. */
    lastRefusalAt: integer("last_refusal_at"),
    lastRefusalReason: text("last_refusal_reason"),
  },
  (t) => [
    index("drains_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("drains_site_idx").on(t.siteId),
  ],
);
