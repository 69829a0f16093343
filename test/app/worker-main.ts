// The application Worker as its tests run it. In production the app reaches the
// AnalyticsShard and SaltKeeper of the ingest Worker (script_name); a vitest project runs one Worker, so
// here the classes are exported beside the app and the binding points at it
// (test/app/vitest.config.ts), as test/v1/worker-main.ts does for v1.
export { SaltKeeper } from "../../shared/salt/salt-keeper";
export { AnalyticsShard } from "../../shared/shards/analytics-shard";
export { default, RateWindow } from "../../workers/app/index";

// The password-hash cost as an input: the app project sets a cheap scrypt cost through the
// TEST_PASSWORD_HASH_PARAMS binding (test/app/vitest.config.ts), so each sign-up and
// sign-in in a test costs a fraction of production's hash; production's parameters are
// pinned by test/unit/password-hash.test.ts, and the real server (e2e) uses them.
import { env } from "cloudflare:workers";
import { setPasswordHashParams } from "../../shared/accounts/password-hash";

if (env.TEST_PASSWORD_HASH_PARAMS) setPasswordHashParams(JSON.parse(env.TEST_PASSWORD_HASH_PARAMS));
