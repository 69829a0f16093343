import { raw } from "hono/html";
import { daysOfWindow } from "./report-window-form";

export interface DailyPoint {
  day: string;
  key: string;
  sessions: number;
}

/**
 * A daily series chart (drawn by uPlot in the browser from the JSON block beside it) and
 * the same numbers as a table, so the chart is never the only way to read them.
 */
export function DailyChart(props: { id: string; title: string; start: number; end: number; points: DailyPoint[] }) {
  const days = daysOfWindow(props.start, props.end);
  const keys = [...new Set(props.points.map((p) => p.key))];
  const value = new Map(props.points.map((p) => [`${p.day}\u0000${p.key}`, p.sessions]));
  const series = keys.map((key) => ({ label: key, values: days.map((d) => value.get(`${d}\u0000${key}`) ?? 0) }));
  const data = { unit: "sessions", x: days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), series };
  // JSON inside <script type="application/json"> is data, not code (the CSP allows no
  // inline script); "<" is escaped so no value can close the element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  if (keys.length === 0) return <p class="hint">No sessions in this window.</p>;
  return (
    <figure aria-labelledby={`${props.id}-caption`}>
      <div class="chart" data-chart={`${props.id}-data`} aria-hidden="true" />
      {raw(`<script type="application/json" id="${props.id}-data">${json}</script>`)}
      <figcaption id={`${props.id}-caption`} class="hint">
        {props.title}: sessions per UTC day. Each line has its own dash pattern; the table holds the same numbers.
      </figcaption>
      <details>
        <summary>
          {props.title} as a table<span class="visually-hidden"> ({props.id})</span>
        </summary>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {keys.map((k) => (
                  <th scope="col">{k}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr>
                  <th scope="row">{d}</th>
                  {series.map((s) => (
                    <td data-label={s.label}>{s.values[i]}</td>
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
