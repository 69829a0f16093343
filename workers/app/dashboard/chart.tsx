import type { SeriesInterval } from "@shared/reports/report-params";
import { raw } from "hono/html";

/** A report's time series as the API gives it: bucket starts and one zero-filled line per key. */
export interface ChartSeries {
  interval: SeriesInterval;
  buckets: string[];
  lines: Array<{ label: string; sessions: number[] }>;
  /** The previous equal period's total per bucket, bucket i of it beside bucket i of this one. */
  previous?: { label: string; sessions: number[] };
  /** The zone of the buckets (the workspace's, docs/app.md "Time zone"); UTC when absent. */
  zone?: string;
}

/**
 * The previous period's series summed over its lines and aligned by bucket index with
 * this period's buckets (equal windows have as many buckets when the length is a whole
 * number of buckets, as the app's periods and day ranges are; extra ones are dropped).
 */
export function previousTotals(buckets: number, previousLines: Array<{ sessions: number[] }>): number[] {
  return Array.from({ length: buckets }, (_, i) => previousLines.reduce((n, l) => n + (l.sessions[i] ?? 0), 0));
}

/** "2026-11-22 13:00" for an hour bucket, "2026-11-22" for a day: the wall clock of the bucket's RFC 3339 start (UTC or local). */
function bucketLabel(interval: SeriesInterval, iso: string): string {
  return interval === "hour" ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

/** The chart's legend: one toggle per series (the script reveals it), its latest count until a bucket is hovered. */
function Legend(props: {
  id: string;
  interval: SeriesInterval;
  buckets: string[];
  lines: Array<{ label: string; sessions: number[] }>;
  previous?: { label: string; sessions: number[] };
}) {
  const last = props.buckets.length - 1;
  const latest = (values: number[]) => (last < 0 ? 0 : (values[last] ?? 0));
  return (
    <div class="chart-legend" data-legend={`${props.id}-data`} hidden>
      <p class="hint legend-at">
        <span data-legend-at>Latest: {last < 0 ? "" : bucketLabel(props.interval, props.buckets[last])}</span>
        <span class="visually-hidden">. Each button shows or hides its series.</span>
      </p>
      <ul>
        {props.lines.map((l, i) => (
          <li>
            <button type="button" class={`legend-item series-${i % 8}`} aria-pressed="true" data-series={i}>
              <span class="swatch" aria-hidden="true">
                {SHAPE_SIGNS[i % SHAPE_SIGNS.length]}
              </span>
              <span class="legend-label">{l.label}</span>
              <span class="legend-value" data-value>
                {latest(l.sessions)}
              </span>
            </button>
          </li>
        ))}
        {props.previous ? (
          <li>
            <button type="button" class="legend-item previous" aria-pressed="true" data-series={props.lines.length}>
              <span class="swatch" aria-hidden="true">
                ┄
              </span>
              <span class="legend-label">{props.previous.label}</span>
              <span class="legend-value" data-value>
                {latest(props.previous.sessions)}
              </span>
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The marker shapes of the series, in order (chart-js.ts draws the same shapes). */
const SHAPE_SIGNS = ["●", "■", "▲", "◆", "✚", "▼", "○", "□"];

/**
 * A time series chart (drawn by uPlot in the browser from the JSON block beside it) and
 * the same numbers as a table, so the chart is never the only way to read them. The
 * points are the API's own buckets and counts, unchanged.
 */
export function SeriesChart(props: { id: string; title: string; series: ChartSeries }) {
  const { interval, buckets, previous } = props.series;
  const zone = props.series.zone ?? "UTC";
  if (props.series.lines.length === 0) return <p class="hint">No sessions in this window.</p>;
  const lines = previous ? [...props.series.lines, previous] : props.series.lines;
  const data = {
    unit: "sessions",
    interval,
    zone,
    x: buckets.map((b) => Date.parse(b) / 1000),
    // The previous period is last and marked `overlay`: a line over the bands, never stacked.
    series: [
      ...props.series.lines.map((l) => ({ label: l.label, values: l.sessions })),
      ...(previous ? [{ label: previous.label, values: previous.sessions, overlay: true }] : []),
    ],
  };
  // JSON inside <script type="application/json"> is data, not code (the CSP allows no
  // inline script); "<" is escaped so no value can close the element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <figure aria-labelledby={`${props.id}-caption`} class="chart-figure">
      <Legend id={props.id} interval={interval} buckets={buckets} lines={props.series.lines} previous={previous} />
      <div class="chart" data-chart={`${props.id}-data`} aria-hidden="true" />
      {raw(`<script type="application/json" id="${props.id}-data">${json}</script>`)}
      <figcaption id={`${props.id}-caption`} class="hint">
        {props.title}: sessions per {zone === "UTC" ? `UTC ${interval}` : `${interval} (${zone})`}, stacked (each band
        sits on the one below it, the top edge is the total). Each series has its own colour, edge pattern and marker
        shape; the legend shows each series' latest count (or the hovered one) and shows or hides it, and the table
        holds the same numbers.
        {previous
          ? ` "${previous.label}" is the previous equal period, bucket by bucket, drawn as a line over the bands.`
          : null}
      </figcaption>
      <details>
        <summary>{props.title} as a table</summary>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">
                  {interval === "hour" ? "Hour" : "Day"} ({zone})
                </th>
                {lines.map((l) => (
                  <th scope="col">{l.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {buckets.map((b, i) => (
                <tr>
                  <th scope="row">{bucketLabel(interval, b)}</th>
                  {lines.map((l) => (
                    <td data-label={l.label}>{l.sessions[i]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
