import { type GetColumnData, getTableColumns, type Table } from "drizzle-orm";

type ColumnsOf<T extends Table> = T["_"]["columns"];

/**
 * A row of a drizzle table as raw SQL reads and writes it: keyed by the columns' SQL
 * names (snake_case), each typed as declared (nullable unless `.notNull()`). The
 * analytics code speaks SQL (docs/decisions.md#one-way-to-the-analytics-data), so its
 * row types come from the one declaration in schema/ instead of a copy.
 */
export type SqlRow<T extends Table> = {
  [K in keyof ColumnsOf<T> as ColumnsOf<T>[K]["_"]["name"]]: GetColumnData<ColumnsOf<T>[K]>;
};

/** The SQL names of a table's columns, in declaration order (the order of the migration). */
export function columnNames<T extends Table>(table: T): Array<keyof SqlRow<T> & string> {
  return Object.values(getTableColumns(table)).map((c) => c.name) as Array<keyof SqlRow<T> & string>;
}

/**
 * `R` with the columns `K` read as non-null: for a query whose WHERE excludes NULL in
 * those columns (e.g. `agent_platform IS NOT NULL`), which the table's type cannot know.
 * The caller names the condition that makes it so.
 */
export type NonNullColumns<R, K extends keyof R> = Omit<R, K> & { [P in K]: NonNullable<R[P]> };
