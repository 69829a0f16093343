import type { MetricId } from "@shared/metrics/metric-catalogue";
import { metricName } from "@shared/metrics/metric-text";
import type { Child } from "hono/jsx";
import type { Change } from "./period-change";
import { WhatIsThis } from "./what-is-this";

/**
 * One headline number: `metric` names it for tests and scripts (`data-metric`). A tile
 * that is a catalogue metric (`defined`) takes its label from the catalogue unless it
 * gives its own, so the name on the page is the one in the API, CSV and mail.
 */
export type Tile = TileParts & ({ label: Child; defined?: MetricId } | { label?: undefined; defined: MetricId });

interface TileParts {
  metric: string;
  value: Child;
  /** Against the previous equal period (compare=previous), when the page asked for it. */
  change?: Change;
  /** True when there is nothing to measure (the value says "No data", never a made-up 0). */
  noData?: boolean;
  /** One short line under the value: what the number leaves out, or why there is none. */
  footnote?: Child;
}

/**
 * The agent requests tile the three agent-request reports (AI errors, robots.txt
 * compliance, crawl-to-referral) share: one catalogue metric with one total on every
 * page; each page's footnote says how that total relates to the others.
 */
export function agentRequestsTile(value: number, footnote: Child): Tile {
  return { metric: "agent_requests", value, defined: "agent_requests", footnote };
}

/** The row of headline numbers at the top of a dashboard page (a stat tile each). */
export function Tiles(props: { label: string; tiles: Tile[] }) {
  return (
    <ul class="tiles" aria-label={props.label}>
      {props.tiles.map((tile) => (
        <li>
          <span class="label">{tile.label ?? (tile.defined ? metricName(tile.defined) : null)}</span>
          <span class="value" data-metric={tile.metric} data-no-data={tile.noData ? "" : undefined}>
            {tile.noData ? "No data" : tile.value}
          </span>
          {tile.change ? (
            <span
              class={`change change-${tile.change.direction}`}
              data-change={tile.metric}
              data-direction={tile.change.direction}
            >
              {tile.change.text}
              <span class="visually-hidden"> against the previous period</span>
            </span>
          ) : null}
          {tile.footnote ? <span class="footnote">{tile.footnote}</span> : null}
          {tile.defined ? <WhatIsThis id={tile.defined} /> : null}
        </li>
      ))}
    </ul>
  );
}
