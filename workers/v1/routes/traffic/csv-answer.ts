import { z } from "@hono/zod-openapi";
import { CSV_TYPE, csvDisposition } from "@shared/encoding/csv";
import { acceptsCsv } from "@shared/http/accepts-csv";
import type { Context } from "hono";

/** The `text/csv` content of a table route's 200 answer (docs/reports.md "CSV"). */
export function csvContent(table: string) {
  return {
    "text/csv": {
      schema: z.string().openapi({
        description: `Sent instead of JSON when the Accept header prefers text/csv: ${table}, RFC 4180, a header row of the JSON field names. A text cell starting with =, +, -, @, tab, CR or ' is written with one leading ' (formula injection); remove it when reading.`,
        example: "source,sub_source,sessions,share_pct\r\ndirect,,12,40\r\n",
      }),
    },
  };
}

/** True when the request asked for the CSV form (Accept: text/csv). */
export function wantsCsv(c: Context): boolean {
  return acceptsCsv(c.req.header("Accept"));
}

/** A CSV answer: downloadable under `name`, varying by Accept like its JSON twin. */
export function csvAnswer(c: Context, name: string, csv: string, headers: Record<string, string> = {}) {
  return c.body(csv, 200, {
    "Content-Type": CSV_TYPE,
    "Content-Disposition": csvDisposition(name),
    Vary: "Accept",
    ...headers,
  });
}
