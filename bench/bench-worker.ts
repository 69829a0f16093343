import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

/**
 * A bench Worker (`entry`) bundled with esbuild and run in Miniflare with a D1 database
 * `DB` and a SQLite-backed Durable Object namespace `SHARD` of class `shardClass`.
 * `persistTo` keeps its state between runs (for profiling).
 */
export async function startBenchWorker(opts: {
  entry: string;
  database: string;
  shardClass: string;
  persistTo?: string;
}): Promise<Miniflare> {
  const bundle = await build({
    entryPoints: [opts.entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "error",
    // The shard's drizzle migrations (migrations-shard/migrations.js) import .sql text.
    loader: { ".sql": "text" },
    external: ["cloudflare:workers"],
  });
  // Miniflare 5 takes `workers: [...]`; the v4 single-worker shape is converted.
  return new Miniflare({
    ...convertV4MiniflareOptions({
      modules: true,
      script: bundle.outputFiles[0].text,
      compatibilityDate: "2026-11-01",
      compatibilityFlags: ["nodejs_compat"],
      d1Databases: { DB: opts.database },
      durableObjects: { SHARD: { className: opts.shardClass, useSQLite: true } },
    }),
    ...(opts.persistTo ? { resourcePersistencePath: opts.persistTo } : {}),
  });
}
