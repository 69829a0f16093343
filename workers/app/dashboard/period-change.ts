// How a tile's number moved against the previous equal period (compare=previous,
// docs/reports.md "Comparison with the previous period"). Words and an arrow, never
// colour alone: the direction is in the text.

export type Direction = "up" | "down" | "same";

export interface Change {
  direction: Direction;
  /** "▲ 25% (was 8)", "▼ 3.5 pts (was 12.5%)", "new (was 0)", "no change". */
  text: string;
}

const ARROW: Record<Direction, string> = { up: "▲", down: "▼", same: "=" };

function direction(delta: number): Direction {
  return delta > 0 ? "up" : delta < 0 ? "down" : "same";
}

/** A count against its previous value: relative change, whole percent. */
export function countChange(current: number, previous: number, shown: (n: number) => string = String): Change {
  const d = direction(current - previous);
  if (d === "same") return { direction: d, text: `no change (was ${shown(previous)})` };
  if (previous === 0) return { direction: d, text: `${ARROW[d]} new (was ${shown(previous)})` };
  const pct = Math.round((Math.abs(current - previous) / previous) * 100);
  return { direction: d, text: `${ARROW[d]} ${pct}% (was ${shown(previous)})` };
}

/** A percentage against its previous value: the difference in points, one decimal. */
export function shareChange(current: number, previous: number): Change {
  const delta = Math.round((current - previous) * 10) / 10;
  const d = direction(delta);
  if (d === "same") return { direction: d, text: `no change (was ${previous}%)` };
  return { direction: d, text: `${ARROW[d]} ${Math.abs(delta)} pts (was ${previous}%)` };
}
