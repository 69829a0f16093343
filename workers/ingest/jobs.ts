import type { CronTable } from "../../shared/jobs/cron-jobs";
import { saltKeeper } from "./salt-keeper-instance";

// Expressions match workers/ingest/wrangler.toml [triggers].
export const cronTable: CronTable<IngestEnv> = {
  "*/5 * * * *": [
    {
      // The alarm rotates the salt at midnight; this check re-arms it should the
      // object ever have lost its alarm, so a day never passes without a salt.
      name: "salt-check",
      run: async (env, scheduledTime) => {
        await saltKeeper(env).salts(scheduledTime);
      },
    },
  ],
};
