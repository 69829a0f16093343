// The application Worker as its tests run it. In production the app reaches the
// AnalyticsShard of the ingest Worker (script_name); a vitest project runs one Worker, so
// here the class is exported beside the app and the binding points at it
// (test/app/vitest.config.ts), as test/v1/worker-main.ts does for v1.
export { AnalyticsShard } from "../../shared/shards/analytics-shard";
export { default, RateWindow } from "../../workers/app/index";
