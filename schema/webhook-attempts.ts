import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { webhookDeliveries } from "./webhook-deliveries";

/** Each HTTP attempt of a delivery: what the receiver answered, how long it took, what failed. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    /** 1 for the first attempt. */
    attempt: integer("attempt").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
    /** HTTP status of the answer; null when none came (timeout, refused, network). */
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    /** Why the attempt did not succeed; null on a 2xx. */
    error: text("error"),
    /**
     * The start of the receiver's answer body as text (at most 1,024 bytes read, control
     * characters removed; shared/webhooks/send-webhook.ts), shown to the monitor's
     * workspace on the deliveries page; null when no answer came.
     */
    responseExcerpt: text("response_excerpt"),
  },
  // The key doubles as the index that lists a delivery's attempts in order, and makes a
  // redelivered queue message overwrite rather than duplicate its attempt.
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);
