import { webhookAttempts, webhookDeliveries } from "@schema";
import { and, asc, eq, inArray } from "drizzle-orm";
import { type CreatedPosition, newestFirst, pageOf } from "../cursor/newest-first";
import type { Database } from "../db/client";

export type DeliveryPosition = CreatedPosition;

const keyset = newestFirst(webhookDeliveries);

export interface AttemptRecord {
  attempt: number;
  attemptedAt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the receiver's answer, as text; null when none came (or before it was kept). */
  responseExcerpt: string | null;
}

export interface DeliveryRecord {
  id: string;
  event: string;
  payload: string;
  status: "pending" | "succeeded" | "failed";
  createdAt: number;
  nextAttemptAt: number | null;
  settledAt: number | null;
  attempts: AttemptRecord[];
}

export interface DeliveryPage {
  deliveries: DeliveryRecord[];
  next: DeliveryPosition | null;
}

/**
 * One monitor's deliveries newest first, each with its attempts in order. The caller
 * has already checked that the monitor is in its workspace. Two queries: the page, then
 * the attempts of exactly those deliveries (at most 100 × 8 rows).
 */
export async function listDeliveries(
  db: Database,
  monitorId: string,
  limit: number,
  after: DeliveryPosition | null,
): Promise<DeliveryPage> {
  const d = webhookDeliveries;
  const rows = await db
    .select()
    .from(d)
    .where(and(eq(d.monitorId, monitorId), keyset.after(after)))
    .orderBy(...keyset.orderBy)
    .limit(limit + 1);
  const { page, next } = pageOf(rows, limit);
  const attempts =
    page.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              page.map((r) => r.id),
            ),
          )
          .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt));
  const byDelivery = new Map<string, AttemptRecord[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({
      attempt: a.attempt,
      attemptedAt: a.attemptedAt,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.error,
      responseExcerpt: a.responseExcerpt,
    });
    byDelivery.set(a.deliveryId, list);
  }
  return {
    deliveries: page.map((r) => ({
      id: r.id,
      event: r.event,
      payload: r.payload,
      status: r.status,
      createdAt: r.createdAt,
      nextAttemptAt: r.nextAttemptAt,
      settledAt: r.settledAt,
      attempts: byDelivery.get(r.id) ?? [],
    })),
    next,
  };
}
