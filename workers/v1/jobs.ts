import type { CronTable } from "@shared/jobs/cron-jobs";

// v1 owns no schedules yet; its expressions would match workers/v1/wrangler.toml.
export const cronTable: CronTable<V1Env> = {};
