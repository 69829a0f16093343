import type { CsvColumn } from "../encoding/csv";
import { AgentSession, type TrafficSources } from "./report-schemas";

// The CSV form of the report tables that have one (docs/reports.md "CSV"): each column
// is a field of the JSON answer's rows, under the same name, so a CSV read back equals
// the JSON. Columns come from the zod shape where the row is a schema of its own.

type Session = ReturnType<typeof AgentSession.parse>;

/** GET /traffic/sessions: one row per session of the page, every field of AgentSession. */
export const SESSION_CSV: CsvColumn<Session>[] = (Object.keys(AgentSession.shape) as Array<keyof Session>).map(
  (name) => ({ name, value: (row) => row[name] }),
);

type SourceRow = TrafficSources["by_source"][number];

/** GET /traffic/sources: the `by_source` table. */
export const SOURCE_CSV: CsvColumn<SourceRow>[] = [
  { name: "source", value: (r) => r.source },
  { name: "sub_source", value: (r) => r.sub_source },
  { name: "sessions", value: (r) => r.sessions },
  { name: "share_pct", value: (r) => r.share_pct },
];
