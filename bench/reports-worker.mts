// A .mts file so the Node type-check program (tsconfig.node.json, bench/**/*.ts) leaves
// it alone: it is Worker code, bundled by bench/reports.ts with esbuild.
// The Worker `npm run bench:reports` runs in Miniflare: it seeds a local D1 the way
// ingest and the session-end rollup would fill it, and runs each report through the
// same functions the v1 routes call. Timing happens outside, in Node.

import { valueOrThrow } from "@shared/errors/api-error";
import { failingSessions } from "@shared/reports/failing-sessions";
import { purposeSplit } from "@shared/reports/purpose-split";
import type { ReportParams } from "@shared/reports/report-context";
import { findReportSite } from "@shared/reports/report-site";
import { type ReportPeriod, resolveWindow } from "@shared/reports/report-window";
import { sessionJourney } from "@shared/reports/session-journey";
import { trafficOverview } from "@shared/reports/traffic-overview";
import { trafficSources } from "@shared/reports/traffic-sources";
import { verificationBreakdown } from "@shared/reports/verification";
import { rebuildDay } from "@shared/sessions/settle";
import { AnalyticsShard } from "@shared/shards/analytics-shard";
import { shardDb } from "@shared/shards/shard-db";

interface Env {
  DB: D1Database;
  SHARD: DurableObjectNamespace<BenchShard>;
}

/**
 * The production AnalyticsShard plus what the bench needs to fill it the way the
 * consumer and the rollup would (same seed SQL as the single D1).
 */
export class BenchShard extends AnalyticsShard {
  private get sql(): D1Database {
    return shardDb(this.ctx.storage);
  }
  async exec(statements: string[]): Promise<void> {
    for (const sql of statements) await this.sql.prepare(sql).run();
  }
  async seed(args: number[], site: string): Promise<number> {
    const [from, to, start, step, now] = args;
    const r = await this.sql.prepare(seedSql()).bind(from, to, start, step, site, now).run();
    return r.meta.changes;
  }
  async rollup(): Promise<number> {
    return rollupAll(this.sql);
  }
  async count(sql: string): Promise<unknown> {
    return this.sql.prepare(sql).first();
  }
}

async function rollupAll(db: D1Database): Promise<number> {
  const { results } = await db.prepare("SELECT DISTINCT site_id, day FROM sessions WHERE dirty = 1").all<{
    site_id: string;
    day: string;
  }>();
  for (const r of results) await rebuildDay(db, r.site_id, r.day);
  return results.length;
}

const BENCH_WORKSPACE = "ws_bench";

const PLATFORMS = ["chatgpt", "claude", "perplexity", "gemini", "copilot", "meta_ai", "common_crawl", "other_ai"];
const HUMAN_SOURCES = ["direct", "search", "referral", "tagged", "paid", "ai_assistant_link"];

/**
 * Rows [from, to) of a deterministic 90-day session set, generated inside SQLite (one
 * statement per chunk). Mix: 40% AI-agent sessions over 8 platforms, 4 purposes, 3
 * tiers; humans over 6 sources with 50 referrer hosts; 500 entry pages; durations
 * 0-10 min; 10% completed, 20% abandoned; sessions of the last 30 minutes unsettled.
 */
function seedSql(): string {
  const list = (xs: string[], expr: string) =>
    `CASE ${expr} ${xs.map((x, i) => `WHEN ${i} THEN '${x}'`).join(" ")} END`;
  return `WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?2),
  s AS (
    SELECT i, ?3 + i * ?4 AS t, (i * 13) % 10 < 4 AS agent, (i * 7919) % 600000 AS dur,
      1 + (i * 29) % 5 AS pages, (i * 3) % 3 AS inter, (i * 23) % 10 AS oc, (i * 37) % 6 AS hs
    FROM n)
  INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms,
    page_count, event_count, interaction_count, entry_url, exit_url, agent_platform, purpose, tier, agent_confidence,
    detection_signals, source, sub_source, referrer_host, browser, os, device_type, reached_cart, reached_purchase,
    outcome, bounced, settled_at, dirty)
  SELECT ?5 || printf('-sess-%d', i), '${BENCH_WORKSPACE}', ?5, 'v' || (i % 200000), strftime('%Y-%m-%d', t / 1000, 'unixepoch'), t,
    t + dur, dur, pages, pages + inter, inter, '/p/' || ((i * 31) % 500), '/p/' || ((i * 17) % 500),
    CASE WHEN agent THEN ${list(PLATFORMS, "(i * 7) % 8")} END,
    CASE WHEN agent THEN ${list(["user_action", "search", "crawl", "unknown"], "(i * 11) % 4")} END,
    CASE WHEN agent THEN ${list(["verified", "declared", "heuristic"], "(i * 17) % 3")} END,
    CASE WHEN agent THEN 0.9 END, '[]',
    CASE WHEN agent THEN 'ai_assistant_session' ELSE ${list(HUMAN_SOURCES, "hs")} END,
    CASE WHEN NOT agent AND hs = 2 THEN 'ref' || (i % 50) || '.example' WHEN NOT agent AND hs = 1 THEN 'google' END,
    CASE WHEN NOT agent AND hs = 2 THEN 'ref' || (i % 50) || '.example' WHEN NOT agent AND hs = 1 THEN 'google.com' END,
    'Chrome', 'Linux', 'desktop', oc < 3, oc = 0,
    CASE WHEN t + dur > ?6 - 1800000 THEN NULL WHEN oc = 0 THEN 'completed' WHEN oc < 3 THEN 'abandoned' ELSE 'not_attempted' END,
    CASE WHEN t + dur > ?6 - 1800000 THEN NULL ELSE pages = 1 AND inter = 0 END,
    CASE WHEN t + dur > ?6 - 1800000 THEN NULL ELSE t + dur + 1800000 END,
    1
  FROM s`;
}

function shard(env: Env, siteId: string) {
  return env.SHARD.get(env.SHARD.idFromName(siteId));
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const q = (name: string) => url.searchParams.get(name) ?? "";
    const num = (name: string) => Number(q(name));
    switch (url.pathname) {
      case "/exec": {
        const statements = (await request.json()) as string[];
        for (const sql of statements) await env.DB.prepare(sql).run();
        return Response.json({ ok: true });
      }
      case "/shard-exec": {
        const statements = (await request.json()) as string[];
        await shard(env, q("site")).exec(statements);
        return Response.json({ ok: true });
      }
      case "/shard-seed": {
        const rows = await shard(env, q("site")).seed(
          [num("from"), num("to"), num("start"), num("step"), num("now")],
          q("site"),
        );
        return Response.json({ rows });
      }
      case "/shard-rollup": {
        return Response.json({ days: await shard(env, q("site")).rollup() });
      }
      case "/shard-count": {
        return Response.json({ first: await shard(env, q("site")).count(q("sql")) });
      }
      case "/seed": {
        const r = await env.DB.prepare(seedSql())
          .bind(num("from"), num("to"), num("start"), num("step"), q("site"), num("now"))
          .run();
        return Response.json({ rows: r.meta.changes });
      }
      case "/rollup": {
        // The session-end rollup's aggregate rebuild, for every (site, day) it would visit.
        return Response.json({ days: await rollupAll(env.DB) });
      }
      case "/meta": {
        const row = await env.DB.prepare("SELECT now, sessions FROM bench_meta")
          .first<{ now: number; sessions: number }>()
          .catch(() => null);
        return Response.json(row ?? { now: null, sessions: null });
      }
      case "/time": {
        // One statement's result and duration as the Worker sees it (profiling, consistency checks).
        const started = Date.now();
        const r = await env.DB.prepare(q("sql")).all();
        return Response.json({
          ms: Date.now() - started,
          rows: r.results.length,
          sqlite_ms: r.meta.duration,
          first: r.results[0] ?? null,
        });
      }
      case "/baseline": {
        const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>();
        return Response.json(row);
      }
      case "/report": {
        // Like the v1 routes: the site from the control plane (D1), then the report on
        // the single D1 (store=d1, the old design) or as one call to the site's shard.
        const nowMs = num("now");
        const site = valueOrThrow(await findReportSite(env.DB, BENCH_WORKSPACE, q("domain")));
        const params: ReportParams = {
          site,
          window: resolveWindow({ period: q("period") as ReportPeriod }, nowMs),
          nowMs,
        };
        const name = q("name");
        const journeySite = { id: site.id, domain: site.domain, workspaceId: BENCH_WORKSPACE };
        if (q("store") === "shard") {
          const stub = shard(env, site.id);
          const body =
            name === "overview"
              ? await stub.overview(params)
              : name === "purpose-split"
                ? await stub.purposeSplit(params)
                : name === "sources"
                  ? await stub.sources(params)
                  : name === "verification"
                    ? await stub.verification(params)
                    : name === "failing-sessions"
                      ? await stub.failingSessions({ ...params, limit: 20 })
                      : name === "journey"
                        ? valueOrThrow(await stub.journey(journeySite, q("session")))
                        : null;
          return body ? Response.json(body) : new Response("unknown report", { status: 404 });
        }
        const body =
          name === "overview"
            ? await trafficOverview(env.DB, params)
            : name === "purpose-split"
              ? await purposeSplit(env.DB, params)
              : name === "sources"
                ? await trafficSources(env.DB, params)
                : name === "verification"
                  ? await verificationBreakdown(env.DB, params)
                  : name === "failing-sessions"
                    ? await failingSessions(env.DB, { ...params, limit: 20 })
                    : name === "journey"
                      ? valueOrThrow(await sessionJourney(env.DB, journeySite, q("session")))
                      : null;
        return body ? Response.json(body) : new Response("unknown report", { status: 404 });
      }
      case "/explain": {
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q("sql")}`).all();
        return Response.json(results);
      }
      default:
        return new Response("not found", { status: 404 });
    }
  },
};
