import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { listMonitors } from "../../shared/monitors/list-monitors";
import { monitorsWithLatestScans } from "../../shared/monitors/monitors-with-scans";
import { latestScans } from "../../shared/scan/latest-scans";
import { findLatestScan, saveScan } from "../../shared/scan/scan-store";
import { installCheck, installChecks } from "../../shared/sessions/install-check";
import { seedSite } from "../helpers/seed";

const BASE = "https://service.example";
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

function scan(domain: string, score: number) {
  return {
    domain,
    resultHash: crypto.randomUUID(),
    scoringVersion: "test",
    overallScore: score,
    layerScores: {} as never,
    checkResults: [],
  };
}

describe("latest scans of several domains in one read", () => {
  it("gives each domain the scan seen last, as findLatestScan does, and leaves out domains never scanned", async () => {
    const db = database(env.DB);
    await saveScan(db, scan("a.batch.example", 40), NOW - 3 * HOUR);
    const newer = await saveScan(db, scan("a.batch.example", 55), NOW - HOUR);
    await saveScan(db, scan("a.batch.example", 70), NOW - 2 * HOUR);
    const b = await saveScan(db, scan("b.batch.example", 90), NOW - 5 * HOUR);
    const got = await latestScans(db, ["a.batch.example", "b.batch.example", "never.batch.example"]);
    expect(Object.fromEntries(got)).toEqual({
      "a.batch.example": { id: newer.id, domain: "a.batch.example", overallScore: 55, lastSeenAt: NOW - HOUR },
      "b.batch.example": { id: b.id, domain: "b.batch.example", overallScore: 90, lastSeenAt: NOW - 5 * HOUR },
    });
    expect((await findLatestScan(db, "a.batch.example"))?.id).toBe(newer.id);
    expect((await latestScans(db, [])).size).toBe(0);
  });

  it("takes more domains than D1 binds parameters (one JSON array)", async () => {
    const db = database(env.DB);
    const domains = Array.from({ length: 150 }, (_, i) => `d${i}.many.example`);
    await saveScan(db, scan("d149.many.example", 12), NOW);
    const got = await latestScans(db, domains);
    expect([...got.keys()]).toEqual(["d149.many.example"]);
  });
});

describe("install checks of several sites in one read", () => {
  it("equals the single-site install check for each domain, only the workspace's own", async () => {
    const quiet = await seedSite(env.DB, { domain: "quiet.install.example" });
    const live = await seedSite(env.DB, { domain: "live.install.example", workspaceId: quiet.workspaceId });
    const foreign = await seedSite(env.DB, { domain: "foreign.install.example" });
    await env.DB.prepare("UPDATE sites SET last_accept_at = ?, last_event_at = ? WHERE id = ?")
      .bind(NOW - HOUR, NOW - HOUR, live.id)
      .run();
    const domains = [quiet.domain, live.domain, foreign.domain];
    const got = await installChecks(env.DB, quiet.workspaceId, domains, BASE, NOW);
    expect([...got.keys()].sort()).toEqual([live.domain, quiet.domain]);
    expect(got.get(live.domain)?.status).toBe("receiving");
    expect(got.get(quiet.domain)?.status).toBe("awaiting_first_event");
    for (const d of [quiet.domain, live.domain]) {
      expect(got.get(d)).toEqual(await installCheck(env.DB, quiet.workspaceId, d, BASE, NOW));
    }
    expect(await installCheck(env.DB, quiet.workspaceId, foreign.domain, BASE, NOW)).toBeNull();
  });
});

describe("the Monitors page's read: its monitors and their latest scans in one batch", () => {
  async function seedMonitor(workspaceId: string, domain: string, createdAt: number) {
    await env.DB.prepare(
      "INSERT INTO monitors (id, workspace_id, domain, webhook_url, secret_sealed, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
      .bind(
        `mon_${crypto.randomUUID()}`,
        workspaceId,
        domain,
        `https://hooks.example.com/${domain}`,
        "sealed",
        createdAt,
      )
      .run();
  }

  it("lists the monitors as listMonitors does and gives each listed domain its latest scan, nothing else", async () => {
    const db = database(env.DB);
    const { workspaceId } = await seedSite(env.DB, { domain: "own.mon-batch.example" });
    const other = await seedSite(env.DB, { domain: "other.mon-batch.example" });
    // Three monitors, newest last; a page of two lists c and b (newest first), not a.
    await seedMonitor(workspaceId, "a.mon-batch.example", NOW - 3 * HOUR);
    await seedMonitor(workspaceId, "b.mon-batch.example", NOW - 2 * HOUR);
    await seedMonitor(workspaceId, "c.mon-batch.example", NOW - HOUR);
    await seedMonitor(other.workspaceId, "x.mon-batch.example", NOW);
    await saveScan(db, scan("a.mon-batch.example", 10), NOW - HOUR);
    await saveScan(db, scan("b.mon-batch.example", 20), NOW - 2 * HOUR);
    const latestB = await saveScan(db, scan("b.mon-batch.example", 30), NOW - HOUR);
    await saveScan(db, scan("x.mon-batch.example", 99), NOW);

    const got = await monitorsWithLatestScans(db, workspaceId, 2);
    expect(got.page).toEqual(await listMonitors(db, workspaceId, 2, null));
    expect(got.page.monitors.map((m) => m.domain)).toEqual(["c.mon-batch.example", "b.mon-batch.example"]);
    // c was never scanned; a is not on the page; x is another workspace's.
    expect(Object.fromEntries(got.scans)).toEqual({
      "b.mon-batch.example": {
        id: latestB.id,
        domain: "b.mon-batch.example",
        overallScore: 30,
        lastSeenAt: NOW - HOUR,
      },
    });
  });
});
