/** A time as "2026-11-22 11:46 UTC" in a <time> element (server-rendered, so UTC). */
export function Time(props: { at: number | null; never?: string }) {
  if (props.at === null) return <>{props.never ?? "Never"}</>;
  const iso = new Date(props.at).toISOString();
  return <time datetime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>;
}
