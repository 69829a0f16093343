// Workers under wrangler's dev server (`unstable_dev`) for the direct beacon benchmarks
// (bench/beacon-direct.ts, bench/ingest-limits.ts): each its own workerd process with
// its own state, the dev registry off so no process hands a message to another.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Unstable_DevWorker, unstable_dev } from "wrangler";

export const root = path.resolve(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
export const ingestConfig = path.join(root, "workers/ingest/wrangler.toml");
export const ingestScript = path.join(root, "workers/ingest/index.ts");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(args: string[]) {
  const r = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")}:\n${r.stdout}${r.stderr}`);
}

/** `text` with `pattern` replaced; throws when the pattern is not there (config changed). */
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`workers/ingest/wrangler.toml no longer has ${pattern}`);
  return text.replace(pattern, by);
}

/** A scratch folder, the Workers started in it, and how to stop them all. */
export function benchWorkers(name: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const workers: Unstable_DevWorker[] = [];
  return {
    /**
     * The ingest Worker's own config without its `[[queues.consumers]]` table, written to
     * the scratch folder (its relative paths made absolute): the producer binding stays.
     * `vars` replace the config's values of the same name (e.g. BEACON_LIMITS = "off").
     */
    producerOnlyConfig(file = "ingest-producer-only.toml", vars: Record<string, string> = {}): string {
      let toml = readFileSync(ingestConfig, "utf8");
      toml = replaceOnce(toml, /^main = "index\.ts"$/m, `main = ${JSON.stringify(ingestScript)}`);
      toml = replaceOnce(
        toml,
        /^migrations_dir = "\.\.\/\.\.\/migrations"$/m,
        `migrations_dir = ${JSON.stringify(path.join(root, "migrations"))}`,
      );
      toml = replaceOnce(toml, /^\[\[queues\.consumers\]\]\n(?:(?!\[)[^\n]*\n)*/m, "");
      for (const [name, value] of Object.entries(vars)) {
        toml = replaceOnce(toml, new RegExp(`^${name} = ".*"$`, "m"), `${name} = ${JSON.stringify(value)}`);
      }
      const out = path.join(scratch, file);
      writeFileSync(out, toml);
      return out;
    },
    /** Migrates a fresh local D1 for `config` and inserts one workspace and its site. */
    prepareState(config: string, name: string): string {
      const state = path.join(scratch, name);
      run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state, "-c", config]);
      run([
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        state,
        "-c",
        config,
        "--command",
        "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_bench', 'bench', 0); INSERT INTO sites (id, workspace_id, domain, name, public_token, created_at) VALUES ('site_bench', 'ws_bench', 'bench-shop.example', 'bench', 'pt_bench', 0);",
      ]);
      return state;
    },
    /** Starts one Worker under wrangler's dev server; its base URL. */
    async serve(script: string, config: string, persistTo?: string): Promise<string> {
      const worker = await unstable_dev(script, {
        config,
        persistTo,
        ip: "127.0.0.1",
        logLevel: "error",
        experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
      });
      workers.push(worker);
      return `http://127.0.0.1:${worker.port}`;
    },
    async stop(): Promise<void> {
      for (const w of workers) await w.stop().catch(() => undefined);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
