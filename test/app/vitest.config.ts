import { workerProject } from "../worker-project.ts";

// The application Worker in workerd against real D1 and its throttle Durable Object.
// Sign-up is open here so each test can make the accounts it needs; the invitation-only
// and bootstrap rules are tested with an env override (bootstrap.test.ts).
// Every sign-up and sign-in costs a real scrypt hash (tens of milliseconds, more on a
// busy machine), hence the longer test timeout.
// The shard binding points at the class exported by test/app/worker-main.ts (production:
// the ingest Worker's, by script_name).
const project = await workerProject("app", "workers/app/wrangler.toml", {
  main: "test/app/worker-main.ts",
  miniflare: {
    bindings: { SIGNUP_MODE: "open", LOCAL_OWNER_SIGNUP: "1" },
    durableObjects: {
      LOGIN_THROTTLE: { className: "RateWindow", useSQLite: true },
      ANALYTICS_SHARD: { className: "AnalyticsShard", useSQLite: true },
    },
  },
});
export default { ...project, test: { ...project.test, testTimeout: 60_000 } };
