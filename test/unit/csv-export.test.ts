import { describe, expect, it } from "vitest";
import { csvCell, csvDisposition, parseCsv, readCsvCell, toCsv } from "../../shared/encoding/csv";
import { acceptsCsv } from "../../shared/http/accepts-csv";

describe("CSV export", () => {
  it("quotes a field holding a comma, quote or line break and doubles its quotes (RFC 4180)", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(false)).toBe("false");
  });

  it("writes a text cell that a spreadsheet would run as a formula with a leading apostrophe", () => {
    for (const attack of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(attack).replace(/^"/, "").startsWith("'"), attack).toBe(true);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
    // A number is data, never a formula: -5 stays -5.
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("/p/a")).toBe("/p/a");
  });

  it("reads back every value it wrote, guards and quotes included", () => {
    const rows = [
      { url: "=cmd|' /C calc'!A0", n: 3 },
      { url: "'quoted already", n: -1 },
      { url: 'a "b", c\r\nd', n: 0 },
      { url: "", n: 7 },
    ];
    const text = toCsv(
      [
        { name: "url", value: (r: (typeof rows)[number]) => r.url },
        { name: "n", value: (r: (typeof rows)[number]) => r.n },
      ],
      rows,
    );
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...body] = parseCsv(text);
    expect(header).toEqual(["url", "n"]);
    expect(body.map(([url, n]) => ({ url: readCsvCell(url), n: Number(n) }))).toEqual(rows);
  });

  it("names the download with header-safe characters only", () => {
    expect(csvDisposition('sessions "shop".example\r\n')).toBe('attachment; filename="sessions__shop_.example__.csv"');
  });
});

describe("choosing CSV from the Accept header", () => {
  it("answers CSV only when text/csv ranks above application/json", () => {
    expect(acceptsCsv("text/csv")).toBe(true);
    expect(acceptsCsv("text/csv, application/json;q=0.5")).toBe(true);
    expect(acceptsCsv("application/json;q=0.9, text/*")).toBe(true);
    expect(acceptsCsv(undefined)).toBe(false);
    expect(acceptsCsv("*/*")).toBe(false);
    expect(acceptsCsv("application/json, text/csv")).toBe(false);
    expect(acceptsCsv("text/csv;q=0")).toBe(false);
    expect(acceptsCsv("text/html")).toBe(false);
  });
});
