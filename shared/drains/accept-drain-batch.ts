import { z } from "@hono/zod-openapi";
import { identifyAgent } from "../classify/agent-identity";
import { ipRangeIndex } from "../classify/ip-range-cache";
import { readUserAgent } from "../classify/user-agent";
import { sha256Hex } from "../crypto/sha256";
import { type AcceptEnv, acceptEvents, type IngestChannel } from "../ingest/accept-events";
import type { IngestSite } from "../ingest/pipeline-types";
import type { IngestMessage } from "../ingest/queue-message";
import { checkTime } from "../ingest/steps/check-time";
import { needsPastSalt } from "../ingest/steps/hash-visitor";
import { isPastSaltDay, PAST_DAYS_MAX } from "../salt/past-day-salts";
import type { SaltRecord, SaltSet } from "../salt/salt-schedule";
import { utcDay } from "../time/utc-day";
import type { SignedMessage } from "../verification/signature-base";
import { verifyRequestSignature } from "../verification/verify-request";
import type { DrainFormat } from "../vocabulary/drain-formats";
import type { AgentRequestRow } from "./agent-request-columns";
import { isDocument, notAPageView } from "./document-request";
import type { DrainRecord, LineReading } from "./drain-record";
import { readLogpushLine } from "./formats/cloudflare-logpush";
import { readNdjsonLine } from "./formats/ndjson";
import { readVercelLine } from "./formats/vercel";
import type { BatchLine } from "./read-batch";

/** Each format's line reader (shared/drains/formats/). */
export const LINE_READERS: Record<DrainFormat, (value: unknown) => LineReading> = {
  cloudflare_logpush: readLogpushLine,
  vercel: readVercelLine,
  ndjson: readNdjsonLine,
};

/** Why a line stored nothing although it was read: it is not lost, there was nothing to keep. */
export const SKIP_REASONS = {
  not_a_request: "a log line that describes no visitor's request",
  not_a_page_view: "a human's request for an asset, a redirect or an error: only AI agents' are kept",
  seen_by_snippet: "a human's page view on a site whose snippet counts humans already",
  named_automation: "non-AI automation (search engine, monitor, SEO crawler...): not recorded",
} as const;

/** Why a line was refused. */
export const REJECT_REASONS = {
  invalid_json: "the line is not JSON",
  line_too_long: "the line is longer than the per-line bound",
  invalid_record: "a field is missing or malformed",
  foreign_host: "the request's host is not the drain's site (or its www. name)",
  stale_timestamp:
    "before yesterday (UTC), whose visitor-hash salt is deleted; an import (X-Log-Import) reaches 90 days",
  too_old: `older than the ${PAST_DAYS_MAX} days an imported log line can reach back`,
  future_timestamp: "more than 5 minutes in the future",
  invalid_url: "host and path do not form a valid URL",
} as const;

export type SkipReason = keyof typeof SKIP_REASONS;
export type RejectReason = keyof typeof REJECT_REASONS;

/** Rejected lines listed one by one in an answer; past this only their counts are given. */
export const MAX_LISTED_LINES = 1000;

export const drainLineProblem = z.object({
  line: z.number().int().openapi({ example: 3 }),
  code: z.string().openapi({ example: "invalid_record" }),
  message: z.string().openapi({ example: "ClientRequestURI: expected a string" }),
});

export const drainBatchResult = z
  .object({
    lines: z.number().int().openapi({ description: "Non-blank lines read.", example: 3 }),
    accepted: z
      .number()
      .int()
      .openapi({ description: "Lines stored (a page view, an agent request or both).", example: 1 }),
    skipped: z
      .number()
      .int()
      .openapi({ description: "Valid lines with nothing to store (see `reasons`).", example: 1 }),
    rejected: z.number().int().openapi({ description: "Lines refused (see `rejected_lines`).", example: 1 }),
    page_views: z.number().int().openapi({ description: "Accepted lines that are page views.", example: 1 }),
    agent_requests: z.number().int().openapi({ description: "Accepted lines made by AI agents.", example: 1 }),
    duplicates: z
      .number()
      .int()
      .openapi({ description: "Accepted lines already stored by an earlier delivery (stored once).", example: 0 }),
    reasons: z.record(z.string(), z.number().int()).openapi({
      description: "Skipped and rejected lines by reason.",
      example: { not_a_page_view: 1, invalid_record: 1 },
    }),
    rejected_lines: z
      .array(drainLineProblem)
      .openapi({ description: `Each rejected line with why, in order (the first ${MAX_LISTED_LINES}).` }),
  })
  .openapi("DrainBatchResult");

export type DrainBatchResult = z.infer<typeof drainBatchResult>;

/** The drain and its site, as the batch needs them. */
export interface DrainTarget {
  drainId: string;
  format: DrainFormat;
  site: IngestSite;
  /** When the snippet was first seen; with it, humans are counted by the snippet, not the drain. */
  snippetInstalledAt: number | null;
}

export interface DrainCommit {
  /** Newly stored events, and those already stored (a redelivery). */
  stored: number;
  duplicates: number;
}

export interface DrainBatchDeps {
  /** No queue: a drain's events are committed to the shard by `commit`, never queued. */
  env: Omit<AcceptEnv, "EVENTS">;
  salts: () => Promise<SaltSet | null>;
  /**
   * Salts minted for past days (shared/salt/past-day-salts.ts), so that lines older than
   * the live salts' 48 h still count; without it such lines are refused `stale_timestamp`.
   */
  pastSalts?: (days: string[]) => Promise<SaltRecord[]>;
  now: number;
  /** Stores one chunk's page views and agent requests in the site's shard (each once). */
  commit: (messages: IngestMessage[], requests: AgentRequestRow[]) => Promise<DrainCommit>;
}

/** One page view on its way through the acceptance path, with its id made from the record. */
interface PageView {
  record: DrainRecord;
  id: string;
  line: number;
}

const pageViewItem = z.custom<PageView>(() => true);

const pageUrl = (r: DrainRecord) => `https://${r.host}${r.path}`;

function signedMessage(r: DrainRecord): SignedMessage {
  const headers = r.signature ?? {};
  return {
    method: r.method,
    url: pageUrl(r),
    header: (n) =>
      n === "signature" || n === "signature-input" || n === "signature-agent" ? (headers[n] ?? null) : null,
  };
}

/**
 * A drain's way in (shared/ingest/accept-events.ts): the drain's secret already chose
 * the site, so every record is admitted to it; the record's own identity is the event id.
 */
function drainChannel(site: IngestSite): IngestChannel<PageView, never> {
  return {
    schema: pageViewItem,
    admit: async (items) => items.map(() => ({ site })),
    signed: (item) => signedMessage(item.record),
    eventId: (item) => item.id,
    raw: (item) => ({
      channel: "server",
      kind: "request",
      occurredAt: item.record.occurredAt,
      pageUrl: pageUrl(item.record),
      referrer: item.record.referer,
      durationMs: null,
      target: null,
      userAgent: item.record.userAgent,
      clientIp: item.record.ip,
      automation: {},
    }),
  };
}

/**
 * The stored id of a record: a hash of the site and the record's identity (its vendor
 * key, else its whole content), so a redelivered line maps to the same row and the
 * same event, and two sites never share one. SHA-256, synchronous (shared/crypto/sha256.ts): the
 * same digest as `crypto.subtle.digest` (ids stored before stay the ids of their lines),
 * without a promise per line (docs/performance/log.md, "Drains", Round 3) or a native
 * hash object per line (issue 46).
 */
export function recordId(siteId: string, r: DrainRecord): string {
  const identity = r.key === null ? JSON.stringify(r) : `key:${r.key}`;
  return `dr_${sha256Hex(`${siteId}\n${identity}`, 32)}`;
}

/**
 * Stored items (page views and agent requests) per commit to the shard. A commit is one
 * call to the site's Durable Object and one transaction there, whose cost is partly per
 * call (the commit, the WAL's checkpoints, pages written again by the next chunk); lines
 * are committed by what they store, not by their count, since most lines of a shop's log
 * (humans' assets) store nothing. Memory stays bounded by this, whatever the batch's size.
 * 2,000 made the 10 MB batch of bench:drains 18 calls instead of 8 at 5,000
 * (docs/performance/log.md "Drains", Round 3); 12,000 (3 calls) took 2,520-2,790 ms of
 * workerd CPU against 2,500-3,500 at 5,000 in alternated runs, system time 370-420 ms
 * against 460-580, for about 22 MB more peak memory (issue 46).
 */
export const ITEMS_PER_COMMIT = 12_000;

/** A batch with no lines yet. */
export function emptyDrainResult(): DrainBatchResult {
  return {
    lines: 0,
    accepted: 0,
    skipped: 0,
    rejected: 0,
    page_views: 0,
    agent_requests: 0,
    duplicates: 0,
    reasons: {},
    rejected_lines: [],
  };
}

class Tally {
  constructor(readonly result: DrainBatchResult) {}
  skip(reason: SkipReason) {
    this.result.skipped++;
    this.result.reasons[reason] = (this.result.reasons[reason] ?? 0) + 1;
  }
  reject(line: number, code: RejectReason, message: string) {
    this.result.rejected++;
    this.result.reasons[code] = (this.result.reasons[code] ?? 0) + 1;
    if (this.result.rejected_lines.length < MAX_LISTED_LINES) this.result.rejected_lines.push({ line, code, message });
  }
}

/**
 * One drain batch, chunk by chunk as the body is read (docs/integrations/README.md):
 * each line read by its format, checked (host, time window), then
 *  - an AI agent's request of any kind becomes an `agent_requests` row;
 *  - a page view (document-request.ts) of an agent, or of a human on a site without the
 *    snippet, goes through the one acceptance path (classification, visitor hash) and
 *    becomes a `request` event in its session;
 *  - anything else is skipped with its reason.
 * What the lines store is committed to the site's shard every ITEMS_PER_COMMIT items and
 * at the end, also when the read fails part-way, so what was accepted is stored; ids come from the records, so the
 * vendor's retry of the whole batch stores nothing twice. Returns one tally for the batch;
 * `into` is that tally as it grows, so a caller whose read fails part-way (the body's
 * bounds, corrupt gzip) can still report what was stored.
 */
export async function acceptDrainBatch(
  target: DrainTarget,
  chunks: AsyncIterable<BatchLine[]>,
  deps: DrainBatchDeps,
  into: DrainBatchResult = emptyDrainResult(),
): Promise<DrainBatchResult> {
  const tally = new Tally(into);
  const read = LINE_READERS[target.format];
  const { site } = target;
  const channel = drainChannel(site);
  let ipRanges: Awaited<ReturnType<typeof ipRangeIndex>> | undefined;

  let pageViews: PageView[] = [];
  let requests: AgentRequestRow[] = [];

  /** Commits what is pending: page views through the acceptance path, then both to the shard. */
  const flush = async () => {
    const views = pageViews;
    const rows = requests;
    pageViews = [];
    requests = [];
    let messages: IngestMessage[] = [];
    if (views.length > 0) {
      // Page views older than the live salts, or of a day the live salts do not hold:
      // each under its own day's salt.
      const salts = async () => {
        const live = await deps.salts();
        if (!live || !deps.pastSalts) return live;
        const pastDays = new Set<string>();
        for (const { record } of views) {
          if (needsPastSalt(live, { occurredAt: record.occurredAt, receivedAt: deps.now }))
            pastDays.add(utcDay(record.occurredAt));
        }
        return pastDays.size > 0 ? { ...live, past: await deps.pastSalts([...pastDays]) } : live;
      };
      // `deliver` is given, so acceptEvents never reaches for the queue.
      const outcomes = await acceptEvents(deps.env as AcceptEnv, channel, views, {
        salts,
        now: deps.now,
        deliver: async (m) => {
          messages = m;
        },
      });
      // A page view the pipeline dropped can still be an agent's request: that row is kept.
      const agentIds = new Set(rows.map((q) => q.id));
      outcomes.forEach((o, i) => {
        const { id, line } = views[i];
        if (o.outcome === "accepted") {
          tally.result.accepted++;
          tally.result.page_views++;
        } else if (agentIds.has(id)) tally.result.accepted++;
        else if (o.outcome === "dropped") {
          if (o.reason === "named_automation") tally.skip("named_automation");
          else tally.reject(line, o.reason, REJECT_REASONS[o.reason]);
        }
      });
    }
    tally.result.agent_requests += rows.length;
    if (messages.length > 0 || rows.length > 0) {
      const committed = await deps.commit(messages, rows);
      tally.result.duplicates += committed.duplicates;
    }
  };

  try {
    for await (const lines of chunks) {
      for (const entry of lines) {
        tally.result.lines++;
        if ("problem" in entry) {
          tally.reject(entry.line, entry.problem, entry.message);
          continue;
        }
        const reading = read(entry.value);
        if ("problem" in reading) {
          if (reading.problem.code === "not_a_request") tally.skip("not_a_request");
          else tally.reject(entry.line, reading.problem.code, reading.problem.message);
          continue;
        }
        const r = reading.record;
        if (r.host !== site.domain && r.host !== `www.${site.domain}`) {
          tally.reject(entry.line, "foreign_host", `${r.host} is not ${site.domain}`);
          continue;
        }
        const timing = checkTime({ occurredAt: r.occurredAt, receivedAt: deps.now } as Parameters<typeof checkTime>[0]);
        // Older than the live salts: counted under its past day's salt when this way in
        // mints them (a log import, docs/privacy.md "Imported days") and the day is in reach.
        const past = "dropped" in timing && timing.dropped === "stale_timestamp" && deps.pastSalts !== undefined;
        if (past && !isPastSaltDay(utcDay(r.occurredAt), deps.now)) {
          tally.reject(entry.line, "too_old", REJECT_REASONS.too_old);
          continue;
        }
        if ("dropped" in timing && !past) {
          tally.reject(entry.line, timing.dropped as RejectReason, REJECT_REASONS[timing.dropped as RejectReason]);
          continue;
        }
        const claim = readUserAgent(r.userAgent);
        if (claim.kind === "named_automation" && !r.signature) {
          tally.skip("named_automation");
          continue;
        }
        const pageView = notAPageView(r) === null;
        const maybeAgent = claim.kind !== "none" || r.signature !== null;
        if (!maybeAgent && !pageView) {
          tally.skip("not_a_page_view");
          continue;
        }
        if (!maybeAgent && target.snippetInstalledAt !== null) {
          tally.skip("seen_by_snippet");
          continue;
        }
        const id = recordId(site.id, r);
        if (maybeAgent) {
          ipRanges ??= await ipRangeIndex(deps.env.DB, deps.now);
          const signature = r.signature
            ? await verifyRequestSignature(deps.env, signedMessage(r), deps.now)
            : ({ status: "absent" } as const);
          const who = identifyAgent({
            userAgent: r.userAgent,
            clientIp: r.ip,
            signature,
            automation: {},
            ipRanges,
            // The line's address is the merchant's logs' word (docs/security.md L8).
            addressReported: true,
          });
          if (who.namedAutomation) {
            tally.skip("named_automation");
            continue;
          }
          if (who.platform !== null) {
            requests.push({
              id,
              occurred_at: r.occurredAt,
              method: r.method.toUpperCase(),
              path: r.path,
              status: r.status,
              agent: claim.kind === "ai_agent" ? claim.agent.token.toLowerCase() : null,
              platform: who.platform,
              purpose: who.purpose ?? "unknown",
              tier: who.tier ?? "declared",
              document: isDocument(r) ? 1 : 0,
              via: target.drainId,
            });
          } else if (!pageView || target.snippetInstalledAt !== null) {
            tally.skip(pageView ? "seen_by_snippet" : "not_a_page_view");
            continue;
          }
        }
        if (pageView) pageViews.push({ record: r, id, line: entry.line });
        else tally.result.accepted++;
      }
      if (pageViews.length + requests.length >= ITEMS_PER_COMMIT) await flush();
    }
  } finally {
    // A read that fails part-way (the body's bounds, corrupt gzip) still commits the
    // lines it counted, so the tally's `accepted` is what is stored.
    await flush();
  }
  return tally.result;
}
