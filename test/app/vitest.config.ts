import { workerProject } from "../worker-project.ts";

// The application Worker in workerd against real D1 and its throttle Durable Object.
// Sign-up is open here so each test can make the accounts it needs; the invitation-only
// and bootstrap rules are tested with an env override (bootstrap.test.ts).
// Every sign-up and sign-in costs a real scrypt hash (tens of milliseconds, more on a
// busy machine), hence the longer test timeout.
// The scan Worker is not part of this project: its SCAN and MonitorControl bindings answer 503,
// so a test that reaches it fails loudly. The monitor actions' refusals are tested here;
// queuing a test event is tested against the real server (test/e2e/app-dashboard-browser).
const scanWorkerAbsent = async () =>
  Response.json({ error: "The scan Worker is not part of the app test project" }, { status: 503 });

// The shard and salt-keeper bindings point at the classes exported by test/app/worker-main.ts (production:
// the ingest Worker's, by script_name).
const project = await workerProject("app", "workers/app/wrangler.toml", {
  main: "test/app/worker-main.ts",
  miniflare: {
    bindings: { SIGNUP_MODE: "open", LOCAL_OWNER_SIGNUP: "1", MAIL_FROM: "no-reply@app.test" },
    serviceBindings: { MONITOR_CONTROL: scanWorkerAbsent, SCAN: scanWorkerAbsent },
    durableObjects: {
      LOGIN_THROTTLE: { className: "RateWindow", useSQLite: true },
      ANALYTICS_SHARD: { className: "AnalyticsShard", useSQLite: true },
      SALT_KEEPER: { className: "SaltKeeper", useSQLite: true },
    },
  },
});
export default { ...project, test: { ...project.test, testTimeout: 60_000 } };
