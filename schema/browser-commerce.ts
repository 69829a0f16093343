import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * The snippet's commerce events that reports over orders need beside the posted
 * conversions (shared/conversions/browser-commerce.ts): forms an agent submitted in the
 * browser (WebMCP `agentInvoked`), WebMCP tools activated or canceled, and purchases the
 * page reported (`agentReadiness.purchase`), each with the facts of the session it joined
 * (its source, its agent, whether an agent submitted a form in it). Written by the queue
 * consumer once the site's shard has stored the event (by event id, so once); the events
 * themselves stay in the shard.
 */
export const browserCommerce = sqliteTable(
  "browser_commerce",
  {
    eventId: text("event_id").primaryKey(),
    // Rows outlive their site as posted conversions do; they go with the workspace.
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    sessionId: text("session_id").notNull(),
    /** `agent_submit`, `tool_activated`, `tool_canceled` or `purchase` (shared/vocabulary/event-kinds.ts). */
    kind: text("kind").notNull(),
    /** An agent-submitted form: `cart`, `checkout` or `form`. */
    form: text("form"),
    /** The form's or WebMCP tool's name. */
    tool: text("tool"),
    /** A purchase's order id: its de-duplication key against posted conversions. */
    orderRef: text("order_ref"),
    valueMinor: integer("value_minor"),
    currency: text("currency"),
    sessionSource: text("session_source").notNull(),
    sessionSubSource: text("session_sub_source"),
    /** The session's AI agent platform, null for a person's. */
    sessionPlatform: text("session_platform"),
    sessionTier: text("session_tier"),
    /** 1 when an agent submitted a form in the session by this event (WebMCP). */
    agentInSession: integer("agent_in_session").notNull(),
    occurredAt: integer("occurred_at").notNull(),
  },
  (t) => [
    index("browser_commerce_workspace_occurred_idx").on(t.workspaceId, t.occurredAt),
    index("browser_commerce_site_occurred_idx").on(t.siteId, t.occurredAt),
  ],
);
