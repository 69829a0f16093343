import { DAY_MS, HOUR_MS } from "../time/durations";
import { zonedIso } from "../time/time-zone";
import type { CrawlToReferral } from "./agent-report-schemas";
import { agentRequestPlan } from "./agent-request-plan";
import { agentRequestTotals } from "./agent-request-totals";
import type { SeriesInterval } from "./report-params";
import { bucketStarts } from "./time-series";
import { zonedBoundaries, zonedBucketKey, zonedBucketSql, zonedBucketStarts } from "./zoned-buckets";

// Crawl-to-referral per operator (docs/reports.md; the ratio Cloudflare Radar publishes
// per AI operator): how many crawl and search requests each AI platform's agents made
// for each human visit its assistant sent (`ai_assistant_link` sessions).

export interface CrawlToReferralInput {
  siteId: string;
  start: number;
  end: number;
  interval: SeriesInterval;
  /**
   * The zone of the buckets (docs/reports.md "Time zones"), or null for UTC: what
   * `bucketZone` answers for the report's `timezone` and window.
   */
  zone?: string | null;
}

export type CrawlToReferralBody = Pick<CrawlToReferral, "totals" | "operators" | "interval" | "buckets"> & {
  any_requests: boolean;
};

const BUCKET_MS: Record<SeriesInterval, number> = { hour: HOUR_MS, day: DAY_MS };

interface Counts {
  crawl: number[];
  search: number[];
  referrals: number[];
}

export async function crawlToReferral(db: D1Database, input: CrawlToReferralInput): Promise<CrawlToReferralBody> {
  const { start, end, interval } = input;
  const zone = input.zone ?? null;
  const size = BUCKET_MS[interval];
  const buckets = zone === null ? bucketStarts(interval, start, end) : zonedBucketStarts(zone, interval, start, end);
  // A UTC bucket is its start (epoch ms); a zoned one its local day or local hour start.
  const bucketOf = (column: string) =>
    zone === null ? `${column} - ${column} % ${size}` : zonedBucketSql(zone, interval, input, column);
  const keyOf = (b: number) => (zone === null ? b : zonedBucketKey(zone, interval, b));
  // Whole hours from agent_request_hours, the rest from agent_requests (agent-request-plan.ts);
  // an hour a zoned bucket boundary cuts is read from the requests.
  const plan = agentRequestPlan(start, end, zone === null ? [] : zonedBoundaries(zone, interval, start, end));
  type RequestRow = { platform: string; purpose: "crawl" | "search"; b: number | string; n: number };
  const requestStatements = [
    ...plan.hours.map(([a, b]) =>
      db
        .prepare(
          `SELECT platform, purpose, ${bucketOf("hour")} AS b, sum(requests) AS n FROM agent_request_hours
           WHERE hour >= ?1 AND hour < ?2 AND purpose IN ('crawl', 'search')
           GROUP BY platform, purpose, b`,
        )
        .bind(a, b),
    ),
    ...plan.live.map(([a, b]) =>
      db
        .prepare(
          `SELECT platform, purpose, ${bucketOf("occurred_at")} AS b, count(*) AS n FROM agent_requests
           WHERE occurred_at >= ?1 AND occurred_at < ?2 AND purpose IN ('crawl', 'search')
           GROUP BY platform, purpose, b`,
        )
        .bind(a, b),
    ),
  ];
  const [requests, referrals, any, all] = await Promise.all([
    requestStatements.length === 0
      ? []
      : db.batch<RequestRow>(requestStatements).then((parts) => parts.flatMap((p) => p.results)),
    // People (no agent platform) whose session came from an assistant's link; its platform
    // is the sub_source. sessions_ai_link_idx holds only those sessions (a partial index).
    db
      .prepare(
        `SELECT sub_source AS platform, ${bucketOf("started_at")} AS b, count(*) AS n
         FROM sessions INDEXED BY sessions_ai_link_idx
         WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND source = 'ai_assistant_link'
           AND agent_platform IS NULL AND sub_source IS NOT NULL
         GROUP BY sub_source, b`,
      )
      .bind(input.siteId, start, end)
      .all<{ platform: string; b: number | string; n: number }>(),
    db
      .prepare("SELECT 1 AS x FROM agent_requests WHERE occurred_at >= ?1 AND occurred_at < ?2 LIMIT 1")
      .bind(start, end)
      .all(),
    // Every agent request of the window, the one total the agent reports share.
    agentRequestTotals(db, start, end),
  ]);
  const index = new Map<number | string, number>(buckets.map((b, i) => [keyOf(b), i]));
  const ops = new Map<string, Counts>();
  const of = (platform: string) => {
    let c = ops.get(platform);
    if (!c) {
      c = { crawl: buckets.map(() => 0), search: buckets.map(() => 0), referrals: buckets.map(() => 0) };
      ops.set(platform, c);
    }
    return c;
  };
  for (const r of requests) {
    const i = index.get(r.b);
    if (i !== undefined) of(r.platform)[r.purpose][i] += r.n;
  }
  for (const r of referrals.results) {
    const i = index.get(r.b);
    if (i !== undefined) of(r.platform).referrals[i] += r.n;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const operators = [...ops.entries()]
    .map(([operator, c]) => {
      const crawl = sum(c.crawl);
      const search = sum(c.search);
      const refs = sum(c.referrals);
      return {
        operator,
        crawl_requests: crawl,
        search_requests: search,
        referrals: refs,
        ratio: refs === 0 ? null : Math.round(((crawl + search) / refs) * 10) / 10,
        series: { crawl_requests: c.crawl, search_requests: c.search, referrals: c.referrals },
      };
    })
    .sort(
      (x, y) =>
        y.crawl_requests + y.search_requests - (x.crawl_requests + x.search_requests) ||
        y.referrals - x.referrals ||
        x.operator.localeCompare(y.operator),
    );
  const crawlTotal = sum(operators.map((o) => o.crawl_requests));
  const searchTotal = sum(operators.map((o) => o.search_requests));
  return {
    any_requests: any.results.length > 0,
    totals: {
      agent_requests: all.requests,
      crawl_requests: crawlTotal,
      search_requests: searchTotal,
      other_requests: all.requests - crawlTotal - searchTotal,
      referrals: sum(operators.map((o) => o.referrals)),
    },
    operators,
    interval,
    buckets: buckets.map((b) => (zone === null ? new Date(b).toISOString() : zonedIso(zone, b))),
  };
}
