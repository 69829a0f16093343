import { PERIOD_NAMES } from "@shared/display/display-names";
import { REPORT_PERIODS } from "@shared/vocabulary/report-periods";

const sentenceCase = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The period picker: the contract's periods and a custom range of whole days in the workspace's zone. */
export function PeriodForm(props: {
  action: string;
  period?: string;
  from?: string;
  to?: string;
  problem?: string | null;
  /** The workspace's zone (docs/app.md "Time zone"); UTC when absent. */
  zone?: string;
}) {
  const zone = props.zone ?? "UTC";
  return (
    <form method="get" action={props.action} class="period">
      {props.problem ? (
        <p class="notice notice-error period-problem" role="alert" id="period-problem">
          {props.problem}
        </p>
      ) : null}
      <div class="field">
        <label for="period">Period</label>
        <select id="period" name="period">
          {REPORT_PERIODS.map((p) => (
            // A refused range shows the default period, so the select says which.
            <option value={p} selected={(props.period ?? "7d") === p && (!props.from || Boolean(props.problem))}>
              {sentenceCase(PERIOD_NAMES[p])}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="from">From ({zone} day)</label>
        <input
          id="from"
          name="from"
          type="date"
          value={props.from ?? ""}
          aria-invalid={props.problem ? "true" : undefined}
          aria-describedby={props.problem ? "period-problem" : undefined}
        />
      </div>
      <div class="field">
        <label for="to">To ({zone} day)</label>
        <input id="to" name="to" type="date" value={props.to ?? ""} />
      </div>
      <button type="submit">Show</button>
    </form>
  );
}
