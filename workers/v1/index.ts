import { buildApp } from "./app";

export { RateWindow } from "@shared/rate-limit/rate-window";

const app = buildApp();

export default { fetch: app.fetch } satisfies ExportedHandler<V1Env>;
