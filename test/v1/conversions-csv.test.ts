import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { BASE, freshKey, get, type ListBody, order, post, seedSite } from "./conversions-fixtures";

// GET /conversions as CSV (Accept: text/csv): read back, every cell equals the JSON
// page's field of the same name; a formula-like external id stays text.

type Row = Record<string, string | number | boolean | null>;
const asCells = (row: Row, header: string[]) => header.map((h) => (row[h] === null ? "" : String(row[h])));

describe("GET /api/v1/conversions as CSV", () => {
  it("reads back equal to the JSON page, paging in headers, formula-like text guarded", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "csv-conv.example");
    expect(
      (
        await post(key, [
          order('=HYPERLINK("http://evil.example","x")', { site: "csv-conv.example", value_minor: 4990 }),
          order("order,with,commas"),
          order("-3"),
        ])
      ).status,
    ).toBe(200);
    const json = (await (await get(key, "/conversions?limit=2")).json()) as ListBody & { results: Row[] };
    expect(json.results).toHaveLength(2);
    const res = await exports.default.fetch(`${BASE}/conversions?limit=2`, {
      headers: { ...key.headers, Accept: "text/csv" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="conversions.csv"');
    expect(res.headers.get("Vary")).toContain("Accept");
    expect(res.headers.get("X-Has-More")).toBe("true");
    expect(res.headers.get("X-Next-Cursor")).toBe(json.next_cursor);
    const [header, ...body] = parseCsv(await res.text());
    expect(header).toEqual(Object.keys(json.results[0]));
    expect(body.map((r) => r.map(readCsvCell))).toEqual(json.results.map((r) => asCells(r, header)));
    // Newest first: "-3" then the comma id; "-3" is text here, so it is guarded.
    expect(body.map((r) => r[header.indexOf("external_id")])).toEqual(["'-3", "order,with,commas"]);

    const all = (await (await get(key, "/conversions")).json()) as { results: Row[] };
    const csvAll = parseCsv(
      await (
        await exports.default.fetch(`${BASE}/conversions`, { headers: { ...key.headers, Accept: "text/csv" } })
      ).text(),
    );
    expect(csvAll.slice(1).map((r) => r.map(readCsvCell))).toEqual(all.results.map((r) => asCells(r, header)));
    const evil = csvAll.find((r) => r[header.indexOf("external_id")].includes("HYPERLINK"));
    expect(evil?.[header.indexOf("external_id")]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(evil?.[header.indexOf("value_minor")]).toBe("4990");
  });
});
