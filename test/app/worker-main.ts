// The application Worker as its tests run it. In production the app reaches the
// AnalyticsShard and SaltKeeper of the ingest Worker (script_name); a vitest project runs one Worker, so
// here the classes are exported beside the app and the binding points at it
// (test/app/vitest.config.ts), as test/v1/worker-main.ts does for v1.
export { SaltKeeper } from "../../shared/salt/salt-keeper";
export { AnalyticsShard } from "../../shared/shards/analytics-shard";
export { default, RateWindow } from "../../workers/app/index";
