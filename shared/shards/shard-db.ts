/**
 * The analytics code (shared/sessions, shared/reports) speaks the D1 statement API
 * (prepare/bind, first/all/run, batch). Inside an AnalyticsShard the same statements run
 * on the Durable Object's own SQLite through this adapter, so that code is the one way to
 * reach analytics data wherever it lives: in a shard (production) or in a plain D1 (the
 * legacy tables, read once by the migration script, and the single-D1 bench baseline).
 *
 * Semantics kept from D1: `batch` is one transaction (all or nothing); `first()` is the
 * first row or null; `run().meta.changes` is SQLite's changes(). Calls are synchronous
 * underneath, so nothing else runs in the object between a statement and the next.
 */
type Value = string | number | null | ArrayBuffer;

class ShardStatement {
  constructor(
    private readonly storage: DurableObjectStorage,
    readonly query: string,
    readonly params: Value[] = [],
  ) {}

  bind(...values: unknown[]): ShardStatement {
    // D1 binds booleans as integers and undefined is refused; mirror that.
    const params = values.map((v) => {
      if (v === undefined) throw new TypeError("D1_TYPE_ERROR: undefined is not a bindable value");
      if (typeof v === "boolean") return v ? 1 : 0;
      return v as Value;
    });
    return new ShardStatement(this.storage, this.query, params);
  }

  /**
   * Runs now, synchronously: rows and the number of rows changed. SQLite's changes() is
   * asked only when the statement wrote a row (the cursor's `rowsWritten`, which also
   * counts index entries, so it is not the count itself): a read, or a write that
   * changed nothing (an ignored duplicate), changed no row. Asking after every
   * statement was a second statement per row of a drain's commit (docs/performance/log.md,
   * "Drains", Round 3).
   */
  execute<T>(): { results: T[]; changes: number } {
    const cursor = this.storage.sql.exec(this.query, ...this.params);
    const results = cursor.toArray() as T[];
    const changes =
      cursor.rowsWritten === 0 ? 0 : ((this.storage.sql.exec("SELECT changes() AS n").one().n as number) ?? 0);
    return { results, changes };
  }

  async first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    const row = this.execute<Record<string, unknown>>().results[0];
    if (row === undefined) return null;
    return (column === undefined ? row : row[column]) as T;
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const { results, changes } = this.execute<T>();
    return { success: true, results, meta: meta(changes) } as D1Result<T>;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.all<T>();
  }

  /** Runs now, synchronously: each row an array of its columns in SELECT order. */
  rows(): unknown[][] {
    return [...this.storage.sql.exec(this.query, ...this.params).raw()];
  }

  async raw<T = unknown[]>(): Promise<T[]> {
    return this.rows() as T[];
  }
}

function meta(changes: number): D1Meta & Record<string, unknown> {
  return {
    changes,
    duration: 0,
    last_row_id: 0,
    changed_db: changes > 0,
    size_after: 0,
    rows_read: 0,
    rows_written: changes,
  };
}

/** A D1-shaped handle on a Durable Object's SQLite storage. */
export function shardDb(storage: DurableObjectStorage): D1Database {
  const db = {
    prepare: (query: string) => new ShardStatement(storage, query),
    batch: async <T>(statements: ShardStatement[]): Promise<D1Result<T>[]> =>
      storage.transactionSync(() =>
        statements.map((s) => {
          const { results, changes } = s.execute<T>();
          return { success: true, results, meta: meta(changes) } as D1Result<T>;
        }),
      ),
    // Rows as arrays in column order, in one transaction: what `batchRows`
    // (shared/reports/batch-rows.ts) reads grouped counts with. Turning a row into an
    // object costs more than the row (docs/performance/log.md, "Top pages of whole days").
    batchRaw: async (statements: ShardStatement[]): Promise<unknown[][][]> =>
      storage.transactionSync(() => statements.map((s) => s.rows())),
    exec: async (query: string) => {
      storage.sql.exec(query);
      return { count: 1, duration: 0 };
    },
  };
  // Structural stand-in: the analytics code uses only prepare/bind/first/all/run/raw/batch
  // (and batchRaw, through shared/reports/batch-rows.ts).
  return db as unknown as D1Database;
}
