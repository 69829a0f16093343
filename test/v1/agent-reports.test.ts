import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import type { AgentErrors, CrawlToReferral, RobotsCompliance } from "../../shared/reports/agent-report-schemas";
import { recordRobotsFetch } from "../../shared/robots/robots-history";
import { inShard } from "../helpers/shard";
import {
  DAY,
  freshKey,
  getJson,
  HOUR,
  insertSession,
  iso,
  seedSite,
  todayStart,
  windowQuery,
} from "./traffic-fixtures";

let seq = 0;
function req(at: number, path: string, agent: string | null, extra: Partial<AgentRequestRow> = {}): AgentRequestRow {
  seq += 1;
  return {
    id: `ar-test-${seq}`,
    occurred_at: at,
    method: "GET",
    path,
    status: 200,
    agent,
    platform: agent === "claudebot" ? "claude" : "chatgpt",
    purpose: "crawl",
    tier: "declared",
    document: 1,
    via: "drn_test",
    ...extra,
  };
}

const storeRequests = (siteId: string, rows: AgentRequestRow[]) =>
  inShard(env.ANALYTICS_SHARD, siteId, (db) => storeAgentRequests(db, rows));

const rules = (text: string) => ({ kind: "rules" as const, status: 200, body: text });

describe("robots.txt compliance", () => {
  it("judges each request by the robots.txt in force when it was made, not by today's", async () => {
    const key = await freshKey();
    const domain = "robots-change.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const t0 = todayStart() - 10 * DAY;
    const t1 = t0 + 3 * DAY;
    const db = database(env.DB);
    // v0 forbids /private to GPTBot; from t1 on, v1 forbids /cart instead.
    await recordRobotsFetch(
      db,
      domain,
      { status: 200, error: null },
      rules("User-agent: GPTBot\nDisallow: /private\n"),
      t0,
    );
    await recordRobotsFetch(
      db,
      domain,
      { status: 200, error: null },
      rules("User-agent: GPTBot\nDisallow: /private\n"),
      t0 + DAY,
    );
    await recordRobotsFetch(
      db,
      domain,
      { status: 200, error: null },
      rules("# new\nUser-agent: GPTBot\nDisallow: /cart\n"),
      t1,
    );

    await storeRequests(siteId, [
      req(t0 - DAY, "/private/early", "gptbot"), // before any known version: unjudged
      req(t0 + DAY, "/robots.txt", "gptbot"),
      req(t0 + DAY, "/private/a", "gptbot"), // v0 forbids: violation (line 2)
      req(t0 + DAY + HOUR, "/cart", "gptbot"), // v0 allows
      req(t1 + 2 * HOUR, "/cart", "gptbot"), // v1 forbids, but v0 (cacheable 24 h) allowed: not counted
      req(t1 + 2 * DAY, "/private/b", "gptbot"), // v1 allows
      req(t1 + 2 * DAY, "/cart?step=1", "gptbot"), // v1 forbids: violation (line 3)
      req(t1 + 2 * DAY + HOUR, "/cart?step=1", "gptbot"), // the same again
      req(t0 + DAY, "/private/a", "claudebot"), // no group names it and no `*` group: allowed
      req(t0 + DAY, "/private/a", null, { platform: "chatgpt" }), // only a signature named it: unjudged
    ]);

    const r = await getJson<RobotsCompliance>(
      key,
      `/traffic/robots-compliance${windowQuery(domain, t0 - 2 * DAY, t1 + 3 * DAY)}`,
    );
    // 10 agent requests, 1 of them the robots.txt fetch: 9 checked; not judged: the early
    // one (before the first known file) and the signature-only one (no product token).
    expect(r.totals).toEqual({
      agent_requests: 10,
      robots_fetches: 1,
      requests: 9,
      judged: 7,
      disallowed: 3,
      unjudged: 2,
      not_judged: 2,
      not_judged_reasons: { before_first_robots: 1, agent_unnamed: 1 },
    });
    expect(r.robots_history.versions.map((v) => [v.kind, v.first_seen_at, v.last_seen_at])).toEqual([
      ["rules", iso(t0), iso(t0 + DAY)],
      ["rules", iso(t1), iso(t1)],
    ]);
    expect(r.robots_history.known_from).toBe(iso(t0));
    const [gpt, claude] = r.agents;
    expect(gpt).toMatchObject({ agent: "gptbot", platform: "chatgpt", requests: 7, judged: 6, disallowed: 3 });
    expect(gpt.robots_fetches).toBe(1);
    expect(gpt.last_robots_fetch_at).toBe(iso(t0 + DAY));
    expect(gpt.violations.map((v) => [v.path, v.requests, v.directive, v.line])).toEqual([
      ["/cart?step=1", 2, "Disallow: /cart", 3],
      ["/private/a", 1, "Disallow: /private", 2],
    ]);
    // The verdict in the reason vocabulary the scan shares (issue 45), with the group that applied.
    for (const v of gpt.violations) expect(v).toMatchObject({ reason: "disallowed_by_rule", group: "gptbot" });
    expect(gpt.violations[0].robots_version_first_seen_at).toBe(iso(t1));
    expect(gpt.violations[0].first_at).toBe(iso(t1 + 2 * DAY));
    expect(gpt.violations[0].last_at).toBe(iso(t1 + 2 * DAY + HOUR));
    expect(claude).toMatchObject({ agent: "claudebot", requests: 1, judged: 1, disallowed: 0, robots_fetches: 0 });
    expect(r.never_fetch_robots).toEqual([{ agent: "claudebot", platform: "claude", requests: 1 }]);
    expect(r.data_status).toBe("ok");
  });

  it("keeps one row per run of the same file and adds none for a server error", async () => {
    const domain = "robots-runs.example";
    const db = database(env.DB);
    const t = todayStart() - 5 * DAY;
    const file = rules("User-agent: *\nDisallow: /x\n");
    expect(await recordRobotsFetch(db, domain, { status: 200, error: null }, file, t)).toBe("new_version");
    expect(await recordRobotsFetch(db, domain, { status: 200, error: null }, file, t + DAY)).toBe("same_version");
    expect(await recordRobotsFetch(db, domain, { status: 503, error: "HTTP 503" }, null, t + 2 * DAY)).toBe(
      "no_version",
    );
    expect(
      await recordRobotsFetch(
        db,
        domain,
        { status: 404, error: null },
        { kind: "none", status: 404, body: "" },
        t + 3 * DAY,
      ),
    ).toBe("new_version");
    const { results } = await env.DB.prepare(
      "SELECT kind, first_seen_at, last_seen_at, seen_count FROM robots_versions WHERE domain = ? ORDER BY first_seen_at",
    )
      .bind(domain)
      .all();
    expect(results).toEqual([
      { kind: "rules", first_seen_at: t, last_seen_at: t + DAY, seen_count: 2 },
      { kind: "none", first_seen_at: t + 3 * DAY, last_seen_at: t + 3 * DAY, seen_count: 1 },
    ]);
    const check = await env.DB.prepare("SELECT checked_at, status FROM robots_checks WHERE domain = ?")
      .bind(domain)
      .first();
    expect(check).toEqual({ checked_at: t + 3 * DAY, status: 404 });
  });
});

describe("crawl-to-referral", () => {
  it("sets each operator's crawl and search requests against the human visits its assistant sent", async () => {
    const key = await freshKey();
    const domain = "ratio.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const a = todayStart() - 3 * DAY;
    const b = a + DAY;
    await storeRequests(siteId, [
      req(a + HOUR, "/p/1", "gptbot"),
      req(a + 2 * HOUR, "/p/2", "gptbot"),
      req(a + 3 * HOUR, "/p/3", "gptbot"),
      req(b + HOUR, "/p/1", "oai-searchbot", { purpose: "search" }),
      req(b + HOUR, "/p/1", "chatgpt-user", { purpose: "user_action" }), // a person's fetch: neither crawl nor search
      req(a + HOUR, "/p/1", "claudebot", { platform: "claude" }),
      req(a + 5 * HOUR, "/p/4", "claudebot", { platform: "claude" }),
    ]);
    const human = (at: number, sub: string) =>
      insertSession(key.workspaceId, siteId, { startedAt: at, source: "ai_assistant_link", subSource: sub });
    await human(a + 4 * HOUR, "chatgpt");
    await human(b + 4 * HOUR, "chatgpt");
    await human(b + 5 * HOUR, "perplexity");
    // An agent's own session arriving from a link is no human visit.
    await insertSession(key.workspaceId, siteId, {
      startedAt: b + 6 * HOUR,
      platform: "chatgpt",
      source: "ai_assistant_link",
      subSource: "chatgpt",
    });

    const r = await getJson<CrawlToReferral>(
      key,
      `/traffic/crawl-to-referral${windowQuery(domain, a, b + DAY)}&interval=day`,
    );
    expect(r.interval).toBe("day");
    expect(r.buckets).toEqual([iso(a), iso(b)]);
    expect(r.operators.map((o) => [o.operator, o.crawl_requests, o.search_requests, o.referrals, o.ratio])).toEqual([
      ["chatgpt", 3, 1, 2, 2], // (3 + 1) / 2
      ["claude", 2, 0, 0, null],
      ["perplexity", 0, 0, 1, 0],
    ]);
    expect(r.operators[0].series).toEqual({ crawl_requests: [3, 0], search_requests: [0, 1], referrals: [1, 1] });
  });
});

describe("AI agents' errors", () => {
  it("groups 4xx/5xx paths without their query and flags missing pages as redirect candidates", async () => {
    const key = await freshKey();
    const domain = "errors.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const t = todayStart() - 2 * DAY;
    await storeRequests(siteId, [
      req(t + HOUR, "/old-shoe?utm_source=x", "gptbot", { status: 404 }),
      req(t + 2 * HOUR, "/old-shoe", "claudebot", { platform: "claude", status: 404 }),
      req(t + 3 * HOUR, "/old-shoe", "claudebot", { platform: "claude", status: 410 }),
      req(t + HOUR, "/img/x.png", "gptbot", { status: 404, document: 0 }),
      req(t + HOUR, "/api/cart", "gptbot", { status: 500, document: 0 }),
      req(t + HOUR, "/fine", "gptbot"),
    ]);
    const r = await getJson<AgentErrors>(key, `/traffic/agent-errors${windowQuery(domain, t, t + DAY)}`);
    expect(r.totals).toEqual({ agent_requests: 6, requests: 6, errors: 5, not_found: 4, server_errors: 1 });
    expect(r.paths.map((p) => [p.path, p.requests, p.statuses, p.redirect_candidate])).toEqual([
      ["/old-shoe", 3, { "404": 2, "410": 1 }, true],
      ["/api/cart", 1, { "500": 1 }, false],
      ["/img/x.png", 1, { "404": 1 }, false],
    ]);
    expect(r.paths[0].agents).toEqual([
      { agent: "claudebot", platform: "claude", requests: 2 },
      { agent: "gptbot", platform: "chatgpt", requests: 1 },
    ]);
    expect(r.paths[0].first_at).toBe(iso(t + HOUR));
    expect(r.paths[0].last_at).toBe(iso(t + 3 * HOUR));
  });
});

describe("coverage on every report", () => {
  it("says snippet only, drains, both or none from the site's snippet, drains and server-side events", async () => {
    const key = await freshKey();
    const domain = "coverage.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const path = `/traffic/agent-errors?domain=${domain}&period=7d`;
    const kind = async () => (await getJson<AgentErrors>(key, path)).coverage;

    const none = await kind();
    expect(none).toMatchObject({ kind: "none", snippet: false, server_side: false, drains: [] });
    expect((await getJson<AgentErrors>(key, path)).data_status).toBe("no_requests_yet");

    const installed = Date.now() - DAY;
    await env.DB.prepare("UPDATE sites SET snippet_installed_at = ? WHERE id = ?").bind(installed, siteId).run();
    expect(await kind()).toMatchObject({ kind: "snippet_only", snippet: true, snippet_installed_at: iso(installed) });

    // A drain that never stored a batch is no coverage yet; one that did is.
    await env.DB.prepare(
      "INSERT INTO drains (id, workspace_id, site_id, format, secret_hash, created_at) VALUES ('drn_cov', ?, ?, 'ndjson', 'x', ?)",
    )
      .bind(key.workspaceId, siteId, installed)
      .run();
    expect(await kind()).toMatchObject({ kind: "snippet_only", drains: [{ id: "drn_cov", last_accept_at: null }] });
    await env.DB.prepare("UPDATE drains SET last_accept_at = ? WHERE id = 'drn_cov'").bind(installed).run();
    expect(await kind()).toMatchObject({ kind: "both", server_side: true });

    await env.DB.prepare("UPDATE sites SET snippet_installed_at = NULL WHERE id = ?").bind(siteId).run();
    expect(await kind()).toMatchObject({ kind: "drains" });

    // Revoked, the drain no longer counts; an agent's record from POST /api/v1/events does.
    await env.DB.prepare("UPDATE drains SET revoked_at = ? WHERE id = 'drn_cov'").bind(installed).run();
    expect(await kind()).toMatchObject({ kind: "none", drains: [] });
    await storeRequests(siteId, [req(installed, "/p", "gptbot", { via: "events" })]);
    expect(await kind()).toMatchObject({ kind: "drains", server_events_last_at: iso(installed) });
  });
});
