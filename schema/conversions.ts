import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * Conversions posted by an integrator's backend (contract part B). Accepted rows are
 * immutable except `voided_at`; attribution is decided once at write time and stored,
 * so reports never re-derive it.
 */
export const conversions = sqliteTable(
  "conversions",
  {
    /**
     * Insertion order. SQLite serialises writes and AUTOINCREMENT never reuses a value,
     * so a later insert always gets a larger seq: the list cursor is a position in this
     * order and concurrent inserts can neither be skipped nor repeated.
     */
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    /** The `conversion_id` returned to clients (UUID). */
    id: text("id").notNull().unique(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    externalId: text("external_id").notNull(),
    /** Null when no site could be resolved (docs/decisions.md#7-conversions-and-attribution); counted workspace-wide only. */
    siteId: text("site_id"),
    eventName: text("event_name").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    recordedAt: integer("recorded_at").notNull(),
    valueMinor: integer("value_minor").notNull(),
    /** Uppercase ISO 4217 code. */
    currency: text("currency").notNull(),
    /** JSON object of every click id sent, known or not (docs/decisions.md#7-conversions-and-attribution: unknown keys are kept). */
    clickIds: text("click_ids"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    landingUrl: text("landing_url"),
    clickedAt: integer("clicked_at"),
    /** `declared_click_id` | `declared_utm` | `none`. */
    attributionBasis: text("attribution_basis").$type<"declared_click_id" | "declared_utm" | "none">().notNull(),
    /** Platform from the click id or utm_source; `unattributed` when the basis is `none`. */
    attributedPlatform: text("attributed_platform").notNull(),
    attributionSource: text("attribution_source").notNull(),
    attributionSubSource: text("attribution_sub_source"),
    voidedAt: integer("voided_at"),
  },
  (t) => [
    // De-duplication by external_id within a workspace, enforced by the database so
    // concurrent posts of one id insert exactly once (INSERT ... ON CONFLICT DO NOTHING).
    uniqueIndex("conversions_workspace_external_uq").on(t.workspaceId, t.externalId),
    // GET /conversions without `domain`: a workspace's rows newest first, keyset on seq.
    index("conversions_workspace_seq_idx").on(t.workspaceId, t.seq),
    // GET /conversions?domain=: one site's rows newest first.
    index("conversions_site_seq_idx").on(t.siteId, t.seq),
    // Attribution overview over a whole workspace: a range of occurred_at.
    index("conversions_workspace_occurred_idx").on(t.workspaceId, t.occurredAt),
    // Attribution overview for one site.
    index("conversions_site_occurred_idx").on(t.siteId, t.occurredAt),
  ],
);
