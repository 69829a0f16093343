import { randomBytes } from "node:crypto";
import { workerProject } from "../worker-project.ts";
import { TEST_PASSWORD_HASH_PARAMS } from "./password-cost.ts";

// The application Worker in workerd against real D1 and its throttle Durable Object.
// Sign-up is open here so each test can make the accounts it needs; the invitation-only
// and bootstrap rules are tested with an env override (bootstrap.test.ts).
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
    bindings: {
      SIGNUP_MODE: "open",
      LOCAL_OWNER_SIGNUP: "1",
      MAIL_FROM: "no-reply@app.test",
      // The service is https://app.test here (the FormClient's host): links in mail and the
      // OAuth issuer take it from PUBLIC_BASE_URL, never from a request's Host.
      PUBLIC_BASE_URL: "https://app.test",
      // A random key per run, as `npm start` gives each local state (scripts/local-secrets.mjs):
      // there is no built-in one.
      UNSUBSCRIBE_KEY: randomBytes(32).toString("base64url"),
      // scrypt at N=2^10, p=1 (about 1/80 of production's work): the tests exercise the
      // hashing path, not its cost (test/app/worker-main.ts).
      TEST_PASSWORD_HASH_PARAMS: JSON.stringify(TEST_PASSWORD_HASH_PARAMS),
    },
    serviceBindings: { MONITOR_CONTROL: scanWorkerAbsent, SCAN: scanWorkerAbsent },
    durableObjects: {
      LOGIN_THROTTLE: { className: "RateWindow", useSQLite: true },
      ANALYTICS_SHARD: { className: "AnalyticsShard", useSQLite: true },
      SALT_KEEPER: { className: "SaltKeeper", useSQLite: true },
    },
  },
});
// A busy machine (CI runs both lanes at once) stretches the pages' D1 and Durable Object work.
export default { ...project, test: { ...project.test, testTimeout: 60_000 } };
