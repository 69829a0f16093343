// The application's one time format: "2026-11-22 11:46 UTC" (with seconds where a
// journey needs them, "2026-11-22 11:46:05 UTC"), always in a <time> element whose
// datetime attribute carries the exact instant. Pages are rendered on the server, so
// times are UTC and say so.

/** "2026-11-22 11:46 UTC" for an instant in milliseconds or an RFC 3339 string. */
export function timeText(at: number | string, seconds = false): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)} UTC`;
}

export function Time(props: { at: number | string | null; never?: string; seconds?: boolean }) {
  if (props.at === null) return <>{props.never ?? "Never"}</>;
  const iso = new Date(props.at).toISOString();
  return <time datetime={iso}>{timeText(props.at, props.seconds)}</time>;
}
