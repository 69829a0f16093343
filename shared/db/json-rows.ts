/**
 * Many rows in one statement: the rows bound as one JSON array of arrays and read with
 * JSON_ROWS (`jsonb_each`), each column as `value ->> i` (text as TEXT, integers as
 * INTEGER, reals as REAL, null as NULL: what binding them one by one stored). One
 * statement per slice instead of one per row (or per nine rows, at 100 bound parameters
 * a statement): a drain's chunk of page views was thousands of session upserts of 34
 * parameters each, every one followed by its `changes()` (docs/performance/log.md,
 * "Drains", issue 46).
 */

/**
 * The rows of the JSON array bound as ?1. `jsonb_each`, not `json_each`: json_each hands
 * out each row as JSON text, rendered again for every column that reads `value`, and each
 * `->>` parses it again; jsonb_each hands out the row as JSONB, which `->>` reads in place.
 * 12,000 rows of 34 columns in SQLite 3.51 (node:sqlite): json_each 503-747 ms, one
 * INSERT per row 127-227 ms, jsonb_each 128 ms; 24,000 rows of 11 columns: 205, 159 and
 * 81 ms (docs/performance/log.md, "Drains", issue 46). workerd's SQLite is 3.54.
 */
export const JSON_ROWS = "jsonb_each(?1)";

/**
 * Bytes of JSON per bound string, at most: a bound string is bounded (2 MB in D1 and in
 * Durable Object SQLite). A slice is counted at 3 bytes per character (UTF-8's most for
 * a UTF-16 unit; JSON.stringify escapes only control characters, at 6 characters each,
 * which the character count already holds).
 */
export const JSON_BYTES_PER_STATEMENT = 1536 * 1024;

/** `value ->> 0, value ->> 1, …` for `columns` columns, in order. */
export function jsonColumns(columns: number): string {
  return Array.from({ length: columns }, (_, i) => `value ->> ${i}`).join(", ");
}

/**
 * `items` in order, cut into slices whose `bytesOf` add up to at most `budget` (a slice
 * holds one item at least, however large): the one way rows are cut for a statement.
 */
export function slicesWithin<T>(items: readonly T[], bytesOf: (item: T) => number, budget: number): T[][] {
  const out: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const item of items) {
    const n = bytesOf(item);
    if (part.length > 0 && size + n > budget) {
      out.push(part);
      part = [];
      size = 0;
    }
    part.push(item);
    size += n;
  }
  if (part.length > 0) out.push(part);
  return out;
}

/** The rows as JSON arrays of arrays, each under JSON_BYTES_PER_STATEMENT (its 2 brackets included). */
export function jsonRowSlices(rows: readonly unknown[][]): string[] {
  const json = rows.map((row) => JSON.stringify(row));
  return slicesWithin(json, (row) => 3 * (row.length + 1), JSON_BYTES_PER_STATEMENT - 2).map(
    (part) => `[${part.join(",")}]`,
  );
}
