import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { findMonitor } from "../../shared/monitors/list-monitors";
import { recordRescanScore } from "../../shared/monitors/record-rescan-score";
import { CHECKS } from "../../shared/scan/checks/registry";
import { resultHash } from "../../shared/scan/result-hash";
import { saveScan } from "../../shared/scan/scan-store";
import { SCORING_VERSION, scoreResults } from "../../shared/scan/score";
import type { CheckResult } from "../../shared/scan/types";
import { monitorView } from "../../workers/v1/routes/monitors/monitor-view";
import { FormClient, uniqueEmail } from "./form-client";

// A monitor's "Last score" is one number wherever it is shown: the score its last rescan
// recorded (what its next score.changed compares with), as GET /api/v1/monitors gives
// `last_score`. A scan of the same domain made elsewhere later (the scan page, "Scan
// now") is the domain's latest scan, shown on Scan reports, not the monitor's score.

const DOMAIN = "scores.monitor.example";

/** A stored scan of DOMAIN failing the checks named. */
async function storeScan(failing: string[], at: number) {
  const checkResults: CheckResult[] = CHECKS.map((c) => ({
    layer: c.layer,
    key: c.key,
    status: failing.includes(c.key) ? "fail" : "pass",
    message: `${c.key}`,
    fix: failing.includes(c.key) ? `Fix ${c.key}.` : null,
    evidence: { url: `https://${DOMAIN}/` },
  }));
  const scores = scoreResults(checkResults);
  const hash = await resultHash({ domain: DOMAIN, scoringVersion: SCORING_VERSION, checkResults, ...scores });
  const saved = await saveScan(
    database(env.DB),
    { domain: DOMAIN, resultHash: hash, scoringVersion: SCORING_VERSION, checkResults, ...scores },
    at,
  );
  return { id: saved.id, score: scores.overallScore };
}

/** The text of the element carrying `attr` on the page, its value and inner HTML. */
function cell(html: string, attr: string): { value: string; inner: string } {
  const m = new RegExp(`${attr}="([^"]*)"[^>]*>(.*?)</(?:td|dd)>`, "s").exec(html);
  if (!m) throw new Error(`no ${attr} on the page`);
  return { value: m[1], inner: m[2] };
}

describe("a monitor's last score", () => {
  it("is the score its last rescan recorded on the list, its page, the CSV and the API, not a later scan made elsewhere", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("monitor-scores"));
    await owner.get("/app/monitors");
    const created = await owner.post("/app/monitors", {
      domain: DOMAIN,
      webhook_url: "https://hooks.example.com/monitor-scores",
    });
    expect(created.status).toBe(303);
    const { id } = (await env.DB.prepare("SELECT id FROM monitors WHERE domain = ?").bind(DOMAIN).first<{
      id: string;
    }>()) as { id: string };

    // The monitor's first scan (its baseline and last score), then a scan of the same
    // domain from the scan page an hour later, with another score.
    const now = Date.now();
    const rescan = await storeScan(["llms_txt"], now - 2 * 3_600_000);
    await recordRescanScore(env.DB, DOMAIN, rescan.score, now - 2 * 3_600_000, { scanId: rescan.id, baseUrl: null });
    const elsewhere = await storeScan(["llms_txt", "sitemap_xml", "robots_txt"], now - 3_600_000);
    expect(elsewhere.score).not.toBe(rescan.score);

    const list = await owner.get("/app/monitors");
    const listed = cell(list.html, "data-last-score");
    expect(listed.value).toBe(String(rescan.score));
    expect(listed.inner).toContain(`${rescan.score}/100`);
    expect(listed.inner).toContain(`href="${owner.here(`/app/scans/${DOMAIN}`)}/${rescan.id}"`);
    expect(list.html).not.toContain(`${elsewhere.score}/100`);
    // The domain's latest scan is one link away, on its scan report.
    expect(list.html).toContain(`href="${owner.here(`/app/scans/${DOMAIN}`)}"`);

    const page = await owner.get(`/app/monitors/${id}`);
    expect(cell(page.html, "data-last-score").value).toBe(String(rescan.score));
    expect(page.html).not.toContain(`${elsewhere.score}/100`);

    const csvHref = /href="([^"]+)" download="" data-csv="monitors"/.exec(list.html)?.[1]?.replace(/&amp;/g, "&");
    if (!csvHref) throw new Error("no CSV link for monitors");
    const [header, row] = parseCsv((await owner.get(csvHref)).html).map((r) => r.map(readCsvCell));
    const csv = Object.fromEntries(header.map((name, i) => [name, row[i]]));
    expect(csv).toMatchObject({
      monitor_id: id,
      baseline_score: String(rescan.score),
      last_score: String(rescan.score),
      last_scan_id: rescan.id,
    });

    const record = await findMonitor(database(env.DB), owner.workspace ?? "", id);
    if (!record) throw new Error("monitor not found");
    const api = monitorView(record, now);
    expect(api.last_score).toBe(rescan.score);
    expect(api.last_scan_id).toBe(rescan.id);
    expect(csv.last_scanned_at).toBe(api.last_scanned_at);
  });
});
