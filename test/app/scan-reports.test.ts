import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newSecretToken } from "../../shared/accounts/secret-token";
import { database } from "../../shared/db/client";
import { CHECKS } from "../../shared/scan/checks/registry";
import { resultHash } from "../../shared/scan/result-hash";
import { saveScan } from "../../shared/scan/scan-store";
import { SCORING_VERSION, scoreResults } from "../../shared/scan/score";
import type { CheckResult } from "../../shared/scan/types";
import { FormClient, uniqueEmail } from "./form-client";

// The in-app scan reports (/app/scans) in workerd: only the workspace's site and monitor
// domains, the shared report view, and Scan now's refusals. The scan itself runs against
// the real server in test/e2e/app-scan-report-browser.test.ts (the scan Worker is absent here).

/** A stored scan of `domain` whose check `failing` fails, the rest pass. */
async function storeScan(domain: string, failing: string, now: number) {
  const checkResults: CheckResult[] = CHECKS.map((c) => ({
    layer: c.layer,
    key: c.key,
    status: c.key === failing ? "fail" : "pass",
    message: c.key === failing ? `${c.key} is missing <script>alert(1)</script>` : `${c.key} is fine`,
    fix: c.key === failing ? `Fix ${c.key}.` : null,
    evidence: { url: `https://${domain}/` },
  }));
  const scores = scoreResults(checkResults);
  const hash = await resultHash({ domain, scoringVersion: SCORING_VERSION, checkResults, ...scores });
  const saved = await saveScan(
    database(env.DB),
    { domain, resultHash: hash, scoringVersion: SCORING_VERSION, checkResults, ...scores },
    now,
  );
  return { id: saved.id, ...scores };
}

async function ownerWithSite(domain: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("scan-owner"));
  await owner.get("/app/sites");
  expect((await owner.post("/app/sites", { domain, name: "Shop" })).status).toBe(303);
  return owner;
}

describe("scan reports inside the app", () => {
  it("shows the latest scan of a site's domain through the shared report view, and lists the earlier one", async () => {
    const owner = await ownerWithSite("report-a.example");
    const older = await storeScan("report-a.example", "llms_txt", Date.now() - 86_400_000);
    const latest = await storeScan("report-a.example", "sitemap_xml", Date.now());
    const page = await owner.get("/app/scans/report-a.example");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`data-score="${latest.overallScore}"`);
    expect(page.html).toContain('<li data-key="sitemap_xml"');
    // Text from the scanned site is escaped.
    expect(page.html).not.toContain("<script>alert(1)</script>");
    expect(page.html).toContain(`href="${owner.here("/app/scans/report-a.example")}/${older.id}"`);
    const earlier = await owner.get(`/app/scans/report-a.example/${older.id}`);
    expect(earlier.status).toBe(200);
    expect(earlier.html).toContain('<li data-key="llms_txt"');
    expect(earlier.html).toContain("This is an earlier scan.");
    const list = await owner.get("/app/scans");
    expect(list.html).toContain('data-domain="report-a.example"');
    expect(list.html).toContain(`${latest.overallScore}/100`);
  });

  it("says what changed since the previous scan: counts, the changed checks by title, a link to that report", async () => {
    const owner = await ownerWithSite("report-diff.example");
    const first = await storeScan("report-diff.example", "llms_txt", Date.UTC(2026, 10, 24, 9));
    const once = await owner.get("/app/scans/report-diff.example");
    expect(once.html).toContain('data-first-scan="true"');
    expect(once.html).toContain("This is the first scan of this domain");

    const second = await storeScan("report-diff.example", "sitemap_xml", Date.UTC(2026, 10, 25, 9));
    const page = await owner.get("/app/scans/report-diff.example");
    expect(page.status).toBe(200);
    const section = page.html.slice(
      page.html.indexOf('<section id="changes"'),
      page.html.indexOf("</section>", page.html.indexOf('<section id="changes"')),
    );
    // The one time format, in the workspace's zone (UTC here), never a check's key as text.
    expect(section).toContain(
      `What changed since <time datetime="2026-11-24T09:00:00.000Z">2026-11-24 09:00 UTC</time>`,
    );
    expect(section).not.toContain("<code>");
    expect(section).toContain(`Score ${first.overallScore} → ${second.overallScore}`);
    // One check regressed, one improved, the other CHECKS.length - 2 unchanged.
    expect(section).toContain('<span data-count="improved">1 improved</span>');
    expect(section).toContain('<span data-count="regressed">1 regressed</span>');
    expect(section).toContain(`<span data-count="unchanged">${CHECKS.length - 2} unchanged</span>`);
    expect(
      [...section.matchAll(/<li data-key="([a-z_]+)" data-direction="([a-z]+)"/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ["sitemap_xml", "regressed"],
      ["llms_txt", "improved"],
    ]);
    expect(section).toContain("A sitemap lists the product pages");
    expect(section).toContain("llms.txt guides AI agents through the shop");
    expect(section).toContain(`href="${owner.here("/app/scans/report-diff.example")}/${first.id}"`);
  });

  it("includes the domains of the workspace's monitors, linked from the Monitors page", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("scan-monitor"));
    await owner.get("/app/monitors");
    const created = await owner.post("/app/monitors", {
      domain: "watched.example",
      webhook_url: "https://hooks.example.com/agent-readiness",
    });
    expect(created.status).toBe(303);
    const stored = await storeScan("watched.example", "llms_txt", Date.now());
    expect((await owner.get("/app/monitors")).html).toContain(`href="${owner.here("/app/scans/watched.example")}"`);
    const page = await owner.get("/app/scans/watched.example");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`data-score="${stored.overallScore}"`);
    expect((await owner.get("/app/scans")).html).toMatch(/data-domain="watched.example".*monitor/s);
  });

  it("answers 404 for a domain that is not the workspace's, another workspace's domain, and a scan of another domain", async () => {
    const owner = await ownerWithSite("report-b.example");
    const foreign = await storeScan("elsewhere.example", "llms_txt", Date.now());
    expect((await owner.get("/app/scans/elsewhere.example")).status).toBe(404);
    expect((await owner.get(`/app/scans/report-b.example/${foreign.id}`)).status).toBe(404);
    expect((await owner.get("/app/scans/report-b.example/not-a-uuid")).status).toBe(404);
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("scan-stranger"));
    expect((await stranger.get("/app/scans/report-b.example")).status).toBe(404);
    expect((await stranger.get("/app/scans")).html).not.toContain("report-b.example");
    await stranger.get("/app/scans");
    expect((await stranger.post("/app/scans/report-b.example", {})).status).toBe(404);
  });

  it("reads started beside the session check (report, monitors) show nothing to a non-member or a dead session", async () => {
    const owner = await ownerWithSite("early-read.example");
    await storeScan("early-read.example", "llms_txt", Date.now());
    await owner.get("/app/monitors");
    const monitor = { domain: "early-read.example", webhook_url: "https://hooks.example.com/early-read" };
    expect((await owner.post("/app/monitors", monitor)).status).toBe(303);
    const ownReport = `/app/w/${owner.workspace}/scans/early-read.example`;
    const ownMonitors = `/app/w/${owner.workspace}/monitors`;
    expect((await owner.get(ownReport)).status).toBe(200);
    expect((await owner.get(ownMonitors)).html).toContain(`href="${owner.here("/app/scans/early-read.example")}"`);
    // Signed in elsewhere, at the owner's workspace address: the read ran for that
    // workspace, the membership check then refuses it.
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("early-stranger"));
    for (const path of [ownReport, ownMonitors]) {
      const page = await stranger.requestRaw(path);
      expect(page.status).toBe(404);
      expect(page.html).not.toContain("early-read.example");
    }
    // A session-shaped cookie of no live session: sent to sign in, nothing shown.
    const nobody = new FormClient();
    nobody.cookies.set("ar_session", newSecretToken());
    for (const path of [ownReport, ownMonitors]) {
      const page = await nobody.requestRaw(path);
      expect(page.status).toBe(303);
      expect(page.location).toMatch(/^\/app\/sign-in\?next=/);
      expect(page.html).not.toContain("early-read.example");
    }
  });

  it("Scan now needs the CSRF token, and a scanner that cannot answer keeps the last report on screen", async () => {
    const owner = await ownerWithSite("report-c.example");
    const stored = await storeScan("report-c.example", "llms_txt", Date.now());
    await owner.get("/app/scans/report-c.example");
    expect((await owner.post("/app/scans/report-c.example", { _csrf: "forged" })).status).toBe(403);
    await owner.get("/app/scans/report-c.example");
    const failed = await owner.post("/app/scans/report-c.example", {});
    // The test project's SCAN binding answers 503: no scan, the last report stays.
    expect(failed.status).toBe(502);
    expect(failed.html).toContain("The scan did not run");
    expect(failed.html).toContain("The report below is the last one.");
    expect(failed.html).toContain(`data-score="${stored.overallScore}"`);
  });
});
