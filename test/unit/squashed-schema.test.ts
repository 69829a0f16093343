import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// Every workerd test file starts from the squashed schema (test/squashed-schema.ts), not
// from the migrations themselves; this is the check that the two are the same database.
async function schemaOf(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY type, name",
    )
    .all<{ type: string; name: string; tbl_name: string; sql: string }>();
  return results;
}

describe("the squashed test schema", () => {
  it("is exactly what replaying every committed migration in workerd's D1 leaves", async () => {
    await applyD1Migrations(env.MIGRATED, env.TEST_MIGRATIONS_ALL);
    const replayed = await schemaOf(env.MIGRATED);
    const squashed = await schemaOf(env.DB);
    expect(replayed.length).toBeGreaterThan(20);
    expect(squashed).toEqual(replayed);
  });
});
