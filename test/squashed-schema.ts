import { DatabaseSync } from "node:sqlite";
import type { D1Migration } from "@cloudflare/vitest-plugin";

const ORDER = ["table", "index", "view", "trigger"];

/**
 * The committed D1 migrations as one migration: they are replayed once, at config time, in
 * an in-memory SQLite (node:sqlite), and the schema they leave (`sqlite_master`'s
 * statements, tables first) is what each workerd test file applies to its fresh D1,
 * instead of replaying every migration in every file. Migrations' data (backfills) would
 * not survive this, so a replay that leaves any row fails here. That the schema equals
 * the migrations' own result inside workerd is tested (test/unit/squashed-schema.test.ts).
 */
export function squashMigrations(migrations: D1Migration[]): D1Migration[] {
  const db = new DatabaseSync(":memory:");
  try {
    for (const migration of migrations) for (const query of migration.queries) db.exec(query);
    const rows = db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
      .all() as { type: string; name: string; sql: string }[];
    for (const { type, name } of rows) {
      if (type !== "table") continue;
      const { n } = db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number };
      if (n > 0) throw new Error(`migrations leave ${n} rows in ${name}: a squashed schema cannot carry them`);
    }
    const queries = rows.toSorted((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type)).map((r) => r.sql);
    const last = migrations.at(-1)?.name ?? "none";
    return [{ name: `schema of ${migrations.length} migrations (to ${last})`, queries }];
  } finally {
    db.close();
  }
}
