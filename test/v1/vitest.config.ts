import { workerProject } from "../worker-project.ts";

// The shard binding points at the class exported by test/v1/worker-main.ts (production:
// the ingest Worker's, by script_name); both classes are SQLite-backed as in wrangler.toml.
export default workerProject("v1", "workers/v1/wrangler.toml", {
  main: "test/v1/worker-main.ts",
  miniflare: {
    durableObjects: {
      RATE_WINDOW: { className: "RateWindow", useSQLite: true },
      ANALYTICS_SHARD: { className: "AnalyticsShard", useSQLite: true },
    },
  },
});
