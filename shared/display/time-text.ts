import { DEFAULT_TIME_ZONE, zoneOffsetMs } from "../time/time-zone";

// The one time format a person reads, on every page, mail and CSV (docs/app.md "Time
// zone"): "2026-11-22 11:46 UTC", or in a workspace's zone "2026-11-22 12:46 CET" (with
// seconds where a journey needs them); a day alone is "2026-11-22". Pages put it in a
// <time> element whose datetime attribute carries the exact instant; the API keeps
// RFC 3339 in UTC. Public pages, which belong to no workspace, show UTC.

const names = new Map<string, Intl.DateTimeFormat[]>();

/**
 * The zone's short name at that instant: "CET", "EST", "IST" where a locale's CLDR
 * data has one (en-US for the Americas, en-GB for Europe, en-IN for India), else the
 * offset "UTC+05:45".
 */
export function zoneName(zone: string, ms: number): string {
  if (zone === DEFAULT_TIME_ZONE) return "UTC";
  let formats = names.get(zone);
  if (!formats) {
    formats = ["en-US", "en-GB", "en-IN"].map(
      (locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }),
    );
    names.set(zone, formats);
  }
  for (const f of formats) {
    const name = f.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
    if (/^[A-Z]{2,5}$/.test(name)) return name;
  }
  const offset = zoneOffsetMs(zone, ms);
  if (offset === 0) return "UTC";
  const abs = Math.abs(offset) / 60_000;
  return `UTC${offset < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The wall clock of `at` in `zone` as "YYYY-MM-DDTHH:MM:SS" (an instant in ms or an RFC 3339 string). */
function wallClock(at: number | string, zone: string): { ms: number; text: string } {
  const ms = new Date(at).getTime();
  const local = zone === DEFAULT_TIME_ZONE ? ms : ms + zoneOffsetMs(zone, ms);
  return { ms, text: new Date(local).toISOString() };
}

/** "2026-11-22 11:46 UTC" (or "2026-11-22 12:46 CET" in `zone`; seconds when asked) for an instant in ms or an RFC 3339 string. */
export function timeText(at: number | string, seconds = false, zone: string = DEFAULT_TIME_ZONE): string {
  const { ms, text } = wallClock(at, zone);
  return `${text.slice(0, 10)} ${text.slice(11, seconds ? 19 : 16)} ${zoneName(zone, ms)}`;
}

/** "2026-11-22": the calendar day of an instant in `zone`. */
export function dateText(at: number | string, zone: string = DEFAULT_TIME_ZONE): string {
  return wallClock(at, zone).text.slice(0, 10);
}
