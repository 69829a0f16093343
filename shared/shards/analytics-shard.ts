import { DurableObject } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import migrations from "../../migrations-shard/migrations.js";
import { type BrowserCommerceRow, browserCommerceRows } from "../conversions/browser-commerce";
import type { AgentRequestRow } from "../drains/agent-request-columns";
import { agentRequestRowsOf, NEWEST_SERVER_EVENT_SQL, storeAgentRequests } from "../drains/agent-request-rows";
import { commitDrainChunk, type DrainChunkResult } from "../drains/commit-drain-chunk";
import type { IngestMessage } from "../ingest/queue-message";
import { type AgentVisits, agentVisits } from "../policy/agent-visits";
import type { BlockedRequestsBody } from "../policy/blocked-requests-schema";
import { blockedRequests, policyBlockRowsOf, storePolicyBlocks } from "../policy/policy-blocks";
import { type AgentErrorsBody, type AgentErrorsInput, agentErrors } from "../reports/agent-errors";
import { type AgentSessionsPage, type AgentSessionsParams, agentSessions } from "../reports/agent-sessions";
import { type CrawlToReferralBody, type CrawlToReferralInput, crawlToReferral } from "../reports/crawl-to-referral";
import { type FailingPage, type FailingParams, failingSessions } from "../reports/failing-sessions";
import { withComparison } from "../reports/previous-period";
import { purposeSplit } from "../reports/purpose-split";
import type { ReportParams } from "../reports/report-params";
import type {
  ComputedJourney,
  PurposeSplit,
  TrafficOverview,
  TrafficSources,
  VerificationBreakdown,
} from "../reports/report-schemas";
import { type RobotsComplianceBody, type RobotsComplianceInput, robotsCompliance } from "../reports/robots-compliance";
import { type JourneySite, sessionJourney } from "../reports/session-journey";
import { trafficOverview } from "../reports/traffic-overview";
import { trafficSources } from "../reports/traffic-sources";
import { verificationBreakdown } from "../reports/verification";
import type { Result } from "../result/result";
import { type RollupResult, rollupBatch } from "../sessions/rollup";
import { SESSION_GAP_MS } from "../sessions/session-state";
import { MAX_DAYS_PER_RUN, type SettleResult, settleSessions } from "../sessions/settle";
import { DAY_MS } from "../time/durations";
import { archiveCutoff, archiveDay, archivedDays, archivePrefix, dayToArchive } from "./event-archive";
import { importRows, type LegacyEvent, type LegacySession } from "./migrate-from-d1";
import { newSessionId } from "./session-id";
import { shardDb } from "./shard-db";

/** A pass of the alarm that left days to rebuild or archive runs again this soon. */
const CONTINUE_MS = 1_000;
/** Days of raw events one alarm pass moves to R2 at most. */
const ARCHIVE_DAYS_PER_PASS = 3;
/** Archived events replayed per rollup transaction. */
const REPLAY_CHUNK = 500;
/**
 * A drain batch arrives as several `ingestDrain` calls a moment apart. Lines older than
 * 30 minutes end their sessions at once, and an alarm armed for then ran the session-end
 * rollup (settle and a rebuild of the day's aggregates) between every two chunks of one
 * batch, each pass rebuilding the same day again: 13% of a batch's time, more the longer
 * it ran (docs/performance/log.md, "Drains", Round 3). The alarm is armed no sooner than
 * this after a chunk, so the sessions a batch ends are settled once it has passed; what
 * is stored, and when, is unchanged.
 */
export const DRAIN_SETTLE_DELAY_MS = 10_000;
/** Storage key of the site this shard belongs to (set by its first ingest). */
const SITE_KEY = "site";
/** Storage key: start (epoch ms) of the archive's search, where the last pass ended. */
const ARCHIVE_FROM_KEY = "archive_from";

/** What a shard is bound to: the R2 bucket of archived raw events (ingest's ARCHIVE). */
export interface ShardEnv {
  ARCHIVE?: R2Bucket;
}

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
export class AnalyticsShard extends DurableObject<ShardEnv> {
  private readonly db: D1Database;
  /**
   * The alarm this instance knows to be set (epoch ms), null when none, undefined when
   * unknown (a fresh instance, or the alarm just ran). Only this object sets its alarm,
   * so an ingest whose sessions end after it needs no storage call at all.
   */
  private alarmAt: number | null | undefined;
  /** This shard's site id once known (storage key SITE_KEY). */
  private siteId: string | undefined;

  constructor(ctx: DurableObjectState, env: ShardEnv) {
    super(ctx, env);
    this.db = shardDb(ctx.storage);
    void ctx.blockConcurrencyWhile(async () => {
      await migrate(drizzle(ctx.storage), migrations);
    });
  }

  /**
   * Stores one batch of this site's events in their sessions, in one transaction:
   * all or nothing, and a redelivered event id is skipped (exactly once per event).
   */
  async ingest(messages: IngestMessage[]): Promise<RollupResult & { commerce: BrowserCommerceRow[] }> {
    const siteId = messages[0]?.siteId ?? "";
    if (messages.some((m) => m.siteId !== siteId)) throw new Error("AnalyticsShard.ingest: one site per call");
    if (siteId !== "") this.rememberSite(siteId);
    const result = await rollupBatch(this.db, messages, () => newSessionId(siteId));
    // Server-side records of AI agents are also their requests (reports: robots.txt, errors).
    await storeAgentRequests(this.db, agentRequestRowsOf(messages));
    // Those a collector stopped under the site's policy are counted as such too.
    await storePolicyBlocks(this.db, policyBlockRowsOf(messages), Date.now());
    // Raw events age out daily (archive), so never later than a day from now.
    if (result.earliestEnd !== null) await this.armAlarmBy(Math.min(result.earliestEnd, Date.now() + DAY_MS));
    // The snippet's commerce events with their sessions' facts, for the control plane's order reports.
    return { ...result, commerce: await browserCommerceRows(this.db, messages) };
  }

  /**
   * One chunk of a log drain's batch (shared/drains/commit-drain-chunk.ts): its page
   * views into their sessions, as `ingest` does, and its AI agents' requests, each once.
   */
  async ingestDrain(messages: IngestMessage[], requests: AgentRequestRow[]): Promise<DrainChunkResult> {
    const siteId = messages[0]?.siteId;
    if (messages.some((m) => m.siteId !== siteId)) throw new Error("AnalyticsShard.ingestDrain: one site per call");
    if (siteId !== undefined) this.rememberSite(siteId);
    const siteOfIds = siteId ?? "";
    const now = Date.now();
    const result = await commitDrainChunk(this.db, messages, requests, () => newSessionId(siteOfIds), now);
    // Not before DRAIN_SETTLE_DELAY_MS: the batch's next chunk is on its way.
    if (result.rollup.earliestEnd !== null)
      await this.armAlarmBy(Math.max(Math.min(result.rollup.earliestEnd, now + DAY_MS), now + DRAIN_SETTLE_DELAY_MS));
    return result;
  }

  /** The session-end rollup now: settles ended sessions and rebuilds changed days. */
  async settle(nowMs: number = Date.now()): Promise<SettleResult> {
    const result = await settleSessions(this.db, nowMs);
    const moreToArchive = await this.archive(nowMs);
    await this.armAlarm(nowMs, result.daysRebuilt >= MAX_DAYS_PER_RUN || moreToArchive);
    return result;
  }

  override async alarm(): Promise<void> {
    // The alarm that woke us is spent; settle arms the next one from storage.
    this.alarmAt = undefined;
    await this.settle(Date.now());
  }

  /**
   * Moves raw events past the retention window to R2, a few days per pass (one object
   * per site and session-start day). True when more days are waiting.
   */
  async archive(nowMs: number = Date.now()): Promise<boolean> {
    const siteId = this.ctx.storage.kv.get<string>(SITE_KEY);
    if (!this.env.ARCHIVE || siteId === undefined) return false;
    // Where the search starts: no session started before it holds raw events. Days are
    // archived oldest first and no event can arrive for a day past retention (ingest
    // takes 48 h, imports 90 days), so the mark only moves forward; a rebuild from the
    // archive, which brings old events back, clears it.
    let from = this.ctx.storage.kv.get<number>(ARCHIVE_FROM_KEY) ?? 0;
    for (let i = 0; i < ARCHIVE_DAYS_PER_PASS; i++) {
      const day = await dayToArchive(this.db, siteId, nowMs, from);
      if (day === null) {
        this.ctx.storage.kv.put(ARCHIVE_FROM_KEY, Math.max(from, archiveCutoff(nowMs)));
        return false;
      }
      await archiveDay(this.db, this.env.ARCHIVE, siteId, day);
      from = Date.parse(`${day}T00:00:00.000Z`);
      this.ctx.storage.kv.put(ARCHIVE_FROM_KEY, from);
    }
    return (await dayToArchive(this.db, siteId, nowMs, from)) !== null;
  }

  /**
   * Rebuilds the sessions and daily aggregates of every archived day from R2: the
   * day's sessions are dropped, its events replayed through the same rollup (their
   * ids make a replay count each event once) and settled, and the days' aggregates
   * rebuilt. The replayed events are back in SQLite until the next archive pass.
   */
  async rebuildFromArchive(nowMs: number = Date.now()): Promise<{ events: number; days: number }> {
    const siteId = this.ctx.storage.kv.get<string>(SITE_KEY);
    if (!this.env.ARCHIVE || siteId === undefined) return { events: 0, days: 0 };
    let events = 0;
    const days = new Set<string>();
    for await (const archived of archivedDays(this.env.ARCHIVE, siteId)) {
      days.add(archived.day);
      events += archived.messages.length;
    }
    // The replayed events are back in SQLite: the archive's search starts over.
    this.ctx.storage.kv.delete(ARCHIVE_FROM_KEY);
    // Drop the archived days' sessions (their events are only in R2), then replay.
    for (const day of days) {
      await this.db.batch([
        this.db.prepare("DELETE FROM sessions WHERE site_id = ?1 AND day = ?2").bind(siteId, day),
        this.db.prepare("INSERT OR IGNORE INTO stale_days (site_id, day) VALUES (?1, ?2)").bind(siteId, day),
      ]);
    }
    for await (const { messages } of archivedDays(this.env.ARCHIVE, siteId)) {
      for (let i = 0; i < messages.length; i += REPLAY_CHUNK) {
        await rollupBatch(this.db, messages.slice(i, i + REPLAY_CHUNK), () => newSessionId(siteId));
      }
    }
    let pass: SettleResult;
    do pass = await settleSessions(this.db, nowMs);
    while (pass.daysRebuilt >= MAX_DAYS_PER_RUN);
    return { events, days: days.size };
  }

  /**
   * Copies a page of this site's rows from the single D1 (shared/shards/migrate-from-d1.ts);
   * the rebuilt aggregates follow on the next rollup pass, or now with `settle`.
   */
  async importLegacy(rows: { sessions?: LegacySession[]; events?: LegacyEvent[] }): Promise<void> {
    const siteId = rows.sessions?.[0]?.site_id ?? rows.events?.[0]?.site_id;
    if (siteId !== undefined) this.rememberSite(siteId);
    await importRows(this.db, rows);
  }

  /**
   * Erases everything this shard holds, for a deleted site (docs/api.md "Deleting a
   * site"): its SQLite (events, sessions, aggregates), its alarm and its archived days
   * in R2. The tables are created again empty, so the object stays usable. Returns how
   * many archived day files were removed.
   */
  async erase(siteId: string): Promise<{ archivedDays: number }> {
    let removed = 0;
    if (this.env.ARCHIVE) {
      let cursor: string | undefined;
      do {
        const page = await this.env.ARCHIVE.list({ prefix: archivePrefix(siteId), cursor });
        if (page.objects.length > 0) await this.env.ARCHIVE.delete(page.objects.map((o) => o.key));
        removed += page.objects.length;
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor !== undefined);
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    await migrate(drizzle(this.ctx.storage), migrations);
    this.alarmAt = null;
    this.siteId = undefined;
    return { archivedDays: removed };
  }

  /** Arms the alarm when none is set (the cron backstop calls this too). */
  async ensureAlarm(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.armAlarm();
  }

  async overview(params: ReportParams): Promise<TrafficOverview> {
    return withComparison(trafficOverview, this.db, params);
  }

  async purposeSplit(params: ReportParams): Promise<PurposeSplit> {
    return withComparison(purposeSplit, this.db, params);
  }

  async sources(params: ReportParams): Promise<TrafficSources> {
    return withComparison(trafficSources, this.db, params);
  }

  async verification(params: ReportParams): Promise<VerificationBreakdown> {
    return withComparison(verificationBreakdown, this.db, params);
  }

  async failingSessions(params: FailingParams): Promise<FailingPage> {
    return failingSessions(this.db, params);
  }

  async agentSessions(params: AgentSessionsParams): Promise<AgentSessionsPage> {
    return agentSessions(this.db, params);
  }

  async robotsCompliance(input: RobotsComplianceInput): Promise<RobotsComplianceBody> {
    return robotsCompliance(this.db, input);
  }

  async crawlToReferral(input: CrawlToReferralInput): Promise<CrawlToReferralBody> {
    return crawlToReferral(this.db, input);
  }

  async agentErrors(input: AgentErrorsInput): Promise<AgentErrorsBody> {
    return agentErrors(this.db, input);
  }

  async blockedRequests(input: { start: number; end: number }): Promise<BlockedRequestsBody> {
    return blockedRequests(this.db, input);
  }

  async agentVisits(params: ReportParams): Promise<AgentVisits[]> {
    return agentVisits(this.db, params);
  }

  /** Newest AI agent's record that came through `POST /api/v1/events` (the reports' coverage). */
  async serverEventsLastAt(): Promise<number | null> {
    const row = this.ctx.storage.sql.exec<{ at: number | null }>(NEWEST_SERVER_EVENT_SQL).one();
    return row.at;
  }

  async journey(site: JourneySite, sessionId: string): Promise<Result<ComputedJourney, "session_not_found">> {
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
    // Raw events age out daily: a shard holding any wakes at least once a day to archive.
    if (this.env.ARCHIVE && this.ctx.storage.sql.exec("SELECT 1 FROM ingest_events LIMIT 1").toArray().length > 0)
      at = Math.min(at ?? Number.POSITIVE_INFINITY, nowMs + DAY_MS);
    if (at === null) return;
    await this.armAlarmBy(at, nowMs);
  }

  /**
   * Makes sure the alarm fires at `at` or earlier. An ingest arms it for the batch's
   * sessions only: an alarm set earlier than the true oldest open session merely wakes
   * the shard early, and that pass (settle) arms the exact time from storage.
   */
  private async armAlarmBy(at: number, nowMs: number = Date.now()): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = Math.max(at, nowMs);
    await this.ctx.storage.setAlarm(this.alarmAt);
  }

  /** Records the shard's site on its first write (read back by archive and rebuild). */
  private rememberSite(siteId: string): void {
    if (this.siteId !== undefined) return;
    if (this.ctx.storage.kv.get(SITE_KEY) === undefined) this.ctx.storage.kv.put(SITE_KEY, siteId);
    this.siteId = siteId;
  }
}
