import { timeText } from "@shared/display/time-text";
import { DEFAULT_TIME_ZONE } from "@shared/time/time-zone";
import { createContext, useContext } from "hono/jsx";

// The application's <time> elements: the one time format (shared/display/time-text.ts)
// in the workspace's zone as text, the exact instant in UTC in the datetime attribute.
// Pages are rendered on the server in the workspace's time zone (docs/app.md "Time
// zone"), which `renderPage` provides to every <Time> through this context.

/** The zone every <Time> of the page being rendered shows; UTC outside a workspace. */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

export function Time(props: { at: number | string | null; never?: string; seconds?: boolean }) {
  const zone = useContext(TimeZoneContext);
  if (props.at === null) return <>{props.never ?? "Never"}</>;
  const iso = new Date(props.at).toISOString();
  return <time datetime={iso}>{timeText(props.at, props.seconds, zone)}</time>;
}
