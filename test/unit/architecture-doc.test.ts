import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import architecture from "../../docs/architecture.md?raw";
import readme from "../../README.md?raw";
import * as d1Schema from "../../schema/index";
import * as shardSchema from "../../schema/shard";

// docs/architecture.md's diagram and cron table, and the README's code map, are checked
// against what they describe: every Worker's wrangler.toml (found by pattern, so a new
// Worker is included) and the drizzle schema of D1 and of the analytics shard.
const configs = import.meta.glob(["../../wrangler.toml", "../../workers/*/wrangler.toml"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** The Worker a config deploys, as the docs name it (`agent-readiness-scan` → scan). */
function workerOf(toml: string): string {
  const name = toml.match(/^name\s*=\s*"([^"]+)"/m)?.[1] ?? "";
  return name.replace(/^agent-readiness-?/, "") || "edge";
}

const all = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => m[1]);
const diagram = architecture.slice(
  architecture.indexOf("```mermaid"),
  architecture.indexOf("```", architecture.indexOf("```mermaid") + 3),
);
const tablesOf = (schema: Record<string, unknown>) =>
  Object.values(schema)
    .filter((t) => is(t, SQLiteTable))
    .map((t) => getTableName(t as SQLiteTable));
/** The text of a diagram node, e.g. `d1[(D1: ...)]`. */
const node = (id: string) => diagram.match(new RegExp(`\\b${id}\\[\\(([^)]*)\\)\\]`))?.[1] ?? "";

describe("docs/architecture.md", () => {
  it("finds the five Workers' configs", () => {
    expect(Object.values(configs).map(workerOf).sort()).toEqual(["app", "edge", "ingest", "scan", "v1"]);
  });

  it("draws every Durable Object class and every queue a wrangler.toml binds", () => {
    for (const toml of Object.values(configs)) {
      for (const cls of all(/class_name\s*=\s*"([^"]+)"/g, toml)) expect(diagram, cls).toContain(cls);
      for (const queue of all(/^\s*(?:dead_letter_)?queue\s*=\s*"([^"]+)"/gm, toml))
        expect(diagram, queue).toContain(queue);
    }
  });

  it("lists every cron of every Worker in the cron table, and no other", () => {
    const declared = Object.values(configs).flatMap((toml) => {
      const crons = toml.match(/^crons\s*=\s*\[([^\]]*)\]/m)?.[1] ?? "";
      return all(/"([^"]+)"/g, crons).map((expr) => `${workerOf(toml)} ${expr}`);
    });
    const start = architecture.indexOf("| Worker | expression");
    const table = architecture.slice(start, architecture.indexOf("\n\n", start));
    const rows = [...table.matchAll(/^\| (\w+)\s+\| `([^`]+)`\s+\|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(start).toBeGreaterThan(0);
    expect([...new Set(rows)].sort()).toEqual([...new Set(declared)].sort());
  });

  it("names every D1 table in the D1 node and every shard table in the shard node", () => {
    const shardTables = tablesOf(shardSchema);
    const d1Only = tablesOf(d1Schema).filter((t) => !shardTables.includes(t));
    const words = (text: string) => new Set(text.split(/[^\w*]+/));
    const d1Node = words(node("d1"));
    const shardNode = words(node("shard"));
    expect(d1Only.filter((t) => !d1Node.has(t))).toEqual([]);
    expect(shardTables.filter((t) => !shardNode.has(t))).toEqual([]);
  });
});

describe("the README's code map", () => {
  it("names each Worker's directory", () => {
    const map = readme.slice(readme.indexOf("## Map of the code"), readme.indexOf("## Docs"));
    for (const toml of Object.values(configs)) {
      const worker = workerOf(toml);
      if (worker !== "edge") expect(map, worker).toContain(`\`workers/${worker}/\``);
    }
    for (const dir of [
      "shared/",
      "schema/",
      "migrations/",
      "migrations-shard/",
      "test/",
      "scripts/",
      "bench/",
      "docs/",
    ])
      expect(map, dir).toContain(`\`${dir}\``);
  });
});
