import { buildApp } from "./app";

// Sign-in and sign-up throttling (workers/app/throttle.ts).
export { RateWindow } from "@shared/rate-limit/rate-window";

const app = buildApp();

export default { fetch: app.fetch } satisfies ExportedHandler<AppWorkerEnv>;
