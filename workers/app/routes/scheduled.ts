import { localSwitchOn } from "@shared/config/local-switches";
import { runCronJobs } from "@shared/jobs/cron-jobs";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { cronTable } from "../jobs";

/**
 * Local-only `GET /__scheduled?cron=` of the app Worker (docs/decisions.md#1-running-it),
 * as shared/jobs/scheduled-route.ts for the others: 404 unless the switch SCHEDULED_ROUTE
 * is "1". A local run has no PUBLIC_BASE_URL, so the mail links point at the origin the
 * edge was asked on (it forwards that origin, workers/edge/scheduled-fan-out.ts).
 *
 * `at` (RFC 3339) runs the jobs as of that time instead of now: the e2e tests ingest
 * traffic now (events are accepted only from today and yesterday (UTC), shared/ingest/steps/check-time.ts)
 * and then ask for the weekly report of the week holding it, as the run on the Monday
 * after would send it (test/e2e/notifications-from-traffic.test.ts). Local only, like
 * the route itself.
 */
export function registerScheduled(app: Hono<AppEnv>) {
  app.get("/__scheduled", async (c) => {
    if (!localSwitchOn(c.env, "SCHEDULED_ROUTE"))
      throw new HTTPException(404, { message: `Nothing at ${c.req.path}.` });
    const env = { ...c.env, PUBLIC_BASE_URL: c.env.PUBLIC_BASE_URL || new URL(c.req.url).origin };
    const at = c.req.query("at");
    const asOf = at === undefined ? Date.now() : Date.parse(at);
    // JSON, as every answer of this route: the edge's fan-out reads each Worker's as JSON.
    if (!Number.isFinite(asOf)) return c.json({ worker: "app", error: "at is not an RFC 3339 time" }, 400);
    const outcomes = await runCronJobs(cronTable, c.req.query("cron"), env, asOf, "app");
    return c.json({ worker: "app", outcomes }, outcomes.every((o) => o.ok) ? 200 : 500);
  });
}
