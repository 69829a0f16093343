import type { RefusalReason } from "./origin-check";

/**
 * Records a refused beacon with a real token on its site, for check-install
 * (docs/decisions.md#6-install-check): reason, claimed Origin, time. At most once a
 * second per site, so a refused flood does not become a D1 write flood.
 */
export async function recordRefusal(
  db: D1Database,
  siteId: string,
  reason: RefusalReason,
  origin: string | null,
  now: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE sites SET last_reject_at = ?1, last_reject_reason = ?2, last_reject_origin = ?3
       WHERE id = ?4 AND (last_reject_at IS NULL OR last_reject_at < ?1 - 1000)`,
    )
    .bind(now, reason, origin ? origin.slice(0, 255) : null, siteId)
    .run();
}
