import { DEFAULT_TIME_ZONE, zoneOffsetMs } from "@shared/time/time-zone";
import { createContext, useContext } from "hono/jsx";

// The application's one time format: "2026-11-22 11:46 UTC", or in a workspace's zone
// "2026-11-22 12:46 CET" (with seconds where a journey needs them), always in a <time>
// element whose datetime attribute carries the exact instant in UTC. Pages are
// rendered on the server in the workspace's time zone (docs/app.md "Time zone"), which
// `renderPage` provides to every <Time> through this context.

/** The zone every <Time> of the page being rendered shows; UTC outside a workspace. */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

const names = new Map<string, Intl.DateTimeFormat[]>();

/**
 * The zone's short name at that instant: "CET", "EST", "IST" where a locale's CLDR
 * data has one (en-US for the Americas, en-GB for Europe, en-IN for India), else the
 * offset "UTC+05:45".
 */
function zoneName(zone: string, ms: number): string {
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

/** "2026-11-22 11:46 UTC" (or "2026-11-22 12:46 CET" in `zone`) for an instant in ms or an RFC 3339 string. */
export function timeText(at: number | string, seconds = false, zone: string = DEFAULT_TIME_ZONE): string {
  const ms = new Date(at).getTime();
  const utc = zone === DEFAULT_TIME_ZONE;
  const local = new Date(utc ? ms : ms + zoneOffsetMs(zone, ms)).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, seconds ? 19 : 16)} ${utc ? "UTC" : zoneName(zone, ms)}`;
}

export function Time(props: { at: number | string | null; never?: string; seconds?: boolean }) {
  const zone = useContext(TimeZoneContext);
  if (props.at === null) return <>{props.never ?? "Never"}</>;
  const iso = new Date(props.at).toISOString();
  return <time datetime={iso}>{timeText(props.at, props.seconds, zone)}</time>;
}
