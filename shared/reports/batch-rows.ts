/**
 * The rows of several statements, each row an array of its columns in SELECT order,
 * read as one batch (one transaction, one snapshot). Inside a shard the rows come as
 * arrays straight from SQLite (`batchRaw`, shared/shards/shard-db.ts): about a fifth of
 * a 30-day report's statement time was turning rows into objects (docs/performance/log.md,
 * "Top pages of whole days from running totals per month"). On a D1 database (the legacy
 * tables, the bench's baseline) the objects of one `batch` are read by `columns`.
 */
export async function batchRows(
  db: D1Database,
  statements: D1PreparedStatement[],
  columns: string[],
): Promise<unknown[][][]> {
  if (statements.length === 0) return [];
  const raw = (db as D1Database & { batchRaw?: (s: D1PreparedStatement[]) => Promise<unknown[][][]> }).batchRaw;
  if (raw) return raw(statements);
  const results = await db.batch<Record<string, unknown>>(statements);
  return results.map((r) => r.results.map((row) => columns.map((c) => row[c])));
}
