import { DurableObject } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import migrations from "../../migrations-shard/migrations.js";
import type { IngestMessage } from "../ingest/queue-message";
import { type FailingPage, type FailingParams, failingSessions } from "../reports/failing-sessions";
import { type PurposeSplitResult, purposeSplit } from "../reports/purpose-split";
import type { ReportParams } from "../reports/report-context";
import { type JourneyResult, type JourneySite, sessionJourney } from "../reports/session-journey";
import { type OverviewResult, trafficOverview } from "../reports/traffic-overview";
import { type SourcesResult, trafficSources } from "../reports/traffic-sources";
import { type VerificationResult, verificationBreakdown } from "../reports/verification";
import { type RollupResult, rollupBatch } from "../sessions/rollup";
import { SESSION_GAP_MS } from "../sessions/session-state";
import { MAX_DAYS_PER_RUN, type SettleResult, settleSessions } from "../sessions/settle";
import { newSessionId } from "./session-id";
import { shardDb } from "./shard-db";

/** A pass of the alarm that left days to rebuild runs again this soon. */
const CONTINUE_MS = 1_000;

/**
 * One site's analytics (docs/architecture.md, "Analytics shards"): its raw events,
 * sessions, daily aggregates and stale-day bookkeeping, in the object's own SQLite
 * (schema/shard.ts, migrations-shard/ applied on start). Reached by site id
 * (`idFromName(siteId)`) from the queue consumer (one `ingest` call per site and batch)
 * and from the v1 reports (one call per report, the queries run next to the data).
 *
 * A Durable Object runs one call at a time and every call here is synchronous SQL, so a
 * site's rollups never interleave (session assignment stays exact) while different
 * sites run in parallel. The session-end rollup is this object's alarm, armed for the
 * moment its oldest open session ends.
 */
export class AnalyticsShard extends DurableObject {
  private readonly db: D1Database;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.db = shardDb(ctx.storage);
    void ctx.blockConcurrencyWhile(async () => {
      await migrate(drizzle(ctx.storage), migrations);
    });
  }

  /**
   * Stores one batch of this site's events in their sessions, in one transaction:
   * all or nothing, and a redelivered event id is skipped (exactly once per event).
   */
  async ingest(messages: IngestMessage[]): Promise<RollupResult> {
    const siteId = messages[0]?.siteId ?? "";
    if (messages.some((m) => m.siteId !== siteId)) throw new Error("AnalyticsShard.ingest: one site per call");
    const result = await rollupBatch(this.db, messages, () => newSessionId(siteId));
    if (result.sessionsTouched > 0) await this.armAlarm();
    return result;
  }

  /** The session-end rollup now: settles ended sessions and rebuilds changed days. */
  async settle(nowMs: number = Date.now()): Promise<SettleResult> {
    const result = await settleSessions(this.db, nowMs);
    await this.armAlarm(nowMs, result.daysRebuilt >= MAX_DAYS_PER_RUN);
    return result;
  }

  override async alarm(): Promise<void> {
    await this.settle(Date.now());
  }

  /** Arms the alarm when none is set (the cron backstop calls this too). */
  async ensureAlarm(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.armAlarm();
  }

  async overview(params: ReportParams): Promise<OverviewResult> {
    return trafficOverview(this.db, params);
  }

  async purposeSplit(params: ReportParams): Promise<PurposeSplitResult> {
    return purposeSplit(this.db, params);
  }

  async sources(params: ReportParams): Promise<SourcesResult> {
    return trafficSources(this.db, params);
  }

  async verification(params: ReportParams): Promise<VerificationResult> {
    return verificationBreakdown(this.db, params);
  }

  async failingSessions(params: FailingParams): Promise<FailingPage> {
    return failingSessions(this.db, params);
  }

  async journey(site: JourneySite, sessionId: string): Promise<JourneyResult | null> {
    return sessionJourney(this.db, site, sessionId);
  }

  /**
   * Next wake-up: when the oldest open session ends (its settling also rebuilds the days
   * changed since, so aggregates are refreshed at most once per ended session, not per
   * batch), or soon when the last pass hit its limit of days; none when all is settled.
   */
  private async armAlarm(nowMs: number = Date.now(), moreDays = false): Promise<void> {
    const { open_until } = this.ctx.storage.sql
      .exec<{ open_until: number | null }>(
        "SELECT min(last_event_at) AS open_until FROM sessions WHERE settled_at IS NULL",
      )
      .one();
    let at: number | null = open_until === null ? null : open_until + SESSION_GAP_MS;
    if (moreDays) at = Math.min(at ?? Number.POSITIVE_INFINITY, nowMs + CONTINUE_MS);
    if (at === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(Math.max(at, nowMs));
  }
}
