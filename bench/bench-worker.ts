import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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

/** GET (or `init`) of a path on the bench Worker: its JSON answer, or an error with the status and body. */
export function benchCall(mf: Miniflare) {
  return async (pathAndQuery: string, init?: RequestInit): Promise<unknown> => {
    const res = await mf.dispatchFetch(`http://bench${pathAndQuery}`, init as never);
    const text = await res.text();
    if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text);
  };
}

/** Every committed migration of `dir` (migrations/ or migrations-shard/), statement by statement, in order. */
function migrationStatements(dir: string): string[] {
  const root = path.resolve(import.meta.dirname, "..", dir);
  return (
    readdirSync(root)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .flatMap((f) => readFileSync(path.join(root, f), "utf8").split("--> statement-breakpoint"))
      // Comment lines dropped: a part holding only a comment is no statement for D1.
      .map((x) => x.replace(/^--.*$/gm, "").trim())
      .filter(Boolean)
  );
}

/**
 * A bench's fresh single D1 (the baseline of the old design: every site's analytics in
 * one database): today's control plane from the D1 migrations, and the analytics tables
 * as a shard holds them, from the shard's migrations, so the baseline runs the same SQL
 * on the same tables and indexes as a shard. D1 keeps only legacy `sessions` and
 * `ingest_events` (read by the move into the shards); they are dropped first and made
 * again by the shard's migrations.
 */
export function singleD1Statements(): string[] {
  return [
    ...migrationStatements("migrations"),
    "DROP TABLE sessions",
    "DROP TABLE ingest_events",
    ...migrationStatements("migrations-shard"),
  ];
}

/**
 * The Worker of the report benches (bench/reports-worker.mts: the production report
 * functions and a BenchShard that can be seeded) on a D1 named `database`, and its caller.
 */
export async function startReportsBench(database: string, persistTo?: string) {
  const mf = await startBenchWorker({
    entry: path.resolve(import.meta.dirname, "reports-worker.mts"),
    database,
    shardClass: "BenchShard",
    persistTo,
  });
  return { mf, call: benchCall(mf) };
}
