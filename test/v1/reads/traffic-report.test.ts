import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { trafficReport } from "../../../shared/reads/traffic-report";
import { seedSite } from "../../helpers/seed";
import { testContext } from "../../helpers/test-context";
import { DAY, HOUR, insertSession, iso, MINUTE, todayStart } from "../traffic-fixtures";

// The traffic report use case called as a function (shared/reads/traffic-report.ts): the
// rules that hold for every transport (window, zone, workspace, which reports and which
// compared) are tested here once; the v1 and app tests keep their transport's concerns.

const ALL = { overview: {}, purpose: {}, sources: {}, verification: {} } as const;

async function world() {
  const { id: siteId, workspaceId } = await seedSite(env.DB, { domain: "reads.example" });
  const d = todayStart() - 3 * DAY;
  // Hand-counted: in [d, d + 1 day): 2 agent sessions (chatgpt user_action, claude crawl), 1 human.
  await insertSession(workspaceId, siteId, { startedAt: d + HOUR, platform: "chatgpt", purpose: "user_action" });
  await insertSession(workspaceId, siteId, { startedAt: d + 2 * HOUR, platform: "claude", purpose: "crawl" });
  await insertSession(workspaceId, siteId, { startedAt: d + 3 * HOUR });
  // The day before: 1 agent session (the previous period of a one-day window).
  await insertSession(workspaceId, siteId, { startedAt: d - 5 * HOUR, platform: "chatgpt" });
  return { workspaceId, siteId, d };
}

describe("trafficReport (use case)", () => {
  it("computes each report asked for over the site's window, with the site's coverage once", async () => {
    const { workspaceId, siteId, d } = await world();
    const ctx = testContext({ workspaceId });
    const r = await trafficReport(ctx, { domain: "reads.example", from: iso(d), to: iso(d + DAY), reports: ALL });
    if (!r.ok) throw new Error(r.code);
    expect([r.value.site.id, r.value.window.start, r.value.window.end]).toEqual([siteId, d, d + DAY]);
    expect(r.value.overview.total_sessions).toBe(2);
    expect(r.value.purpose.by_purpose.map((p) => [p.purpose, p.sessions])).toEqual([
      ["user_action", 1],
      ["search", 0],
      ["crawl", 1],
      ["unknown", 0],
    ]);
    expect([r.value.sources.total_sessions, r.value.sources.ai_sessions]).toEqual([3, 2]);
    expect(r.value.verification.total_sessions).toBe(2);
    // Seeded rows only: no snippet signal, no drain, no server-side record.
    expect(r.value.data_coverage.kind).toBe("none");
  });

  it("compares only the reports that ask, and computes only the reports named", async () => {
    const { workspaceId, d } = await world();
    const ctx = testContext({ workspaceId });
    const window = { domain: "reads.example", from: iso(d), to: iso(d + DAY) };
    const r = await trafficReport(ctx, { ...window, reports: { overview: { compare: "previous" }, sources: {} } });
    if (!r.ok) throw new Error(r.code);
    expect(r.value.overview.previous?.total_sessions).toBe(1);
    expect(r.value.sources.previous).toBeUndefined();
    expect(Object.keys(r.value)).not.toContain("purpose");
    expect(Object.keys(r.value)).not.toContain("verification");
  });

  it("reads days in the context's zone unless the input names one", async () => {
    const { workspaceId, d } = await world();
    const window = { domain: "reads.example", from: iso(d), to: iso(d + DAY), reports: { overview: {} } };
    const berlin = await trafficReport(testContext({ workspaceId, timeZone: "Europe/Berlin" }), window);
    const named = await trafficReport(testContext({ workspaceId, timeZone: "Europe/Berlin" }), {
      ...window,
      timezone: "UTC",
    });
    if (!berlin.ok || !named.ok) throw new Error("refused");
    expect([berlin.value.timeZone, berlin.value.overview.timezone]).toEqual(["Europe/Berlin", "Europe/Berlin"]);
    expect([named.value.timeZone, named.value.overview.timezone]).toEqual(["UTC", "UTC"]);
  });

  it("ends a named period at the context's now", async () => {
    const { workspaceId, d } = await world();
    const nowMs = d + DAY;
    const r = await trafficReport(testContext({ workspaceId, nowMs }), {
      domain: "reads.example",
      period: "24h",
      reports: { overview: {} },
    });
    if (!r.ok) throw new Error(r.code);
    expect([r.value.window.start, r.value.window.end, r.value.overview.total_sessions]).toEqual([d, d + DAY, 2]);
  });

  describe("refusals", () => {
    const now = Date.now();
    const cases: Array<[string, Record<string, string>, string]> = [
      ["`from` in the future", { from: iso(now + HOUR) }, "invalid_window"],
      ["`from` after `to`", { from: iso(now - HOUR), to: iso(now - 2 * HOUR) }, "invalid_window"],
      ["a window over 90 days", { from: iso(now - 90 * DAY - 1000) }, "invalid_window"],
      ["`to` without `from`", { to: iso(now - HOUR) }, "invalid_window"],
      ["hours over more than 48 hours", { period: "7d", interval: "hour" }, "invalid_window"],
      ["an unknown time zone", { timezone: "Mars/Olympus" }, "invalid_timezone"],
      ["a malformed domain", { domain: "http://x.example/path" }, "invalid_domain"],
      ["an unregistered domain", { domain: "nobody.example" }, "site_not_found"],
    ];
    for (const [name, input, code] of cases) {
      it(`${name} is ${code}`, async () => {
        const { workspaceId } = await world();
        const r = await trafficReport(testContext({ workspaceId, nowMs: now }), {
          domain: "reads.example",
          ...input,
          reports: ALL,
        });
        expect(r.ok ? "ok" : r.code).toBe(code);
      });
    }

    it("refuses another workspace's domain exactly as an unregistered one, and checks the window first", async () => {
      const { siteId } = await world();
      const stranger = testContext({ workspaceId: `ws-stranger-${crypto.randomUUID()}` });
      const foreign = await trafficReport(stranger, { domain: "reads.example", reports: ALL });
      const missing = await trafficReport(stranger, { domain: "nobody.example", reports: ALL });
      expect(foreign).toEqual({ ...missing, message: "No site reads.example in this workspace" });
      expect(JSON.stringify(foreign)).not.toContain(siteId);
      const both = await trafficReport(stranger, {
        domain: "reads.example",
        from: iso(Date.now() + MINUTE),
        reports: ALL,
      });
      expect(both.ok ? "ok" : both.code).toBe("invalid_window");
    });
  });
});
