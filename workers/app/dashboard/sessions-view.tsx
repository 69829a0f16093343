import { agentKindName, outcomeName, platformName, VERIFICATION_NAMES } from "@shared/display/display-names";
import { SESSION_FILTER_NAMES, SESSION_FILTER_WORDS, type SessionFilters } from "@shared/reads/session-filters";
import type { SessionListsAnswer } from "@shared/reads/session-lists";
import type { Context } from "hono";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { durationText } from "./report-window-form";
import { WhatIsThis } from "./what-is-this";

// The Sessions page's parts, drawn from the session lists use case's answer
// (shared/reads/session-lists.ts).

/** A filter's choices: the API's codes as values, their display names as labels. */
function Select(props: {
  name: string;
  label: string;
  values: readonly string[];
  value?: string;
  nameOf: (code: string) => string;
}) {
  return (
    <div class="field">
      <label for={`f-${props.name}`}>{props.label}</label>
      <select id={`f-${props.name}`} name={props.name}>
        <option value="">All</option>
        {props.values.map((v) => (
          <option value={v} selected={props.value === v}>
            {props.nameOf(v)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One select per declared filter (shared/reads/session-filters.ts); a filter without fixed choices offers the values seen. */
export function SessionFiltersForm(props: {
  action: string;
  period?: string;
  filters: SessionFilters;
  seen: string[];
}) {
  return (
    <form method="get" action={props.action} class="filters" aria-label="Filter sessions">
      {props.period ? <input type="hidden" name="period" value={props.period} /> : null}
      {SESSION_FILTER_NAMES.map((name) => {
        const filter = SESSION_FILTER_WORDS[name];
        const value = props.filters[name];
        const seen = value && !props.seen.includes(value) ? [...props.seen, value] : props.seen;
        const values = filter.choices ?? seen;
        return <Select name={name} label={filter.label} values={values} value={value} nameOf={filter.nameOf} />;
      })}
      <button type="submit">Filter</button>
    </form>
  );
}

export function SessionsTable(props: { c: Context; results: SessionListsAnswer["sessions"]["results"] }) {
  return (
    <DataTable
      caption={{ text: "AI-agent sessions, newest first", visible: false }}
      columns={["Started", "Platform", "What it was", "Verification", "Outcome", "Pages", "Duration", "Entry"]}
    >
      {props.results.map((s) => (
        <tr data-session={s.session_id}>
          <td data-label="Started">
            <a href={appHref(props.c, `/sessions/${encodeURIComponent(s.session_id)}`)}>
              <Time at={s.started_at} />
            </a>
          </td>
          <td data-label="Platform">{platformName(s.agent_platform)}</td>
          <td data-label="What it was" data-kind={s.agent_kind}>
            {agentKindName(s.agent_kind)}
          </td>
          <td data-label="Verification" data-tier={s.tier} data-verification={s.verification}>
            {VERIFICATION_NAMES[s.verification]}
          </td>
          <td data-label="Outcome" data-outcome={s.outcome}>
            {outcomeName(s.outcome)}
            {s.outcome_settled ? "" : " (so far)"}
          </td>
          <td data-label="Pages">{s.page_count}</td>
          <td data-label="Duration">{durationText(s.duration_ms)}</td>
          <td data-label="Entry">
            <code>{s.entry_url}</code>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function FailingList(props: { c: Context; failing: SessionListsAnswer["failing"] }) {
  const { c, failing } = props;
  return (
    <>
      <h2>
        Failing sessions <span data-metric="failing_total">{failing.total_matching}</span>
      </h2>
      <WhatIsThis id="failing_sessions" />
      <p class="hint">The labels do not say why a visit ended.</p>
      {failing.results.length === 0 ? (
        <p>None in this window.</p>
      ) : (
        <ul>
          {failing.results.map((f) => (
            <li>
              <a href={appHref(c, `/sessions/${encodeURIComponent(f.session_id)}`)}>
                {platformName(f.agent_platform)} · {f.reason === "abandoned" ? "left the cart" : "bounced"} ·{" "}
                <Time at={f.started_at} />
              </a>{" "}
              <code>{f.entry_url}</code> → <code>{f.exit_url}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
