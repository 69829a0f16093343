import type { Hono } from "hono";
import { localSwitchOn } from "../config/local-switches";
import { type CronTable, runCronJobs } from "./cron-jobs";

/**
 * Local-only `GET /__scheduled?cron=` (docs/decisions.md#1-running-it): runs this Worker's jobs for the
 * expression, or all of them. It answers 404 unless the local switch `SCHEDULED_ROUTE`
 * is "1", which only scripts/start.mjs and the tests set, so production never exposes it:
 * elsewhere it is the app's own "no route" answer, made by its `notFound` handler.
 */
export function mountScheduledRoute<Env extends object>(
  app: Hono<{ Bindings: Env }>,
  table: CronTable<Env>,
  worker: string,
): void {
  app.get("/__scheduled", async (c) => {
    if (!localSwitchOn(c.env, "SCHEDULED_ROUTE")) return c.notFound();
    const cron = c.req.query("cron");
    const outcomes = await runCronJobs(table, cron, c.env, Date.now(), worker);
    return c.json({ worker, outcomes }, outcomes.every((o) => o.ok) ? 200 : 500);
  });
}
