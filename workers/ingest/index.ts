import type { IngestMessage } from "@shared/ingest/queue-message";
import { scheduledHandler } from "@shared/jobs/cron-jobs";
import { buildApp, WORKER } from "./app";
import { sessionRollup } from "./consumers/session-rollup";
import { cronTable } from "./jobs";

export { RateWindowGroup } from "@shared/rate-limit/rate-window-group";
export { SaltKeeper } from "@shared/salt/salt-keeper";
export { AnalyticsShard } from "@shared/shards/analytics-shard";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: (batch, env, _ctx) => sessionRollup(batch, env),
  scheduled: scheduledHandler(cronTable, WORKER),
} satisfies ExportedHandler<IngestEnv, IngestMessage>;
