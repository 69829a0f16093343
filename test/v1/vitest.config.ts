import { workerProject } from "../worker-project.ts";

// The scan Worker is not part of this project. Its two bindings answer 503, so a test
// that reaches them fails loudly; the monitor actions that use them (rescan, test,
// redeliver) and the MCP scan tools are tested against the real server in test/e2e.
const scanWorkerAbsent = async () =>
  Response.json({ error: "The scan Worker is not part of the v1 test project" }, { status: 503 });

// The shard binding points at the class exported by test/v1/worker-main.ts (production:
// the ingest Worker's, by script_name); both classes are SQLite-backed as in wrangler.toml.
export default workerProject("v1", "workers/v1/wrangler.toml", {
  main: "test/v1/worker-main.ts",
  setupFiles: ["test/v1/document-conformance-setup.ts"],
  miniflare: {
    serviceBindings: { SCAN: scanWorkerAbsent, MONITOR_CONTROL: scanWorkerAbsent },
    durableObjects: {
      RATE_WINDOW: { className: "RateWindow", useSQLite: true },
      ANALYTICS_SHARD: { className: "AnalyticsShard", useSQLite: true },
    },
  },
});
