import { ingestEvents } from "@schema/ingest-events";
import { columnNames, type SqlRow } from "../db/sql-row";

/** A row of `ingest_events`, typed from its one declaration (schema/ingest-events.ts). */
export type EventRow = SqlRow<typeof ingestEvents>;

/** The columns of `ingest_events`, in table order: the rollup writes every one. */
export const EVENT_COLUMNS = columnNames(ingestEvents);
