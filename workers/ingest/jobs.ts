import type { CronTable } from "@shared/jobs/cron-jobs";
import { rearmActiveShards } from "./runtime/rearm-shards";
import { refreshIpRanges } from "./runtime/refresh-ip-ranges";
import { refreshRobots } from "./runtime/refresh-robots";
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
    {
      // The session-end rollup is each site's shard alarm (shared/shards/analytics-shard.ts);
      // like salt-check, this re-arms the alarm of every site active in the last two
      // hours should a shard ever have lost it. Inactive sites are settled already.
      name: "session-end-rollup",
      run: async (env, scheduledTime) => {
        await rearmActiveShards(env, scheduledTime);
      },
    },
    {
      // Each registered domain's robots.txt once a day, a few domains per run
      // (shared/robots/fetch-robots.ts): the history the compliance report judges by.
      name: "robots-history",
      run: async (env, scheduledTime) => {
        await refreshRobots(env, scheduledTime);
      },
    },
  ],
  "17 3 * * *": [
    {
      // Vendor IP-range lists change rarely; once a day, off the hour.
      name: "ip-range-refresh",
      run: async (env, scheduledTime) => {
        await refreshIpRanges(env, scheduledTime);
      },
    },
  ],
};
