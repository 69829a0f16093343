// The five Workers: config, generated-types file and Env interface name. One table
// for `npm run types`, the type check in `npm run check` and `npm run deploy:check`.
export const workers = [
  { name: "edge", config: "wrangler.toml", types: "workers/edge/worker-configuration.d.ts", envInterface: "EdgeEnv" },
  {
    name: "scan",
    config: "workers/scan/wrangler.toml",
    types: "workers/scan/worker-configuration.d.ts",
    envInterface: "ScanEnv",
  },
  {
    name: "ingest",
    config: "workers/ingest/wrangler.toml",
    types: "workers/ingest/worker-configuration.d.ts",
    envInterface: "IngestEnv",
  },
  {
    name: "v1",
    config: "workers/v1/wrangler.toml",
    types: "workers/v1/worker-configuration.d.ts",
    envInterface: "V1Env",
  },
  {
    name: "app",
    config: "workers/app/wrangler.toml",
    types: "workers/app/worker-configuration.d.ts",
    envInterface: "AppWorkerEnv",
  },
];
