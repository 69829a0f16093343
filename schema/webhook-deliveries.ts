import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { monitors } from "./monitors";

/**
 * One event for one monitor's endpoint (Standard Webhooks "message"). The id is the
 * `webhook-id` header, identical on every retry so receivers can de-duplicate; the
 * payload is the exact body that is signed and sent each time.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    /** `msg_…`, sent as `webhook-id`. */
    id: text("id").primaryKey(),
    monitorId: text("monitor_id")
      .notNull()
      .references(() => monitors.id),
    event: text("event").notNull(),
    /** JSON body, stored as sent: re-serialising could change the signed bytes. */
    payload: text("payload").notNull(),
    /** `pending` | `succeeded` | `failed`. */
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    /** When the next attempt is due; null once the delivery is settled. */
    nextAttemptAt: integer("next_attempt_at"),
    /** When it succeeded or was given up. */
    settledAt: integer("settled_at"),
  },
  (t) => [
    // GET /monitors/{id}/deliveries: one monitor's deliveries newest first, keyset-paged.
    index("webhook_deliveries_monitor_created_idx").on(t.monitorId, t.createdAt, t.id),
    // The redrive job looks for pending deliveries whose next attempt is overdue (a
    // queue message lost); settled rows are most of the table and are skipped.
    index("webhook_deliveries_status_next_idx").on(t.status, t.nextAttemptAt),
  ],
);
