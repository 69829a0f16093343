// A .mts file so the Node type-check program (tsconfig.node.json, bench/**/*.ts) leaves
// it alone: it is Worker code, bundled by bench/reports.ts with esbuild.
// The Worker `npm run bench:reports` runs in Miniflare: it seeds a local D1 the way
// ingest and the session-end rollup would fill it, and runs each report through the
// same functions the v1 routes call. Timing happens outside, in Node.

import { valueOrThrow } from "@shared/errors/api-error";
import { agentSessions } from "@shared/reports/agent-sessions";
import { failingSessions } from "@shared/reports/failing-sessions";
import { withComparison } from "@shared/reports/previous-period";
import { purposeSplit } from "@shared/reports/purpose-split";
import type { ReportParams } from "@shared/reports/report-params";
import { reportWindow } from "@shared/reports/report-window";
import { sessionJourney } from "@shared/reports/session-journey";
import { trafficOverview } from "@shared/reports/traffic-overview";
import { trafficSources } from "@shared/reports/traffic-sources";
import { verificationBreakdown } from "@shared/reports/verification";
import type { RobotsVersion } from "@shared/robots/robots-history";
import { rebuildDay } from "@shared/sessions/settle";
import { AnalyticsShard } from "@shared/shards/analytics-shard";
import { dayToArchive } from "@shared/shards/event-archive";
import { shardDb } from "@shared/shards/shard-db";
import { siteByDomain } from "@shared/sites/site-by-domain";
import type { ReportPeriod } from "@shared/vocabulary/report-periods";
import shardMigrations from "../migrations-shard/migrations.js";

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
  /**
   * The counts kept from agent_requests (agent_request_hours, agent_path_days) made again
   * by the shard migrations' own backfills (a bulk seed bypasses storeAgentRequests,
   * which keeps them), and migration 0014's rebuild of the requests' two indexes run
   * again: what the migration costs a shard that already holds the seeded rows. Returns
   * the hours and the (day, agent, path) rows counted, and each step's milliseconds.
   */
  async countAgentRequests(): Promise<{ hours: number; pathDays: number; ms: Record<string, number> }> {
    const statements = (migration: keyof typeof shardMigrations.migrations) =>
      (shardMigrations.migrations[migration] ?? "")
        .split("--> statement-breakpoint")
        .map((x) => x.replace(/^--.*$/gm, "").trim());
    const ms: Record<string, number> = {};
    const timed = async (name: string, sql: string[]) => {
      const t0 = performance.now();
      for (const statement of sql) await this.sql.prepare(statement).run();
      ms[name] = Math.round(performance.now() - t0);
    };
    await timed(
      "m0014_indexes",
      statements("m0014").filter((x) => /^(DROP|CREATE) INDEX `agent_requests_/.test(x)),
    );
    for (const [migration, table] of [
      ["m0013", "agent_request_hours"],
      ["m0014", "agent_path_days"],
    ] as const) {
      const backfill = statements(migration).find((x) => x.startsWith(`INSERT INTO \`${table}\``));
      if (!backfill) throw new Error(`migration ${migration} has no backfill of ${table}`);
      await this.sql.prepare(`DELETE FROM ${table}`).run();
      await timed(`${migration}_backfill`, [backfill]);
    }
    const row = await this.sql
      .prepare(
        "SELECT (SELECT count(DISTINCT hour) FROM agent_request_hours) AS hours, (SELECT count(*) FROM agent_path_days) AS pathDays",
      )
      .first<{ hours: number; pathDays: number }>();
    return { ...(row ?? { hours: 0, pathDays: 0 }), ms };
  }
  /** The archive's search for the oldest day still holding raw events, from `fromMs` (event-archive.ts). */
  async archiveSearch(siteId: string, nowMs: number, fromMs: number): Promise<string | null> {
    return dayToArchive(this.sql, siteId, nowMs, fromMs);
  }
  async dropSessionIndexes(): Promise<string[]> {
    return dropSessionIndexes(this.sql);
  }
  async count(sql: string): Promise<unknown> {
    return this.sql.prepare(sql).first();
  }
  /** The baseline: a plain count(*) of the window's sessions, through the report's own path. */
  async countWindow(siteId: string, start: number, end: number): Promise<number> {
    return countWindow(this.sql, siteId, start, end);
  }
  /** One report on a timing wrapper of the shard's handle: each statement's ms (profiling). */
  async profile(name: string, params: ReportParams, session: string): Promise<Timing[]> {
    const log: Timing[] = [];
    await runReport(timed(this.sql, log, true), name, params, session);
    return log;
  }
  /** The statements one report runs, with their bound values, in order. */
  private async statementsOf(name: string, params: ReportParams, session: string) {
    const log: Timing[] = [];
    await runReport(timed(this.sql, log, true), name, params, session);
    return log.flatMap((t) => t.statements);
  }
  /** One statement on the storage's SQL API, its rows turned into objects. */
  private execute(s: { sql: string; args: unknown[] }): number {
    return this.ctx.storage.sql.exec(s.sql, ...(s.args as SqlStorageValue[])).toArray().length;
  }
  /**
   * Each statement of one report run `n` times alone on the storage's SQL API: µs per
   * run (the Workers clock ticks in whole ms, so a loop measures below that), with rows.
   */
  async loopStatements(name: string, params: ReportParams, session: string, n: number) {
    return (await this.statementsOf(name, params, session)).map((s) => {
      let rows = 0;
      const started = Date.now();
      for (let i = 0; i < n; i++) rows = this.execute(s);
      return {
        us: Math.round(((Date.now() - started) * 1000) / n),
        rows,
        sql: s.sql.replace(/\s+/g, " ").slice(0, 140),
      };
    });
  }
  /**
   * One report run `n` times in this call, its result serialised as the RPC would: total
   * ms, the shard's own share of a request (no RPC, no HTTP). `count` is the baseline;
   * `sql:<report>` replays only the report's statements (SQLite and row conversion) and
   * `adapter:<report>` the same through the D1-shaped adapter (shared/shards/shard-db.ts),
   * so the difference to `<report>` is the report's own JavaScript.
   */
  async loop(name: string, params: ReportParams, session: string, n: number): Promise<number> {
    const [mode, report] = name.includes(":") ? name.split(":") : ["report", name];
    if (mode === "raw") {
      const statements = await this.statementsOf(report, params, session);
      const started = Date.now();
      for (let i = 0; i < n; i++)
        for (const s of statements) [...this.ctx.storage.sql.exec(s.sql, ...(s.args as SqlStorageValue[])).raw()];
      return Date.now() - started;
    }
    if (mode === "sql" || mode === "adapter") {
      const statements = await this.statementsOf(report, params, session);
      const started = Date.now();
      for (let i = 0; i < n; i++)
        for (const s of statements)
          if (mode === "sql") this.execute(s);
          else
            await this.sql
              .prepare(s.sql)
              .bind(...s.args)
              .all();
      return Date.now() - started;
    }
    const started = Date.now();
    for (let i = 0; i < n; i++) {
      const out =
        name === "count"
          ? await countWindow(this.sql, params.site.id, params.window.start, params.window.end)
          : await runReport(this.sql, name, params, session);
      JSON.stringify(out);
    }
    return Date.now() - started;
  }
  async explain(sql: string): Promise<unknown> {
    return this.ctx.storage.sql.exec(`EXPLAIN QUERY PLAN ${sql}`).toArray();
  }
}

interface Timing {
  ms: number;
  rows: number;
  sql: string;
  /** Each statement's full SQL and bound values (a batch lists them all), replayed by `loop`. */
  statements: Array<{ sql: string; args: unknown[] }>;
}

/**
 * A D1 handle that records each statement's (or batch's) wall time and SQL: the
 * per-statement profile of a report, on the shard or on the single D1 alike. In a shard
 * (`sync`) a statement runs inside the call, so its time ends when the call returns: a
 * later await would also count the statements that a Promise.all started meanwhile.
 * The Workers clock ticks in whole milliseconds.
 */
function timed(db: D1Database, log: Timing[], sync: boolean): D1Database {
  const elapsed = async <T,>(run: () => Promise<T>): Promise<{ out: T; ms: number }> => {
    const started = performance.now();
    const pending = run();
    const returned = performance.now();
    const out = await pending;
    return { out, ms: (sync ? returned : performance.now()) - started };
  };
  const short = (sql: string) => sql.replace(/\s+/g, " ").slice(0, 160);
  const wrap = (stmt: D1PreparedStatement, sql: string, bound: unknown[] = []): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "bind") return (...args: unknown[]) => wrap(value.apply(target, args), sql, args);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw")
          return async (...args: unknown[]) => {
            const { out, ms } = await elapsed(() => value.apply(target, args));
            const rows = Array.isArray(out) ? out.length : ((out as { results?: unknown[] })?.results?.length ?? 1);
            log.push({ ms, rows, sql: short(sql), statements: [{ sql, args: bound }] });
            return out;
          };
        if (prop === "__sql") return sql;
        if (prop === "__args") return bound;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrapped.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      // batchRaw only where the handle has it (a shard's): D1 reads through batch.
      if (prop === "batch" || (prop === "batchRaw" && "batchRaw" in target))
        return async (statements: D1PreparedStatement[]) => {
          const inner = statements.map((x) => unwrapped.get(x) ?? x);
          const { out, ms } = await elapsed(
            () =>
              (prop === "batch"
                ? target.batch(inner)
                : (target as unknown as { batchRaw: (s: D1PreparedStatement[]) => Promise<unknown[][][]> }).batchRaw(
                    inner,
                  )) as Promise<Array<{ results: unknown[] } | unknown[][]>>,
          );
          const parts = statements.map((x) => x as unknown as { __sql: string; __args: unknown[] });
          log.push({
            ms,
            rows: out.reduce((n, r) => n + (Array.isArray(r) ? r.length : r.results.length), 0),
            sql: `batch[${parts.map((x) => short(x.__sql)).join(" ; ")}]`,
            statements: parts.map((x) => ({ sql: x.__sql, args: x.__args })),
          });
          return out;
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
const unwrapped = new WeakMap<object, D1PreparedStatement>();

/**
 * The rollup's rebuild of every (site, day) waiting for one: the days of dirty sessions
 * and the days in stale_days, as settleSessions picks them (without its per-pass limit).
 */
async function rollupAll(db: D1Database): Promise<number> {
  const { results } = await db
    .prepare("SELECT DISTINCT site_id, day FROM sessions WHERE dirty = 1 UNION SELECT site_id, day FROM stale_days")
    .all<{ site_id: string; day: string }>();
  for (const r of results) await rebuildDay(db, r.site_id, r.day);
  return results.length;
}

/**
 * Drops the indexes of `sessions` and returns their SQL, so a bulk seed appends rows
 * and the indexes are then built once, sorted (minutes faster at 10,000,000 rows than
 * inserting into seven B-trees in random order). The bench runs the returned SQL back.
 */
async function dropSessionIndexes(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sessions' AND sql IS NOT NULL")
    .all<{ name: string; sql: string }>();
  for (const r of results) await db.prepare(`DROP INDEX "${r.name}"`).run();
  return results.map((r) => r.sql);
}

const BENCH_WORKSPACE = "ws_bench";

const PLATFORMS = ["chatgpt", "claude", "perplexity", "gemini", "copilot", "meta_ai", "common_crawl", "other_ai"];
const HUMAN_SOURCES = ["direct", "search", "referral", "tagged", "paid", "ai_assistant_link"];

/**
 * Rows [from, to) of a deterministic 90-day session set, generated inside SQLite (one
 * statement per chunk). Mix: 40% AI-agent sessions over 8 platforms, 4 purposes, 3
 * tiers; humans over 6 sources with 50 referrer hosts; 500 entry pages; durations
 * 0-10 min; 10% completed, 20% abandoned; sessions of the last 30 minutes unsettled.
 * Rows are stored clean (dirty = 0) and their days queued in stale_days instead: the
 * rollup rebuilds the same days from the same rows, without rewriting every row's
 * dirty flag and index entry (a minute of the full-scale seeding).
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
    0
  FROM s`;
}

/**
 * The robots.txt history the compliance bench judges by: a file from `from` that keeps
 * crawlers off a tenth of the bench's pages, then, 50 days and 5 hours later (inside a
 * day, as a real change is), one that also closes a fifth of them to GPTBot. So every
 * request is judged and some are violations, as on a real shop.
 */
function benchRobotsVersions(from: number): RobotsVersion[] {
  const v = (id: string, body: string, at: number): RobotsVersion => ({
    id,
    kind: "rules",
    body,
    firstSeenAt: at,
    lastSeenAt: at,
  });
  return [
    v("bench-1", "User-agent: *\nDisallow: /p/1\n", from),
    v(
      "bench-2",
      "User-agent: gptbot\nDisallow: /p/2\nDisallow: /p/1\n\nUser-agent: *\nDisallow: /p/1\n",
      from + 50 * 86_400_000 + 5 * 3_600_000,
    ),
  ];
}

/** The filtered session list the bench times: one platform's abandoned sessions (the Sessions page's filters). */
const SESSION_FILTERS = {
  filters: [
    ["platform", "chatgpt"],
    ["outcome", "abandoned"],
  ] as const,
};

/** One report through the function the v1 route calls, on `db` (the single D1 or a shard's handle). */
async function runReport(db: D1Database, name: string, params: ReportParams, session: string): Promise<unknown> {
  const { site } = params;
  const journeySite = { id: site.id, domain: site.domain, workspaceId: BENCH_WORKSPACE };
  return name === "overview"
    ? await withComparison(trafficOverview, db, params)
    : name === "purpose-split"
      ? await withComparison(purposeSplit, db, params)
      : name === "sources"
        ? await withComparison(trafficSources, db, params)
        : name === "verification"
          ? await withComparison(verificationBreakdown, db, params)
          : name === "failing-sessions"
            ? await failingSessions(db, { ...params, limit: 20 })
            : name === "sessions"
              ? await agentSessions(db, { ...params, limit: 20 })
              : name === "sessions-filtered"
                ? await agentSessions(db, { ...params, ...SESSION_FILTERS, limit: 20 })
                : name === "journey"
                  ? valueOrThrow(await sessionJourney(db, journeySite, session))
                  : null;
}

/**
 * The bench's in-run baseline: `count(*)` of the sessions started in the window (one
 * range of sessions_site_started_idx), the least any report of that window could read.
 */
async function countWindow(db: D1Database, siteId: string, start: number, end: number): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM sessions WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3")
    .bind(siteId, start, end)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The report's site (from the control plane, D1) and window, from the bench's query string. */
async function reportParams(env: Env, url: URL): Promise<ReportParams> {
  const nowMs = Number(url.searchParams.get("now"));
  const site = valueOrThrow(await siteByDomain(env.DB, BENCH_WORKSPACE, url.searchParams.get("domain") ?? ""));
  const compare = url.searchParams.get("compare") === "previous" ? ("previous" as const) : undefined;
  return {
    site,
    window: valueOrThrow(reportWindow({ period: url.searchParams.get("period") as ReportPeriod }, nowMs)),
    nowMs,
    compare,
  };
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
      case "/tables": {
        // Every table, ordered so a table comes before the tables it references (dropping
        // in this order never breaks a foreign key).
        const { results } = await env.DB.prepare(
          `SELECT m.name, p."table" AS parent FROM sqlite_master m LEFT JOIN pragma_foreign_key_list(m.name) p
           WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%' AND m.name != 'd1_migrations'`,
        ).all<{ name: string; parent: string | null }>();
        const parents = new Map<string, Set<string>>();
        for (const r of results) {
          const set = parents.get(r.name) ?? new Set<string>();
          if (r.parent !== null && r.parent !== r.name) set.add(r.parent);
          parents.set(r.name, set);
        }
        const order: string[] = [];
        while (parents.size > 0) {
          const referenced = new Set([...parents.values()].flatMap((set) => [...set]));
          const free = [...parents.keys()].filter((t) => !referenced.has(t));
          if (free.length === 0) throw new Error("foreign key cycle");
          for (const t of free) {
            order.push(t);
            parents.delete(t);
          }
        }
        return Response.json(order);
      }
      case "/drop-session-indexes": {
        return Response.json(
          q("site") === "" ? await dropSessionIndexes(env.DB) : await shard(env, q("site")).dropSessionIndexes(),
        );
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
        const params = await reportParams(env, url);
        const { site } = params;
        const name = q("name");
        const journeySite = { id: site.id, domain: site.domain, workspaceId: BENCH_WORKSPACE };
        if (name === "count") {
          const { start, end } = params.window;
          const n =
            q("store") === "shard"
              ? await shard(env, site.id).countWindow(site.id, start, end)
              : await countWindow(env.DB, site.id, start, end);
          return Response.json({ n });
        }
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
                      : name === "sessions"
                        ? await stub.agentSessions({ ...params, limit: 20 })
                        : name === "sessions-filtered"
                          ? await stub.agentSessions({ ...params, ...SESSION_FILTERS, limit: 20 })
                          : name === "journey"
                            ? valueOrThrow(await stub.journey(journeySite, q("session")))
                            : null;
          return body ? Response.json(body) : new Response("unknown report", { status: 404 });
        }
        const body = await runReport(env.DB, name, params, q("session"));
        return body ? Response.json(body) : new Response("unknown report", { status: 404 });
      }
      case "/profile": {
        // Each statement's ms for one report, on the D1 (store=d1) or inside the site's shard.
        const params = await reportParams(env, url);
        const { site } = params;
        if (q("store") === "shard")
          return Response.json(await shard(env, site.id).profile(q("name"), params, q("session")));
        const log: Timing[] = [];
        await runReport(timed(env.DB, log, false), q("name"), params, q("session"));
        return Response.json(log);
      }
      case "/loop-statements": {
        const params = await reportParams(env, url);
        return Response.json(
          await shard(env, params.site.id).loopStatements(q("name"), params, q("session"), num("n")),
        );
      }
      case "/loop": {
        const params = await reportParams(env, url);
        const ms = await shard(env, params.site.id).loop(q("name"), params, q("session"), num("n"));
        return Response.json({ ms });
      }
      case "/agent-report": {
        // The agent-request reports over [start, end) of one site's shard (their use cases add header and coverage).
        const stub = shard(env, q("site"));
        const [start, end] = [num("start"), num("end")];
        const name = q("name");
        const body =
          name === "agent-errors"
            ? await stub.agentErrors({ start, end })
            : name === "crawl-to-referral"
              ? await stub.crawlToReferral({
                  siteId: q("site"),
                  start,
                  end,
                  interval: end - start > 2 * 86_400_000 ? "day" : "hour",
                })
              : name === "robots-compliance"
                ? await stub.robotsCompliance({ start, end, versions: benchRobotsVersions(num("robots_from")) })
                : null;
        return body ? Response.json(body) : new Response("unknown report", { status: 404 });
      }
      case "/shard-agent-request-counts": {
        return Response.json(await shard(env, q("site")).countAgentRequests());
      }
      case "/agent-requests-count": {
        // The agent-request reports' baseline: a plain count(*) of the window's requests.
        const row = await shard(env, q("site")).count(
          `SELECT count(*) AS n FROM agent_requests WHERE occurred_at >= ${num("start")} AND occurred_at < ${num("end")}`,
        );
        return Response.json(row);
      }
      case "/archive-search": {
        return Response.json({ day: await shard(env, q("site")).archiveSearch(q("site"), num("now"), num("from")) });
      }
      case "/server-events-last-at": {
        // The shard half of every report's coverage (shared/reads/site-coverage.ts).
        return Response.json({ at: await shard(env, q("site")).serverEventsLastAt() });
      }
      case "/shard-explain": {
        return Response.json(await shard(env, q("site")).explain(q("sql")));
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
