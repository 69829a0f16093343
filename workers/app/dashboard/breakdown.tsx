import type { MetricId } from "@shared/metrics/metric-catalogue";
import type { Child } from "hono/jsx";
import { WhatIsThis } from "./what-is-this";

// A breakdown card of the dashboard (docs/app.md "The dashboard at a glance"): one
// dimension's rows, most sessions first, each row's name a link that filters the whole
// page by it, with a bar of its share behind it. The bar is an SVG rectangle (a
// presentation attribute, so no inline style is needed under the app's CSP) and hidden
// from assistive technology: the count and share are in the row's cells.

export interface BreakdownRow {
  label: Child;
  sessions: number;
  /** Percent of the card's total, one decimal (the API's share_pct). */
  share: number;
  /** The page filtered by this row; absent when the row cannot filter. */
  href?: string;
  /** True when the page is already filtered by this row. */
  current?: boolean;
  /** A short line under the name. */
  hint?: Child;
  /** `data-*` attributes of the row, for tests and scripts. */
  data?: Record<string, string | number>;
}

export function BreakdownCard(props: {
  id: string;
  title: string;
  /** What the card counts, in one sentence. */
  hint?: Child;
  /** Header of the name column ("AI platform", "Entry page"). */
  name: string;
  rows: BreakdownRow[];
  /** Said instead of an empty table. */
  empty: string;
  /** The card's one CSV download. */
  csv?: Child;
  children?: Child;
  /** The catalogue's metric the rows count: the card's "What is this?" (docs/metrics.md). */
  metric?: MetricId;
  /** Header of the count column: "Sessions" unless the rows count visits. */
  count?: string;
}) {
  return (
    <section class="card breakdown-card" aria-labelledby={`${props.id}-title`} data-card={props.id}>
      <div class="card-head">
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        {props.csv}
      </div>
      {props.hint ? <p class="hint">{props.hint}</p> : null}
      {props.metric ? <WhatIsThis id={props.metric} /> : null}
      {props.rows.length === 0 ? (
        <p class="empty-inline">{props.empty}</p>
      ) : (
        <table class="breakdown">
          <caption class="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">{props.name}</th>
              <th scope="col" class="num">
                {props.count ?? "Sessions"}
              </th>
              <th scope="col" class="num">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr {...Object.fromEntries(Object.entries(row.data ?? {}).map(([k, v]) => [`data-${k}`, String(v)]))}>
                <td class="bar-cell">
                  <svg class="bar" aria-hidden="true" viewBox="0 0 100 10" preserveAspectRatio="none">
                    <rect width={String(Math.max(0, Math.min(100, row.share)))} height="10" />
                  </svg>
                  {row.href ? (
                    <a href={row.href} aria-current={row.current ? "true" : undefined}>
                      {row.label}
                    </a>
                  ) : (
                    <span>{row.label}</span>
                  )}
                  {row.hint ? <span class="hint row-hint">{row.hint}</span> : null}
                </td>
                <td class="num" data-sessions={row.sessions}>
                  {row.sessions}
                </td>
                <td class="num">{row.share}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.children}
    </section>
  );
}
