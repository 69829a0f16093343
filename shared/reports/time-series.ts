import { ok, type Result, refusal } from "../result/result";
import { HOUR_OF_START_SQL } from "../sessions/hourly-retention";
import { DAY_MS, HOUR_MS } from "../time/durations";
import { localDayStartOf, zonedIso } from "../time/time-zone";
import { DAY, type Dimension } from "./dimensions";
import type { GroupedRow } from "./grouped-sessions";
import type { ReportParams, SeriesInterval } from "./report-params";
import type { ReportWindow } from "./report-window";
import { bucketZone, localDayDimension, localHourDimension, zonedBucketStarts } from "./zoned-buckets";

// The time series of the traffic reports (docs/decisions.md#12-report-time-series):
// sessions per UTC hour or UTC day of session start, every bucket the window touches
// listed (zero-filled), one count array per key aligned with the buckets.

const BUCKET_MS: Record<SeriesInterval, number> = { hour: HOUR_MS, day: DAY_MS };

/** The longest window an hourly series covers: 48 buckets. Also where the default switches to days. */
export const HOURLY_MAX_MS = 48 * HOUR_MS;

/**
 * The interval of a window's series: the one asked for, else hours up to 48 h and days
 * beyond. Hours over a longer window are refused as `invalid_window`.
 */
export function seriesInterval(
  window: Pick<ReportWindow, "start" | "end">,
  asked?: SeriesInterval,
): Result<SeriesInterval, "invalid_window"> {
  if (asked === "hour" && window.end - window.start > HOURLY_MAX_MS)
    return refusal("invalid_window", "interval=hour covers windows of at most 48 hours; use interval=day");
  return ok(asked ?? defaultInterval(window));
}

/** Hours for a window up to 48 h (the 1h and 24h periods), days for a longer one. */
export function defaultInterval(window: Pick<ReportWindow, "start" | "end">): SeriesInterval {
  return window.end - window.start > HOURLY_MAX_MS ? "day" : "hour";
}

/** Start (UTC) of every bucket the half-open window [start, end) touches, oldest first. */
export function bucketStarts(interval: SeriesInterval, start: number, end: number): number[] {
  const size = BUCKET_MS[interval];
  const out: number[] = [];
  if (end <= start) return out;
  for (let t = Math.floor(start / size) * size; t < end; t += size) out.push(t);
  return out;
}

/** Sessions of one key in one bucket (the bucket given by its start, epoch ms). */
export interface BucketCount {
  bucket: number;
  key: string;
  sessions: number;
}

export interface Series {
  interval: SeriesInterval;
  /** Bucket starts, RFC 3339: UTC, or with the zone's offset in a zoned series. */
  buckets: string[];
  /** One line per key, most sessions first (ties by key); `sessions[i]` is bucket i's. */
  lines: Array<{ key: string; sessions: number[] }>;
}

/**
 * Counts placed into the window's buckets, zero where a key had no session. With
 * `zone` the buckets are that zone's local days or hours and each count's bucket must
 * be one of their starts exactly (shared/reports/zoned-buckets.ts).
 */
export function bucketSeries(
  interval: SeriesInterval,
  window: Pick<ReportWindow, "start" | "end">,
  counts: BucketCount[],
  zone: string | null = null,
): Series {
  const starts =
    zone === null
      ? bucketStarts(interval, window.start, window.end)
      : zonedBucketStarts(zone, interval, window.start, window.end);
  const index = new Map(starts.map((t, i) => [t, i]));
  const size = BUCKET_MS[interval];
  const lines = new Map<string, number[]>();
  for (const c of counts) {
    const i = index.get(zone === null ? Math.floor(c.bucket / size) * size : c.bucket);
    // A count outside the window's buckets would be a query bug: never plotted silently.
    if (i === undefined) throw new Error(`bucket ${new Date(c.bucket).toISOString()} is outside the window`);
    let line = lines.get(c.key);
    if (!line) {
      line = starts.map(() => 0);
      lines.set(c.key, line);
    }
    line[i] += c.sessions;
  }
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    interval,
    buckets: starts.map((t) => (zone === null ? new Date(t).toISOString() : zonedIso(zone, t))),
    lines: [...lines]
      .map(([key, sessions]) => ({ key, sessions }))
      .filter((l) => total(l.sessions) > 0)
      .sort((a, b) => total(b.sessions) - total(a.sessions) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}

/**
 * UTC hour of session start (epoch ms): the hourly tables' `hour`, computed on
 * `sessions`. The daily tables cannot split a day, so a report with an hourly series
 * plans without them (`readPlan(..., { days: false })`).
 */
export const HOUR: Dimension = { daily: "NULL", hourly: "hour", live: HOUR_OF_START_SQL };

/** The day of session start a report groups by: the UTC `day` column, or the local day in its zone. */
export function dayDimension(params: Pick<ReportParams, "timeZone" | "window">): Dimension {
  const zone = bucketZone(params.timeZone, params.window);
  return zone === null ? DAY : localDayDimension(zone, params.window);
}

/** The hour of session start a report's hourly series groups by: UTC, or the local hour in its zone. */
export function hourDimension(params: Pick<ReportParams, "timeZone" | "window">): Dimension {
  const zone = bucketZone(params.timeZone, params.window);
  return zone === null ? HOUR : localHourDimension(zone, params.window);
}

/** The interval of a report's series: the one asked for, else the window's default. */
export function seriesIntervalOf(params: ReportParams): SeriesInterval {
  return params.interval ?? defaultInterval(params.window);
}

/** Where a series reads its day, key and (hourly series) hour in a report's grouped rows. */
export interface SeriesKeys {
  day: number;
  key: number;
  hour?: number;
}

/**
 * A report's series over its window, by `params.interval` (the window's default when
 * absent), from the report's own grouped rows: days from the DAY key, hours from the
 * HOUR key (present when the series is hourly: the report then groups by HOUR too).
 */
export function reportSeries(params: ReportParams, rows: GroupedRow[], at: SeriesKeys): Series {
  const interval = seriesIntervalOf(params);
  const zone = bucketZone(params.timeZone, params.window);
  // Rows repeat their day once per key: each local day's start is computed once.
  const starts = new Map<string, number>();
  const dayStart = (day: string) => {
    if (zone === null) return Date.parse(`${day}T00:00:00.000Z`);
    let start = starts.get(day);
    if (start === undefined) {
      start = /^\d{4}-\d{2}-\d{2}$/.test(day) ? localDayStartOf(zone, day) : Number.NaN;
      starts.set(day, start);
    }
    return start;
  };
  const counts = rows.map((r) => {
    const bucket = interval === "hour" ? Number(r.keys[at.hour ?? -1]) : dayStart(r.keys[at.day]);
    // A row without its hour would be a plan that read whole days: never plotted silently.
    if (!Number.isFinite(bucket)) throw new Error(`series row without its ${interval}`);
    return { bucket, key: r.keys[at.key], sessions: r.sessions };
  });
  return bucketSeries(interval, params.window, counts, zone);
}
