import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Tier } from "../shared/classify/identity-vocabulary";
import type { CheckoutBinding, CheckoutOutcome, CommerceProtocol } from "../shared/vocabulary/agentic-checkout";
import { workspaces } from "./workspaces";

/**
 * Agentic checkouts a shop's collector saw end (docs/integrations/agentic-checkout.md):
 * one row per checkout session and protocol, holding its strongest outcome so far
 * (completed > canceled > failed, shared/vocabulary/agentic-checkout.ts). A completed
 * row is an order placed by an agent; the agent is identified and verified as every
 * request is (platform, tier), from the record's User-Agent, IP, Web Bot Auth headers
 * and UCP-Agent. Nothing of the buyer or the payment is stored.
 */
export const agentCheckouts = sqliteTable(
  "agent_checkouts",
  {
    id: text("id").primaryKey(),
    // Rows outlive their site as posted conversions do (the shop's orders); they go with the workspace.
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    protocol: text("protocol").$type<CommerceProtocol>().notNull(),
    binding: text("binding").$type<CheckoutBinding>().notNull(),
    checkoutRef: text("checkout_ref").notNull(),
    /** The answer's `order.id`; the order's de-duplication key against posted conversions. */
    orderRef: text("order_ref"),
    outcome: text("outcome").$type<CheckoutOutcome>().notNull(),
    amountMinor: integer("amount_minor"),
    /** Upper-case ISO 4217 code. */
    currency: text("currency"),
    /** AI platform of the calling agent (shared/classify/platforms.ts), null when none was identified. */
    platform: text("platform"),
    /** Who the agent says or proves it is: its User-Agent token, else its signer's or UCP profile's host. */
    agent: text("agent"),
    tier: text("tier").$type<Tier>(),
    occurredAt: integer("occurred_at").notNull(),
    recordedAt: integer("recorded_at").notNull(),
  },
  (t) => [
    uniqueIndex("agent_checkouts_site_checkout_uq").on(t.siteId, t.protocol, t.checkoutRef),
    index("agent_checkouts_workspace_occurred_idx").on(t.workspaceId, t.occurredAt),
    index("agent_checkouts_site_occurred_idx").on(t.siteId, t.occurredAt),
  ],
);
