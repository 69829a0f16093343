import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordConversions } from "../../shared/conversions/record-conversions";
import { database } from "../../shared/db/client";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { SESSION_CSV } from "../../shared/reports/report-csv";
import { DAY, HOUR, insertSession, MINUTE, todayStart } from "../v1/traffic-fixtures";
import { seedGptbotRequests } from "./agent-request-seed";
import { FormClient, uniqueEmail } from "./form-client";

// "Download CSV" on every table of the app (docs/app.md "CSV downloads"): each download
// is linked from its page with the page's query string, reads back to the rows seeded
// here (expected values written by hand), keeps the page's filters, and is 404 for
// another workspace's site or monitor.

const DOMAIN = "csv-all.example";

/** The download as rows of cells, the formula guard removed; the header row first. */
async function download(client: FormClient, path: string): Promise<string[][]> {
  const res = await client.get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type"), path).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition"), path).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"$/);
  return parseCsv(res.html).map((r) => r.map(readCsvCell));
}

/** The `<a>` of a table's download on a page, by its `data-csv` name. */
function linkOf(html: string, table: string): string {
  const href = new RegExp(`href="([^"]+)" download="" data-csv="${table}"`).exec(html)?.[1];
  if (!href) throw new Error(`no CSV link for ${table}`);
  return href.replace(/&amp;/g, "&");
}

async function ownerWithSite() {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("csv-all"));
  await owner.get("/app/sites");
  expect((await owner.post("/app/sites", { domain: DOMAIN, name: "Shop" })).status).toBe(303);
  const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
    .bind(DOMAIN)
    .first<{ id: string; workspace_id: string }>();
  if (!site) throw new Error("site not stored");
  return { owner, siteId: site.id, workspaceId: site.workspace_id };
}

describe("CSV downloads of every table", () => {
  it("each table downloads as the page shows it, with the page's filters, and strangers get 404", async () => {
    const { owner, siteId, workspaceId } = await ownerWithSite();
    const ws = `/app/w/${workspaceId}`;

    // 53 ChatGPT sessions and 2 Claude sessions two days ago, one of them left in the cart:
    // more than one page of the list (50 a page), so the download must walk the pages.
    const day = todayStart() - 2 * DAY;
    const chatgpt: string[] = [];
    for (let i = 0; i < 53; i++)
      chatgpt.push(
        await insertSession(workspaceId, siteId, { startedAt: day + HOUR + i * MINUTE, platform: "chatgpt" }),
      );
    const claude = [
      await insertSession(workspaceId, siteId, { startedAt: day + 3 * HOUR, platform: "claude", entryUrl: "=cmd" }),
      await insertSession(workspaceId, siteId, {
        startedAt: day + 4 * HOUR,
        platform: "claude",
        outcome: "abandoned",
      }),
    ];
    const date = new Date(day).toISOString().slice(0, 10);
    const window = `?from=${date}&to=${date}`;

    const sessionsPage = await owner.get(`/app/sites/${DOMAIN}/sessions${window}`);
    expect(sessionsPage.html).toMatch(/data-metric="total_matching">55</);
    const sessionsHref = linkOf(sessionsPage.html, "sessions");
    expect(sessionsHref).toBe(`${ws}/sites/${DOMAIN}/sessions/csv/sessions${window}`);
    const [header, ...sessions] = await download(owner, sessionsHref);
    expect(header).toEqual(SESSION_CSV.map((c) => c.name));
    const id = header.indexOf("session_id");
    // All 55, newest first: the two Claude sessions (4 h, 3 h), then ChatGPT's from the last.
    expect(sessions.map((r) => r[id])).toEqual([claude[1], claude[0], ...[...chatgpt].reverse()]);
    expect(sessions[1][header.indexOf("entry_url")]).toBe("=cmd");
    expect(sessions[0][header.indexOf("outcome")]).toBe("abandoned");

    // The page's filter carries over to its link and to the rows.
    const filtered = await owner.get(`/app/sites/${DOMAIN}/sessions${window}&agent_platform=claude`);
    const [, ...claudeRows] = await download(owner, linkOf(filtered.html, "sessions"));
    expect(claudeRows.map((r) => r[id])).toEqual([claude[1], claude[0]]);
    const [failingHeader, ...failing] = await download(owner, linkOf(sessionsPage.html, "failing"));
    expect(failing.map((r) => [r[failingHeader.indexOf("session_id")], r[failingHeader.indexOf("reason")]])).toEqual([
      [claude[1], "abandoned"],
    ]);

    // Conversions: 10.00 + 25.00 EUR and 7.00 USD, none attributed.
    const recorded = await recordConversions(
      database(env.DB),
      workspaceId,
      [
        {
          external_id: "o-1",
          occurred_at: new Date(Date.now() - HOUR).toISOString(),
          value_minor: 1000,
          currency: "EUR",
        },
        {
          external_id: "o-2",
          occurred_at: new Date(Date.now() - HOUR).toISOString(),
          value_minor: 2500,
          currency: "EUR",
        },
        {
          external_id: "o-3",
          occurred_at: new Date(Date.now() - HOUR).toISOString(),
          value_minor: 700,
          currency: "USD",
        },
      ],
      Date.now(),
    );
    expect(recorded.accepted).toBe(3);
    const conversionsPage = await owner.get("/app/conversions?period=7d");
    const byCurrency = await download(owner, linkOf(conversionsPage.html, "by_currency"));
    expect(linkOf(conversionsPage.html, "by_currency")).toBe(`${ws}/conversions/csv/by_currency?period=7d`);
    expect(byCurrency).toEqual([
      ["currency", "conversions", "value_minor"],
      ["EUR", "2", "3500"],
      ["USD", "1", "700"],
    ]);
    expect(await download(owner, linkOf(conversionsPage.html, "by_platform"))).toEqual([
      ["platform", "currency", "conversions", "value_minor"],
      ["unattributed", "EUR", "2", "3500"],
      ["unattributed", "USD", "1", "700"],
    ]);
    const byBasis = await download(owner, linkOf(conversionsPage.html, "by_basis"));
    expect(byBasis[0]).toEqual(["basis", "conversions"]);
    expect(byBasis.slice(1).sort()).toEqual([
      ["declared_click_id", "0"],
      ["declared_utm", "0"],
      ["none", "3"],
    ]);
    expect(await download(owner, linkOf(conversionsPage.html, "by_source"))).toEqual([
      ["source", "sub_source", "basis", "currency", "conversions", "value_minor"],
      ["unattributed", "", "none", "EUR", "2", "3500"],
      ["unattributed", "", "none", "USD", "1", "700"],
    ]);
    const [listHeader, ...list] = await download(owner, linkOf(conversionsPage.html, "list"));
    expect(list.map((r) => [r[listHeader.indexOf("external_id")], r[listHeader.indexOf("value_minor")]])).toEqual([
      ["o-3", "700"],
      ["o-2", "2500"],
      ["o-1", "1000"],
    ]);

    // A monitor of the site's domain with one failed delivery (two attempts).
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO monitors (id, workspace_id, domain, webhook_url, secret_sealed, created_at) VALUES ('mon_csv', ?, ?, 'https://hooks.example.com/x', 'x', ?)",
    )
      .bind(workspaceId, DOMAIN, now - DAY)
      .run();
    await env.DB.prepare(
      "INSERT INTO webhook_deliveries (id, monitor_id, event, payload, status, attempt_count, created_at, next_attempt_at, settled_at) VALUES ('del_csv', 'mon_csv', 'score.changed', '{}', 'failed', 2, ?, NULL, ?)",
    )
      .bind(now - HOUR, now - HOUR + MINUTE)
      .run();
    for (const [attempt, status] of [
      [1, 500],
      [2, null],
    ] as const)
      await env.DB.prepare(
        "INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, error) VALUES ('del_csv', ?, ?, ?, 10, ?)",
      )
        .bind(attempt, now - HOUR + attempt, status, status === null ? "timeout" : null)
        .run();
    const monitorsPage = await owner.get("/app/monitors");
    const [monitorHeader, ...monitors] = await download(owner, linkOf(monitorsPage.html, "monitors"));
    expect(monitorHeader.slice(0, 3)).toEqual(["monitor_id", "domain", "baseline_score"]);
    expect(monitors.map((r) => r.slice(0, 3))).toEqual([["mon_csv", DOMAIN, ""]]);
    const deliveriesPage = await owner.get("/app/monitors/mon_csv");
    const deliveries = await download(owner, linkOf(deliveriesPage.html, "deliveries"));
    expect(deliveries.map((r) => [r[0], r[2], r[6], r[7]])).toEqual([
      ["delivery_id", "status", "attempts", "responses"],
      ["del_csv", "failed", "2", "HTTP 500; timeout"],
    ]);

    // Scan reports: the domain is a site and a monitor, not scanned yet.
    const scansPage = await owner.get("/app/scans");
    expect(await download(owner, linkOf(scansPage.html, "domains"))).toEqual([
      ["domain", "site", "monitor", "overall_score", "scan_id", "last_seen_at"],
      [DOMAIN, "true", "true", "", "", ""],
    ]);

    // The overview's Sites card over the default 7 days: the 55 sessions of two days ago,
    // none the 7 days before, 55 in all (no human session).
    const overview = await owner.get(ws);
    expect(linkOf(overview.html, "sites")).toBe(`${ws}/csv/sites`);
    const sites = await download(owner, linkOf(overview.html, "sites"));
    expect(sites).toEqual([
      ["domain", "name", "agent_sessions", "previous_agent_sessions", "all_sessions"],
      [DOMAIN, "Shop", "55", "0", "55"],
    ]);

    // Agent reports over three logged GPTBot requests, one disallowed, one a 404.
    const t0 = now - 3 * DAY;
    await seedGptbotRequests({ id: siteId, domain: DOMAIN }, t0, "r");
    const robotsPage = await owner.get(`/app/sites/${DOMAIN}/robots?period=7d`);
    expect(linkOf(robotsPage.html, "agents")).toBe(`${ws}/sites/${DOMAIN}/robots/csv/agents?period=7d`);
    const agents = await download(owner, linkOf(robotsPage.html, "agents"));
    expect(agents.map((r) => r.slice(0, 5))).toEqual([
      ["agent", "platform", "requests", "judged", "disallowed"],
      ["gptbot", "chatgpt", "3", "3", "1"],
    ]);
    const violations = await download(owner, linkOf(robotsPage.html, "violations"));
    expect(violations.map((r) => r.slice(0, 5))).toEqual([
      ["agent", "path", "disallowed", "directive", "line"],
      ["gptbot", "/private/x", "1", "Disallow: /private", "2"],
    ]);
    const errorsPage = await owner.get(`/app/sites/${DOMAIN}/agent-errors?period=7d`);
    const errors = await download(owner, linkOf(errorsPage.html, "paths"));
    expect(errors.map((r) => [r[0], r[1], r[2], r[3], r[6]])).toEqual([
      ["path", "error_requests", "statuses", "agents", "redirect_candidate"],
      ["/gone", "1", "404:1", "gptbot:1", "true"],
    ]);
    const ratioPage = await owner.get(`/app/sites/${DOMAIN}/crawl-to-referral?period=7d`);
    expect(await download(owner, linkOf(ratioPage.html, "operators"))).toEqual([
      ["operator", "crawl_requests", "search_requests", "referrals", "ratio"],
      ["chatgpt", "3", "0", "0", ""],
    ]);

    expect((await owner.get(`/app/sites/${DOMAIN}/sessions/csv/nope${window}`)).status).toBe(404);
    expect((await owner.get(`/app/sites/${DOMAIN}/sessions/csv/sessions?from=2999-01-01`)).status).toBe(400);

    // Another workspace: every site download and the monitor's deliveries are not found;
    // its own workspace lists carry none of the owner's rows.
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("csv-stranger"));
    for (const path of [
      "sessions/csv/sessions",
      "sessions/csv/failing",
      "traffic/csv/sources",
      "robots/csv/agents",
      "robots/csv/violations",
      "agent-errors/csv/paths",
      "crawl-to-referral/csv/operators",
    ])
      expect((await stranger.get(`/app/sites/${DOMAIN}/${path}`)).status, path).toBe(404);
    expect((await stranger.get("/app/monitors/mon_csv/csv/deliveries")).status).toBe(404);
    expect(await download(stranger, "/app/monitors/csv/monitors")).toHaveLength(1);
    expect(await download(stranger, "/app/conversions/csv/list")).toHaveLength(1);
    expect(await download(stranger, "/app/scans/csv/domains")).toHaveLength(1);

    // Signed out: sign in first, for the workspace downloads too.
    const visitor = new FormClient();
    for (const path of [
      `${ws}/csv/sites`,
      `${ws}/conversions/csv/list`,
      `${ws}/monitors/csv/monitors`,
      `${ws}/scans/csv/domains`,
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(303);
      expect(res.location, path).toContain("/app/sign-in");
    }
  });
});
