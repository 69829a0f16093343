import { agentName, POLICY_ACTION_NAMES, POLICY_PURPOSE_NAMES, platformName } from "@shared/display/display-names";
import type { BlockedRequests } from "@shared/policy/blocked-requests-schema";
import type { PolicyCosts } from "@shared/policy/policy-costs-schema";
import type { PolicyCatalogue, SitePolicy } from "@shared/policy/site-policy-view";
import { EXCEPTION_ACTIONS, POLICY_ACTIONS, type PolicyAction } from "@shared/vocabulary/policy-actions";
import { POLICY_PURPOSES, type PolicyPurpose } from "@shared/vocabulary/policy-purposes";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { FIELD, NO_RULE, REMOVE, scopeValue } from "./policy-form";

// The parts of the agent policy page (policy-page.tsx): what each agent did and would
// cost, the policy's form, the managed robots.txt and what was blocked.

const n = (x: number | null) => (x === null ? "–" : x.toLocaleString("en"));

function ActionOptions(props: { selected: string; actions?: readonly string[] }) {
  return (
    <>
      {(props.actions ?? POLICY_ACTIONS).map((a) => (
        <option value={a} selected={props.selected === a}>
          {POLICY_ACTION_NAMES[a as PolicyAction]}
        </option>
      ))}
    </>
  );
}

function PurposeOptions(props: { selected: string | null; any?: string }) {
  return (
    <>
      {props.any ? (
        <option value="" selected={props.selected === null}>
          {props.any}
        </option>
      ) : null}
      {POLICY_PURPOSES.map((p) => (
        <option value={p} selected={props.selected === p}>
          {POLICY_PURPOSE_NAMES[p]}
        </option>
      ))}
    </>
  );
}

/** What blocking each agent seen in 30 days would have stopped: the reports' own numbers. */
export function CostTable(props: { costs: PolicyCosts }) {
  const { costs } = props;
  if (costs.agents.length === 0)
    return (
      <div class="empty" data-state="no_agents">
        <p>No AI agent made a request or a visit in the last 30 days, so no choice here has a cost yet.</p>
      </div>
    );
  return (
    <DataTable
      caption={{ text: "What blocking each agent would have stopped in the last 30 days", visible: false }}
      columns={[
        "Agent",
        "Requests",
        "Against robots.txt",
        "Visits (with an order)",
        "Referrals at stake",
        "Orders at stake",
        "If blocked",
      ]}
    >
      {costs.agents.map((a) => (
        <tr data-agent={a.token}>
          <th scope="row" data-label="Agent">
            {a.token}
            <span class="hint">
              {" "}
              {a.operator} · {POLICY_PURPOSE_NAMES[a.purpose]}
            </span>
          </th>
          <td data-label="Requests" data-metric="requests">
            {n(a.requests)}
          </td>
          <td data-label="Against robots.txt" data-metric="robots_violations">
            {n(a.robots_violations)}
          </td>
          <td data-label="Visits (with an order)">
            <span data-metric="visits">{n(a.visits)}</span>
            {a.visits === null ? null : (
              <>
                {" "}
                (<span data-metric="visits_with_order">{n(a.visits_with_order)}</span>)
              </>
            )}
          </td>
          <td data-label="Referrals at stake" data-metric="referrals_at_stake">
            {n(a.referrals_at_stake)}
          </td>
          <td data-label="Orders at stake" data-metric="orders_at_stake">
            {n(a.orders_at_stake)}
          </td>
          <td data-label="If blocked" data-metric="summary">
            {a.summary}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The default of each purpose. */
export function DefaultsFieldset(props: { policy: SitePolicy; disabled: boolean }) {
  return (
    <fieldset disabled={props.disabled}>
      <legend>Default for each purpose</legend>
      <p class="hint">What an agent gets when no rule names it or its operator. People are never affected.</p>
      {POLICY_PURPOSES.map((p) => (
        <div class="field">
          <label for={`default-${p}`}>{POLICY_PURPOSE_NAMES[p]}</label>
          <select id={`default-${p}`} name={FIELD.default(p)}>
            <ActionOptions selected={props.policy.defaults[p]} />
          </select>
        </div>
      ))}
    </fieldset>
  );
}

/** One select per agent seen or ruled, and a row to add a rule for any other agent. */
export function AgentRules(props: {
  policy: SitePolicy;
  shown: readonly string[];
  catalogue: PolicyCatalogue;
  disabled: boolean;
}) {
  const byToken = new Map(props.catalogue.agents.map((a) => [a.token, a]));
  const ruleOf = new Map(props.policy.agents.map((r) => [r.agent, r.action]));
  return (
    <fieldset disabled={props.disabled}>
      <legend>Agents</legend>
      <p class="hint">
        An agent that cannot be verified (its operator publishes no addresses) is always judged as claimed: a rule can
        block it, but never let it further than its purpose's default.
      </p>
      <DataTable caption={{ text: "A rule per agent", visible: false }} columns={["Agent", "Verified by", "Rule"]}>
        {props.shown.map((token, i) => {
          const a = byToken.get(token);
          return (
            <tr data-rule-agent={token}>
              <th scope="row" data-label="Agent">
                {token}
                {a ? (
                  <span class="hint">
                    {" "}
                    {a.operator} · {POLICY_PURPOSE_NAMES[a.purpose as PolicyPurpose]}
                  </span>
                ) : null}
              </th>
              <td data-label="Verified by">{a?.verifiable ? "published addresses" : "cannot be verified"}</td>
              <td data-label="Rule">
                <label class="visually-hidden" for={`agent-rule-${i}`}>
                  Rule for {token}
                </label>
                <select id={`agent-rule-${i}`} name={FIELD.agent(token)}>
                  <option value={NO_RULE} selected={!ruleOf.has(token)}>
                    No rule of its own
                  </option>
                  <ActionOptions selected={ruleOf.get(token) ?? ""} />
                </select>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <div class="field">
        <label for="new-agent">Add a rule for another agent</label>
        <select id="new-agent" name={FIELD.newAgent}>
          <option value="">None</option>
          {props.catalogue.agents
            .filter((a) => !props.shown.includes(a.token))
            .map((a) => (
              <option value={a.token}>
                {a.token} ({a.operator})
              </option>
            ))}
        </select>
      </div>
      <div class="field">
        <label for="new-agent-action">Its rule</label>
        <select id="new-agent-action" name={FIELD.newAgentAction}>
          <ActionOptions selected="block" />
        </select>
      </div>
    </fieldset>
  );
}

export function OperatorRules(props: { policy: SitePolicy; catalogue: PolicyCatalogue; disabled: boolean }) {
  return (
    <fieldset disabled={props.disabled}>
      <legend>Operators</legend>
      {props.policy.operators.map((r, i) => (
        <div class="field-row" data-rule-operator={r.operator}>
          <input type="hidden" name={FIELD.operator(i, "operator")} value={r.operator} />
          <span>{r.operator}</span>
          <label for={`operator-${i}-purpose`}>Purpose</label>
          <select id={`operator-${i}-purpose`} name={FIELD.operator(i, "purpose")}>
            <PurposeOptions selected={r.purpose} any="All its agents" />
          </select>
          <label for={`operator-${i}-action`}>Rule for {r.operator}</label>
          <select id={`operator-${i}-action`} name={FIELD.operator(i, "action")}>
            <ActionOptions selected={r.action} />
            <option value={REMOVE}>Remove this rule</option>
          </select>
        </div>
      ))}
      <div class="field">
        <label for="new-operator">Add a rule for an operator</label>
        <select id="new-operator" name={FIELD.newOperator}>
          <option value="">None</option>
          {props.catalogue.operators.map((o) => (
            <option value={o}>{o}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="new-operator-purpose">For its agents of</label>
        <select id="new-operator-purpose" name={FIELD.newOperatorPurpose}>
          <PurposeOptions selected={null} any="Every purpose" />
        </select>
      </div>
      <div class="field">
        <label for="new-operator-action">Its rule</label>
        <select id="new-operator-action" name={FIELD.newOperatorAction}>
          <ActionOptions selected="allow" />
        </select>
      </div>
    </fieldset>
  );
}

function ScopeOptions(props: { selected: string; catalogue: PolicyCatalogue }) {
  const option = (value: string, label: string) => (
    <option value={value} selected={props.selected === value}>
      {label}
    </option>
  );
  return (
    <>
      {option("everyone", "Every agent")}
      {POLICY_PURPOSES.map((p) => option(`purpose:${p}`, `Agents of purpose: ${POLICY_PURPOSE_NAMES[p]}`))}
      {props.catalogue.operators.map((o) => option(`operator:${o}`, `Operator: ${o}`))}
      {props.catalogue.agents.map((a) => option(`agent:${a.token}`, `Agent: ${a.token}`))}
    </>
  );
}

export function ExceptionRules(props: { policy: SitePolicy; catalogue: PolicyCatalogue; disabled: boolean }) {
  return (
    <fieldset disabled={props.disabled}>
      <legend>Path exceptions</legend>
      <p class="hint">
        Inside a path prefix, allow or block replaces the agent's rule: the longest prefix wins, then the narrowest
        scope. Write the path as requested (`/account`, `/products`), without `*` or `%`.
      </p>
      {props.policy.exceptions.map((e, i) => (
        <div class="field-row" data-exception={e.path_prefix}>
          <label for={`exception-${i}-prefix`}>Path prefix</label>
          <input type="text" id={`exception-${i}-prefix`} name={FIELD.exception(i, "prefix")} value={e.path_prefix} />
          <label for={`exception-${i}-action`}>Action</label>
          <select id={`exception-${i}-action`} name={FIELD.exception(i, "action")}>
            <ActionOptions selected={e.action} actions={EXCEPTION_ACTIONS} />
          </select>
          <label for={`exception-${i}-scope`}>For</label>
          <select id={`exception-${i}-scope`} name={FIELD.exception(i, "scope")}>
            <ScopeOptions selected={scopeValue(e)} catalogue={props.catalogue} />
          </select>
          <label>
            <input type="checkbox" name={FIELD.exception(i, "remove")} /> Remove
          </label>
        </div>
      ))}
      <div class="field">
        <label for="new-exception-prefix">Add an exception for the path prefix</label>
        <input type="text" id="new-exception-prefix" name={FIELD.newPrefix} placeholder="/account" />
      </div>
      <div class="field">
        <label for="new-exception-action">Action</label>
        <select id="new-exception-action" name={FIELD.newExceptionAction}>
          <ActionOptions selected="block" actions={EXCEPTION_ACTIONS} />
        </select>
      </div>
      <div class="field">
        <label for="new-exception-scope">For</label>
        <select id="new-exception-scope" name={FIELD.newExceptionScope}>
          <ScopeOptions selected="everyone" catalogue={props.catalogue} />
        </select>
      </div>
    </fieldset>
  );
}

export function RobotsFieldset(props: {
  policy: SitePolicy;
  ownRules: string;
  importedFrom: number | null;
  disabled: boolean;
}) {
  return (
    <fieldset disabled={props.disabled}>
      <legend>robots.txt and the 403's link</legend>
      <div class="checks">
        <label>
          <input type="checkbox" name={FIELD.robotsEnabled} checked={props.policy.robots.enabled} /> Serve the managed
          robots.txt from the collectors
        </label>
      </div>
      <div class="field">
        <label for="own-rules">Your own robots.txt rules (kept and merged)</label>
        <textarea id="own-rules" name={FIELD.ownRules} rows={8} spellcheck={false}>
          {props.ownRules}
        </textarea>
        {props.importedFrom !== null ? (
          <p class="hint">
            Filled in from the robots.txt your site served (first seen <Time at={props.importedFrom} />
            ): saving keeps it.
          </p>
        ) : null}
      </div>
      <div class="field">
        <label for="policy-url">Page a blocked agent's 403 links to (empty: your robots.txt)</label>
        <input type="url" id="policy-url" name={FIELD.policyUrl} value={props.policy.policy_url ?? ""} />
      </div>
    </fieldset>
  );
}

export function BlockedTable(props: { blocked: BlockedRequests }) {
  const { blocked } = props;
  if (blocked.agents.length === 0)
    return <p class="hint">No request was blocked in the last 30 days (collectors report each one they stop).</p>;
  return (
    <DataTable
      caption={{ text: "Requests the collectors answered 403 under this policy", visible: false }}
      columns={["Agent", "Blocked", "Verified", "Claimed only", "By robots.txt", "Last"]}
    >
      {blocked.agents.map((a) => (
        <tr data-blocked-agent={a.agent ?? a.platform}>
          <th scope="row" data-label="Agent">
            {a.agent ? agentName(a.agent) : platformName(a.platform)}
          </th>
          <td data-label="Blocked">{n(a.blocked)}</td>
          <td data-label="Verified">{n(a.verified)}</td>
          <td data-label="Claimed only">{n(a.declared)}</td>
          <td data-label="By robots.txt">{n(a.by_reason.robots)}</td>
          <td data-label="Last">
            <Time at={a.last_at} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
