import type { Child } from "hono/jsx";

/** One headline number: `metric` names it for tests and scripts (`data-metric`). */
export interface Tile {
  metric: string;
  value: Child;
  label: Child;
}

/** The row of headline numbers at the top of a dashboard page. */
export function Tiles(props: { label: string; tiles: Tile[] }) {
  return (
    <ul class="tiles" aria-label={props.label}>
      {props.tiles.map((tile) => (
        <li>
          <span class="value" data-metric={tile.metric}>
            {tile.value}
          </span>
          <span class="label">{tile.label}</span>
        </li>
      ))}
    </ul>
  );
}
