// CSV export of report tables (issue 29): RFC 4180 text (comma-separated, CRLF line
// ends, a field quoted when it holds a comma, quote, CR or LF, quotes doubled), one
// header row of the API's own field names, then one row per item.
//
// Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with
// `=`, `+`, `-` or `@` (and tab or CR, which some strip first) as a formula, and entry
// URLs, referrer hosts and platform names come from visitors. Such a text cell is
// written with a leading `'`, which spreadsheets show as text; a text cell that already
// starts with `'` gets one too, so a reader removes exactly one leading `'` from every
// text cell that has one and gets the value back (`readCsvCell`). Numbers and booleans
// are never prefixed: `-5` stays a number.

export type CsvValue = string | number | boolean | null;

/** One column: its header (the API's field name) and how a row gives its value. */
export interface CsvColumn<T> {
  name: string;
  value: (row: T) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r']/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null empty, numbers and booleans as JSON writes them, text guarded and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The whole document: header row, then every row, each line ended by CRLF. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const line = (cells: string[]) => `${cells.join(",")}\r\n`;
  return (
    line(columns.map((c) => csvCell(c.name))) + rows.map((r) => line(columns.map((c) => csvCell(c.value(r))))).join("")
  );
}

/** A text cell as read back: the one leading `'` that `csvCell` added removed. */
export function readCsvCell(raw: string): string {
  return raw.startsWith("'") ? raw.slice(1) : raw;
}

/**
 * Parses RFC 4180 text into rows of raw cells (quotes removed, `'` guard kept): the
 * reader for tests and scripts that check an export against the API's JSON.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The media type of an export, and a download name that is safe in a header. */
export const CSV_TYPE = "text/csv; charset=utf-8";

export function csvDisposition(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}.csv"`;
}
