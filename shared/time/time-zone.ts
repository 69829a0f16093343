import { ok, type Result, refusal } from "../result/result";
import { DAY_MS, HOUR_MS } from "./durations";

// Time zones of the reports and the app (issue 29, docs/reports.md "Time zones"): an
// IANA name, checked and resolved by the runtime's ICU through Intl (ECMA-402
// §11.1.2 CreateDateTimeFormat: an unknown `timeZone` is a RangeError). UTC stays the
// default, and a zone whose offset is 0 throughout a window reads like UTC.

export const DEFAULT_TIME_ZONE = "UTC";

/** IANA names are letters, digits and `/_+-` (tz-link.html "Names of timezones"); no bare offsets. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Every zone the runtime knows (its CLDR spelling: `Asia/Calcutta`), for the app's picker; UTC first. */
export function supportedTimeZones(): string[] {
  const all = Intl.supportedValuesOf("timeZone");
  return [DEFAULT_TIME_ZONE, ...all.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

/**
 * The zone as the runtime spells it when that differs only in case
 * (`america/new_york` → `America/New_York`), else as given: workerd's ICU answers the
 * older CLDR names (`Asia/Kolkata` resolves to `Asia/Calcutta`), and a client gets
 * back the name it sent. Anything the runtime's tz database does not name is refused
 * as `invalid_timezone`.
 */
export function parseTimeZone(name: string): Result<string, "invalid_timezone"> {
  const refused = refusal(
    "invalid_timezone",
    `Unknown time zone "${name.slice(0, 64)}": send an IANA name such as Europe/Berlin, America/New_York or UTC`,
    { field: "timezone" },
  );
  if (!IANA_NAME.test(name)) return refused;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return ok(resolved.toLowerCase() === name.toLowerCase() ? resolved : name);
  } catch {
    return refused;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at `ms`, as the epoch ms of the same wall clock in UTC (seconds precision). */
function wallClock(zone: string, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** UTC offset of `zone` at instant `ms`, in ms (Berlin in winter: +3 600 000). */
export function zoneOffsetMs(zone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(zone, whole) - whole;
}

/** The calendar day in `zone` that `ms` falls in, `YYYY-MM-DD`. */
export function localDay(zone: string, ms: number): string {
  return new Date(ms + zoneOffsetMs(zone, ms)).toISOString().slice(0, 10);
}

/**
 * The first instant of local day `day` (`YYYY-MM-DD`) in `zone`: its midnight, the
 * earlier one when midnight happens twice, or the end of the gap when a change skips
 * midnight (the day then starts at 01:00). The candidates are midnight read with the
 * offsets a day either side; the earliest one that falls on `day` is its start.
 */
export function localDayStartOf(zone: string, day: string): number {
  const wall = Date.parse(`${day}T00:00:00.000Z`);
  const candidates = [wall - zoneOffsetMs(zone, wall - DAY_MS), wall - zoneOffsetMs(zone, wall + DAY_MS)];
  const onDay = candidates.filter((t) => localDay(zone, t) === day).sort((a, b) => a - b);
  if (onDay.length === 0) throw new Error(`no instant of ${day} in ${zone}`);
  return onDay[0];
}

/** Start of the local day in `zone` that `ms` falls in. */
export function localDayStart(zone: string, ms: number): number {
  return localDayStartOf(zone, localDay(zone, ms));
}

/** Start of the local day after the one that starts at `dayStart` (23, 24 or 25 hours later). */
export function nextLocalDayStart(zone: string, dayStart: number): number {
  // Noon of the next day: past a 25-hour day, before the end of a 23-hour next one.
  return localDayStart(zone, dayStart + DAY_MS + 12 * HOUR_MS);
}

/** Start of the local day before the one that starts at `dayStart`. */
export function previousLocalDayStart(zone: string, dayStart: number): number {
  return localDayStart(zone, dayStart - 12 * HOUR_MS);
}

/** A stretch of [from, to) in which `zone` keeps one offset. */
export interface OffsetSpan {
  from: number;
  to: number;
  offsetMs: number;
}

/**
 * The offsets `zone` has over [start, end), in order: one span without a change, one
 * more for each change (DST). Changes are found by sampling every 6 hours (no zone
 * changes twice within 6 hours) and bisected to the second they happen.
 */
export function offsetSpans(zone: string, start: number, end: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let from = start;
  let offset = zoneOffsetMs(zone, start);
  const step = 6 * HOUR_MS;
  for (let t = start; t < end; ) {
    const next = Math.min(t + step, end - 1);
    const nextOffset = zoneOffsetMs(zone, next);
    if (nextOffset !== offset) {
      // Offsets change on whole seconds: bisect seconds, lo on the old offset, hi on the new.
      let lo = Math.floor(t / 1000);
      let hi = Math.floor(next / 1000);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (zoneOffsetMs(zone, mid * 1000) === offset) lo = mid;
        else hi = mid;
      }
      hi *= 1000;
      spans.push({ from, to: hi, offsetMs: offset });
      from = hi;
      offset = nextOffset;
    }
    if (next >= end - 1) break;
    t = next;
  }
  spans.push({ from, to: end, offsetMs: offset });
  return spans;
}

/** True when `zone` is at UTC+0 throughout [start, end): the UTC reading is exact. */
export function isUtcOver(zone: string, start: number, end: number): boolean {
  return zone === DEFAULT_TIME_ZONE || offsetSpans(zone, start, end).every((s) => s.offsetMs === 0);
}

/** True when every offset of `zone` over [start, end) is a whole number of hours. */
export function wholeHourOffsets(zone: string, start: number, end: number): boolean {
  return offsetSpans(zone, start, end).every((s) => s.offsetMs % HOUR_MS === 0);
}

/** RFC 3339 with the zone's offset at that instant (`2026-03-29T00:00:00.000+01:00`), `Z` for +00:00. */
export function zonedIso(zone: string, ms: number): string {
  const offset = zoneOffsetMs(zone, ms);
  const local = new Date(ms + offset).toISOString().slice(0, 23);
  if (offset === 0) return `${local}Z`;
  const abs = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${offset < 0 ? "-" : "+"}${hh}:${mm}`;
}
