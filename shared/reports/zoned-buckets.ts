import { HOUR_MS } from "../time/durations";
import {
  DEFAULT_TIME_ZONE,
  isUtcOver,
  localDay,
  localDayStart,
  nextLocalDayStart,
  type OffsetSpan,
  offsetSpans,
  zoneOffsetMs,
} from "../time/time-zone";
import { utcHourStart } from "../time/utc-hour";
import type { Dimension } from "./dimensions";
import { mergeRanges, type ReadPlan } from "./read-plan";

// Day and hour buckets in a report's time zone (docs/reports.md "Time zones"). A
// session's local day or hour is computed in SQL from its start instant plus the
// zone's offset, one offset per stretch of the window between two DST changes
// (`offsetSpans`), so it is exact on the 23- and 25-hour days. The daily aggregates
// hold UTC days and cannot be split, so a zoned report reads by hour: a UTC hour's
// aggregate row serves when the whole hour lies in one local bucket (every hour of a
// whole-hour zone such as Europe/Berlin); an hour a bucket boundary cuts (a :30 or :45
// zone such as Asia/Kolkata) is read from `sessions`.

/**
 * The zone a report's buckets follow, or null when they are UTC's: no zone asked, or a
 * zone at UTC+0 throughout the window (London in winter), whose reading is UTC's.
 */
export function bucketZone(timeZone: string | undefined, window: { start: number; end: number }): string | null {
  if (timeZone === undefined || timeZone === DEFAULT_TIME_ZONE) return null;
  return isUtcOver(timeZone, window.start, window.end) ? null : timeZone;
}

/** `expr(offset)` per offset span of the window, as one SQL CASE on `column` (epoch ms). */
function bySpan(spans: OffsetSpan[], column: string, expr: (offsetMs: number) => string): string {
  if (spans.length === 1) return expr(spans[0].offsetMs);
  const branches = spans.slice(0, -1).map((s) => `WHEN ${column} < ${s.to} THEN ${expr(s.offsetMs)}`);
  return `(CASE ${branches.join(" ")} ELSE ${expr(spans[spans.length - 1].offsetMs)} END)`;
}

/**
 * One zoned dimension written for the hourly tables (`hour`, the UTC hour's start) and
 * `sessions` (`started_at`). `daily` is never read: a zoned plan holds no whole days.
 */
function zonedDimension(spans: OffsetSpan[], expr: (column: string, offsetMs: number) => string): Dimension {
  const hourly = bySpan(spans, "hour", (o) => expr("hour", o));
  return { daily: hourly, hourly, live: bySpan(spans, "started_at", (o) => expr("started_at", o)) };
}

/** The local calendar day of session start, `YYYY-MM-DD` (SQLite `date(…, 'unixepoch')` of the local wall clock). */
export function localDayDimension(zone: string, window: { start: number; end: number }): Dimension {
  return zonedDimension(
    offsetSpans(zone, window.start, window.end),
    (c, o) => `date((${c} + ${o}) / 1000, 'unixepoch')`,
  );
}

/** The start (epoch ms) of the local hour of session start: the UTC hour in a whole-hour zone. */
export function localHourDimension(zone: string, window: { start: number; end: number }): Dimension {
  return zonedDimension(offsetSpans(zone, window.start, window.end), (c, o) => `${c} - (${c} + ${o}) % ${HOUR_MS}`);
}

/** Start of the local hour `ms` falls in (`localHourDimension` in JS). */
export function localHourStart(zone: string, ms: number): number {
  const offset = zoneOffsetMs(zone, ms);
  return ms - ((((ms + offset) % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

/** Start of every local day (or hour) the half-open window touches, oldest first. */
export function zonedBucketStarts(zone: string, interval: "hour" | "day", start: number, end: number): number[] {
  const out: number[] = [];
  if (end <= start) return out;
  if (interval === "day") {
    for (let d = localDayStart(zone, start); d < end; d = nextLocalDayStart(zone, d)) out.push(d);
    return out;
  }
  for (let h = localHourStart(zone, start); h < end; ) {
    out.push(h);
    const next = localHourStart(zone, h + HOUR_MS);
    h = next > h ? next : h + HOUR_MS;
  }
  return out;
}

/**
 * `plan` with every aggregate hour that a bucket boundary, a local midnight or an
 * offset change cuts moved to its live ranges (read from `sessions`): an hourly row
 * cannot be split. Boundaries on whole UTC hours cut nothing.
 */
export function cutAtBoundaries(plan: ReadPlan, boundaries: number[]): ReadPlan {
  const cut = new Set(boundaries.filter((b) => b % HOUR_MS !== 0).map(utcHourStart));
  if (cut.size === 0) return plan;
  const hours: Array<[number, number]> = [];
  const live: Array<[number, number]> = [...plan.live];
  for (const [a, b] of plan.hours)
    for (let h = a; h < b; h += HOUR_MS) (cut.has(h) ? live : hours).push([h, h + HOUR_MS]);
  return { ...plan, hours: mergeRanges(hours), live: mergeRanges(live) };
}

/** Every instant where a zoned report's buckets or offsets change inside [start, end). */
export function zonedBoundaries(zone: string, interval: "hour" | "day", start: number, end: number): number[] {
  const days = zonedBucketStarts(zone, "day", start, end);
  const buckets = interval === "hour" ? zonedBucketStarts(zone, "hour", start, end) : [];
  const changes = offsetSpans(zone, start, end).map((s) => s.from);
  return [...days, ...buckets, ...changes].filter((t) => t > start && t < end);
}

/**
 * The bucket of `column` (epoch ms) in `zone` as SQL, for a table outside the
 * aggregates (agent requests): the local day `YYYY-MM-DD` for `day`, the start (epoch
 * ms) of the local hour for `hour`, one `CASE` branch per offset change in the window.
 * `zonedBucketKey` gives the same key for a bucket start.
 */
export function zonedBucketSql(
  zone: string,
  interval: "hour" | "day",
  window: { start: number; end: number },
  column: string,
): string {
  const spans = offsetSpans(zone, window.start, window.end);
  return interval === "day"
    ? bySpan(spans, column, (o) => `date((${column} + ${o}) / 1000, 'unixepoch')`)
    : bySpan(spans, column, (o) => `${column} - (${column} + ${o}) % ${HOUR_MS}`);
}

/** The key `zonedBucketSql` gives the bucket that starts at `bucketStart`. */
export function zonedBucketKey(zone: string, interval: "hour" | "day", bucketStart: number): string | number {
  return interval === "day" ? localDay(zone, bucketStart) : bucketStart;
}
