import { DAY_MS } from "@shared/time/durations";
import { localDay } from "@shared/time/time-zone";
import { DEFAULT_REPORT_PERIOD } from "@shared/vocabulary/report-periods";
import { type DashboardQuery, queryString, withWindow } from "./dashboard-query";

// The dashboard's period picker (docs/app.md "The dashboard at a glance"): presets as
// plain links (they keep the filters), the chosen one marked, and a custom range of
// whole days in the workspace's zone behind a disclosure. Days are the zone's: "Today"
// is from local midnight to now, "Last month" the calendar month before this one.

export interface PeriodPreset {
  label: string;
  window: { period?: string; from?: string; to?: string };
}

/** "2026-11-01" for the first day of the month of `day` ("2026-11-29"). */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The presets at `nowMs` in `zone`: named periods, and day ranges written as from/to. */
export function periodPresets(nowMs: number, zone: string): PeriodPreset[] {
  const today = localDay(zone, nowMs);
  // Noon of the local day is inside it whatever the offset; a day back from there is yesterday.
  const noon = Date.parse(`${today}T12:00:00Z`);
  const yesterday = new Date(noon - DAY_MS).toISOString().slice(0, 10);
  const lastMonthEnd = new Date(Date.parse(`${monthStart(today)}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return [
    { label: "Today", window: { from: today, to: today } },
    { label: "Yesterday", window: { from: yesterday, to: yesterday } },
    { label: "Last hour", window: { period: "1h" } },
    { label: "Last 24 hours", window: { period: "24h" } },
    { label: "Last 7 days", window: { period: "7d" } },
    { label: "Last 30 days", window: { period: "30d" } },
    { label: "Month to date", window: { from: monthStart(today), to: today } },
    { label: "Last month", window: { from: monthStart(lastMonthEnd), to: lastMonthEnd } },
    { label: "Last 90 days", window: { period: "90d" } },
  ];
}

/** The preset the query shows, if any (the default period when it names none). */
function isShown(p: PeriodPreset, q: DashboardQuery): boolean {
  if (q.from) return p.window.from === q.from && p.window.to === (q.to ?? q.from);
  return p.window.period === (q.period ?? DEFAULT_REPORT_PERIOD);
}

export function PeriodPicker(props: {
  /** The dashboard's address without a query. */
  base: string;
  query: DashboardQuery;
  nowMs: number;
  zone: string;
  /** The refused range's sentence (reversed, in the future, too long), shown inline; the default period is shown then. */
  problem?: string | null;
}) {
  const { query, zone } = props;
  const presets = periodPresets(props.nowMs, zone);
  const custom = Boolean(query.from) && !presets.some((p) => isShown(p, query));
  return (
    <div class="period">
      <nav aria-label="Period">
        <ul class="period-presets">
          {presets.map((p) => (
            <li>
              <a
                href={`${props.base}${queryString(withWindow(query, p.window))}`}
                aria-current={isShown(p, props.problem ? { filters: query.filters } : query) ? "true" : undefined}
              >
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <details class="period-custom" open={custom || Boolean(props.problem)}>
        <summary>Custom range</summary>
        <form method="get" action={props.base} class="period">
          {props.problem ? (
            <p class="notice notice-error period-problem" role="alert" id="period-problem">
              {props.problem}
            </p>
          ) : null}
          <div class="field">
            <label for="from">From ({zone} day)</label>
            <input
              id="from"
              name="from"
              type="date"
              required
              value={query.from ?? ""}
              aria-invalid={props.problem ? "true" : undefined}
              aria-describedby={props.problem ? "period-problem" : undefined}
            />
          </div>
          <div class="field">
            <label for="to">To ({zone} day)</label>
            <input id="to" name="to" type="date" value={query.to ?? ""} />
          </div>
          {/* The filters stay with the new range. */}
          {Object.entries(query.filters).map(([name, value]) => (
            <input type="hidden" name={name} value={value} />
          ))}
          <button type="submit">Show</button>
        </form>
      </details>
    </div>
  );
}
