import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inShard } from "../helpers/shard";

// The shard's D1 adapter asks SQLite's changes() only after a statement that wrote a
// row (shared/shards/shard-db.ts): `meta.changes` must still be what D1 reports.
describe("shard D1 adapter: meta.changes", () => {
  it("counts inserted, ignored, updated and deleted rows as SQLite's changes() does, and 0 for reads", async () => {
    await inShard(env.ANALYTICS_SHARD, "site-shard-db-changes", async (db) => {
      // stale_days has a two-column primary key: an index entry written per row as well.
      const insert = db.prepare("INSERT OR IGNORE INTO stale_days (site_id, day) VALUES (?, ?), (?, ?)");
      const first = await insert.bind("s1", "2026-01-01", "s1", "2026-01-02").run();
      expect(first.meta.changes).toBe(2);
      // One of the two is already there: one row changed.
      const again = await insert.bind("s1", "2026-01-02", "s1", "2026-01-03").run();
      expect(again.meta.changes).toBe(1);
      const ignored = await insert.bind("s1", "2026-01-01", "s1", "2026-01-02").run();
      expect(ignored.meta.changes).toBe(0);
      // A read after a write reports no change of its own.
      const read = await db.prepare("SELECT count(*) AS n FROM stale_days").all<{ n: number }>();
      expect(read.results[0].n).toBe(3);
      expect(read.meta.changes).toBe(0);
      const [updated, deleted, none] = await db.batch([
        db.prepare("UPDATE stale_days SET day = day || 'x' WHERE site_id = ? AND day < ?").bind("s1", "2026-01-03"),
        db.prepare("DELETE FROM stale_days WHERE site_id = ?").bind("s1"),
        db.prepare("DELETE FROM stale_days WHERE site_id = ?").bind("s1"),
      ]);
      expect(updated.meta.changes).toBe(2);
      expect(deleted.meta.changes).toBe(3);
      expect(none.meta.changes).toBe(0);
    });
  });
});
