import { describe, expect, it } from "vitest";
import { DAY, freshKey, get, getJson, HOUR, insertSession, iso, MINUTE, seedSite } from "./traffic-fixtures";

interface Item {
  session_id: string;
  agent_platform: string;
  started_at: string;
  duration_ms: number;
  page_count: number;
  entry_url: string;
  exit_url: string;
  reason: string;
}
interface Page {
  domain: string;
  site_id: string;
  period: string;
  data_status: string;
  results: Item[];
  next_cursor: string;
  has_more: boolean;
  total_matching: number;
}

// By hand, relative to now (N), window 7d:
// f1 chatgpt    abandoned                 N-1h  → in (abandoned)
// f2 chatgpt    bounced, 3000 ms          N-2h  → in (bounced)
// f3 perplexity bounced, 4999 ms          N-3h  → in (bounced)
// x1 chatgpt    bounced, 5000 ms          N-4h  → out (not under 5 s)
// x2 human      abandoned                 N-5h  → out (not an agent)
// x3 chatgpt    open, cart reached        N-10m → out (not settled by the rollup)
// x5 chatgpt    completed                 N-6h  → out
// x6 chatgpt    2 pages, not_attempted    N-7h  → out (not a bounce)
// f4 claude     abandoned                 N-2d  → in
// f6 chatgpt    abandoned                 N-6d  → in
// x4 chatgpt    abandoned                 N-8d  → out (before the window)
async function seedFailing(domain: string) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  const n = Date.now();
  const ws = key.workspaceId;
  const add = (id: string, spec: Parameters<typeof insertSession>[2]) =>
    insertSession(ws, siteId, { id: `${id}-${siteId}`, ...spec });
  await add("f1", {
    startedAt: n - HOUR,
    platform: "chatgpt",
    outcome: "abandoned",
    durationMs: 20_000,
    pageCount: 3,
    entryUrl: "/p/a",
    exitUrl: "/cart",
  });
  await add("f2", {
    startedAt: n - 2 * HOUR,
    platform: "chatgpt",
    outcome: "not_attempted",
    bounced: true,
    durationMs: 3_000,
    entryUrl: "/p/b",
  });
  await add("f3", {
    startedAt: n - 3 * HOUR,
    platform: "perplexity",
    outcome: "not_attempted",
    bounced: true,
    durationMs: 4_999,
  });
  await add("x1", {
    startedAt: n - 4 * HOUR,
    platform: "chatgpt",
    outcome: "not_attempted",
    bounced: true,
    durationMs: 5_000,
  });
  await add("x2", { startedAt: n - 5 * HOUR, outcome: "abandoned" });
  await add("x3", { startedAt: n - 10 * MINUTE, platform: "chatgpt", outcome: null, reachedCart: true });
  await add("x5", { startedAt: n - 6 * HOUR, platform: "chatgpt", outcome: "completed" });
  await add("x6", {
    startedAt: n - 7 * HOUR,
    platform: "chatgpt",
    outcome: "not_attempted",
    pageCount: 2,
    durationMs: 1_000,
  });
  await add("f4", { startedAt: n - 2 * DAY, platform: "claude", outcome: "abandoned" });
  await add("f6", { startedAt: n - 6 * DAY, platform: "chatgpt", outcome: "abandoned" });
  await add("x4", { startedAt: n - 8 * DAY, platform: "chatgpt", outcome: "abandoned" });
  const id = (name: string) => `${name}-${siteId}`;
  return { key, siteId, n, id, add };
}

describe("GET /api/v1/traffic/failing-sessions", () => {
  it("lists settled abandoned sessions and short single-page bounces of AI agents, newest first, with every field", async () => {
    const s = await seedFailing("fail.example");
    const page = await getJson<Page>(s.key, "/traffic/failing-sessions?domain=fail.example");
    expect(page).toMatchObject({ domain: "fail.example", site_id: s.siteId, period: "7d", data_status: "ok" });
    expect(page.results.map((r) => r.session_id)).toEqual(["f1", "f2", "f3", "f4", "f6"].map(s.id));
    expect([page.total_matching, page.has_more]).toEqual([5, false]);
    expect(page.results[0]).toEqual({
      session_id: s.id("f1"),
      agent_platform: "chatgpt",
      started_at: iso(s.n - HOUR),
      duration_ms: 20_000,
      page_count: 3,
      entry_url: "/p/a",
      exit_url: "/cart",
      reason: "abandoned",
    });
    expect(page.results.map((r) => r.reason)).toEqual(["abandoned", "bounced", "bounced", "abandoned", "abandoned"]);
  });

  it("filters by agent_platform", async () => {
    const s = await seedFailing("filter.example");
    const page = await getJson<Page>(s.key, "/traffic/failing-sessions?domain=filter.example&agent_platform=chatgpt");
    expect(page.results.map((r) => r.session_id)).toEqual(["f1", "f2", "f6"].map(s.id));
    expect(page.total_matching).toBe(3);
  });

  it("takes a custom window (from/to): only the failing sessions started in it", async () => {
    const s = await seedFailing("custom.example");
    // [N-3d, N-90m): f2, f3 and f4; f1 (N-1h) is after it, f6 (N-6d) before.
    const from = new Date(s.n - 3 * DAY).toISOString();
    const to = new Date(s.n - 90 * MINUTE).toISOString();
    const page = await getJson<Page & { period: string }>(
      s.key,
      `/traffic/failing-sessions?domain=custom.example&from=${from}&to=${to}`,
    );
    expect(page.results.map((r) => r.session_id)).toEqual(["f2", "f3", "f4"].map(s.id));
    expect([page.total_matching, page.period]).toEqual([3, "custom"]);
  });

  it("pages with an opaque cursor that neither repeats nor skips rows when sessions are added between pages", async () => {
    const s = await seedFailing("paging.example");
    const base = "/traffic/failing-sessions?domain=paging.example&limit=2";
    const p1 = await getJson<Page>(s.key, base);
    expect(p1.results.map((r) => r.session_id)).toEqual(["f1", "f2"].map(s.id));
    expect([p1.has_more, p1.total_matching]).toEqual([true, 5]);
    // Added while paging: one newer than the cursor (belongs to a fresh first page),
    // one older (comes up in its place further down).
    await s.add("n1", { startedAt: s.n - 30 * MINUTE, platform: "chatgpt", outcome: "abandoned" });
    await s.add("n2", { startedAt: s.n - DAY, platform: "gemini", outcome: "abandoned" });
    const p2 = await getJson<Page>(s.key, `${base}&cursor=${encodeURIComponent(p1.next_cursor)}`);
    expect(p2.results.map((r) => r.session_id)).toEqual(["f3", "n2"].map(s.id));
    expect([p2.has_more, p2.total_matching]).toEqual([true, 7]);
    const p3 = await getJson<Page>(s.key, `${base}&cursor=${encodeURIComponent(p2.next_cursor)}`);
    expect(p3.results.map((r) => r.session_id)).toEqual(["f4", "f6"].map(s.id));
    expect(p3.has_more).toBe(false);
    const p4 = await getJson<Page>(s.key, `${base}&cursor=${encodeURIComponent(p3.next_cursor)}`);
    expect([p4.results, p4.has_more]).toEqual([[], false]);
  });

  it("breaks ties on the start time by session id, so equal starts are each listed once", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "ties.example");
    const t = Date.now() - HOUR;
    for (const id of ["tie-b", "tie-c", "tie-a"]) {
      await insertSession(key.workspaceId, siteId, { id, startedAt: t, platform: "chatgpt", outcome: "abandoned" });
    }
    const seen: string[] = [];
    let cursor = "";
    for (let i = 0; i < 4; i++) {
      const page = await getJson<Page>(key, `/traffic/failing-sessions?domain=ties.example&limit=1${cursor}`);
      seen.push(...page.results.map((r) => r.session_id));
      cursor = `&cursor=${encodeURIComponent(page.next_cursor)}`;
      if (!page.has_more) break;
    }
    expect(seen).toEqual(["tie-c", "tie-b", "tie-a"]);
  });

  it("refuses a tampered cursor, a cursor of another filter or workspace, and a limit over 50", async () => {
    const s = await seedFailing("cursors.example");
    const other = await freshKey();
    await seedSite(other.workspaceId, "cursors.example");
    const p1 = await getJson<Page>(s.key, "/traffic/failing-sessions?domain=cursors.example&limit=1");
    const c = encodeURIComponent(p1.next_cursor);
    const tampered = encodeURIComponent(`${p1.next_cursor.slice(0, -2)}xx`);
    const attempts: Array<[typeof s.key, string]> = [
      [s.key, `&cursor=${tampered}`],
      [s.key, `&cursor=${c}&agent_platform=chatgpt`],
      [s.key, `&cursor=${c}&period=30d`],
      [s.key, "&cursor=not-a-cursor"],
      [other, `&cursor=${c}`],
    ];
    for (const [key, extra] of attempts) {
      const res = await get(key, `/traffic/failing-sessions?domain=cursors.example&limit=1${extra}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("invalid_cursor");
    }
    for (const limit of [0, 51, "x"]) {
      const res = await get(s.key, `/traffic/failing-sessions?domain=cursors.example&limit=${limit}`);
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, "invalid_request"]);
    }
    const page = await getJson<Page>(s.key, "/traffic/failing-sessions?domain=cursors.example&limit=50");
    expect(page.results).toHaveLength(5);
  });
});
