import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { BASE, freshKey, getJson, HOUR, insertSession, seedSite } from "./traffic-fixtures";

// CSV (Accept: text/csv) of the sessions list and of sources' by_source: read back, every
// cell equals the JSON answer's field of the same name, formula-like text included.

type Row = Record<string, string | number | boolean | null>;

async function getCsv(key: { headers: Record<string, string> }, path: string) {
  const res = await exports.default.fetch(`${BASE}${path}`, { headers: { ...key.headers, Accept: "text/csv" } });
  expect(res.status, await res.clone().text()).toBe(200);
  return { res, rows: parseCsv(await res.text()) };
}

/** Each JSON row as the CSV writes it: null empty, numbers and booleans as JSON writes them. */
const asCells = (row: Row, header: string[]) => header.map((h) => (row[h] === null ? "" : String(row[h])));

async function seed(domain: string) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  const now = Date.now();
  await insertSession(key.workspaceId, siteId, {
    startedAt: now - 2 * HOUR,
    platform: "chatgpt",
    entryUrl: '=HYPERLINK("http://evil.example","x")',
    exitUrl: "/a,b",
  });
  await insertSession(key.workspaceId, siteId, { startedAt: now - 3 * HOUR, platform: "claude", entryUrl: "@SUM(1)" });
  await insertSession(key.workspaceId, siteId, {
    startedAt: now - 4 * HOUR,
    source: "referral",
    subSource: "-news.example",
    referrerHost: "-news.example",
  });
  return key;
}

describe("CSV answers (Accept: text/csv)", () => {
  it("the sessions list as CSV reads back equal to its JSON page, paging in headers", async () => {
    const key = await seed("csv-sessions.example");
    const json = await getJson<{ results: Row[]; next_cursor: string; has_more: boolean; total_matching: number }>(
      key,
      "/traffic/sessions?domain=csv-sessions.example&period=24h",
    );
    const { res, rows } = await getCsv(key, "/traffic/sessions?domain=csv-sessions.example&period=24h");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="sessions-csv-sessions.example.csv"');
    expect(res.headers.get("Vary")).toContain("Accept");
    expect([res.headers.get("X-Has-More"), res.headers.get("X-Total-Matching")]).toEqual(["false", "2"]);
    const [header, ...body] = rows;
    expect(header).toEqual(Object.keys(json.results[0]));
    expect(body.map((r) => r.map(readCsvCell))).toEqual(json.results.map((r) => asCells(r, header)));
    // The spreadsheet sees text, not a formula: the raw cells start with the guard.
    const raw = body.map((r) => r[header.indexOf("entry_url")]).sort();
    expect(raw).toEqual(['\'=HYPERLINK("http://evil.example","x")', "'@SUM(1)"].sort());
  });

  it("sources as CSV is its by_source table, equal to the JSON; JSON stays the default", async () => {
    const key = await seed("csv-sources.example");
    const json = await getJson<{ by_source: Row[] }>(key, "/traffic/sources?domain=csv-sources.example&period=24h");
    expect(json.by_source).toHaveLength(2);
    const { rows } = await getCsv(key, "/traffic/sources?domain=csv-sources.example&period=24h");
    const [header, ...body] = rows;
    expect(header).toEqual(["source", "sub_source", "sessions", "share_pct"]);
    expect(body.map((r) => r.map(readCsvCell))).toEqual(json.by_source.map((r) => asCells(r, header)));
    expect(body.find((r) => r[0] === "referral")?.[1]).toBe("'-news.example");
    // Without Accept: text/csv (or with */*), the same route answers JSON.
    const res = await exports.default.fetch(`${BASE}/traffic/sources?domain=csv-sources.example&period=24h`, {
      headers: { ...key.headers, Accept: "*/*" },
    });
    expect(res.headers.get("Content-Type")).toContain("application/json");
  });
});
