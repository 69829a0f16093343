import { log } from "../http/log";

/** A scheduled job: a name for logs and the work it does. */
export interface CronJob<Env> {
  name: string;
  run(env: Env, scheduledTime: number): Promise<void>;
}

/** Cron expression (exactly as in the Worker's wrangler.toml) → jobs it runs. */
export type CronTable<Env> = Record<string, CronJob<Env>[]>;

export interface JobOutcome {
  cron: string;
  job: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/**
 * Runs the jobs of `cron`, or of every expression when `cron` is undefined (the
 * local `GET /__scheduled` without `?cron=`, docs/decisions.md#1-running-it). One failing job does not
 * stop the others; each outcome is logged and returned.
 */
export async function runCronJobs<Env>(
  table: CronTable<Env>,
  cron: string | undefined,
  env: Env,
  scheduledTime: number,
  worker: string,
): Promise<JobOutcome[]> {
  const crons = cron === undefined ? Object.keys(table) : Object.keys(table).filter((c) => c === cron);
  const outcomes: JobOutcome[] = [];
  for (const c of crons) {
    for (const job of table[c]) {
      const started = Date.now();
      try {
        await job.run(env, scheduledTime);
        outcomes.push({ cron: c, job: job.name, ok: true, ms: Date.now() - started });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        outcomes.push({ cron: c, job: job.name, ok: false, ms: Date.now() - started, error });
      }
    }
  }
  for (const o of outcomes) log(o.ok ? "info" : "error", "cron job", { worker, ...o });
  return outcomes;
}

/** A Worker's `scheduled` handler: the jobs of the fired expression, kept alive by waitUntil. */
export function scheduledHandler<Env>(table: CronTable<Env>, worker: string): ExportedHandlerScheduledHandler<Env> {
  return async (controller, env, ctx) => {
    ctx.waitUntil(runCronJobs(table, controller.cron, env, controller.scheduledTime, worker));
  };
}
