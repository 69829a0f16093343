import type { PolicyRules, SitePolicyInput } from "@shared/policy/policy-schema";
import { POLICY_ACTIONS } from "@shared/vocabulary/policy-actions";
import { POLICY_PURPOSES } from "@shared/vocabulary/policy-purposes";

// The policy page's one form (policy-page.tsx) read back into the policy's input: the
// page writes the whole policy in one POST, as PUT /api/v1/sites/{site_id}/policy does,
// and `SitePolicyInput` then checks it exactly as the API would.

type Form = Record<string, string | File | (string | File)[]>;

const text = (form: Form, name: string): string => {
  const v = form[name];
  return typeof v === "string" ? v : "";
};

/** The names of the form's fields, declared once for the view and the reader. */
export const FIELD = {
  version: "version",
  default: (purpose: string) => `default.${purpose}`,
  agent: (token: string) => `agent.${token}`,
  newAgent: "new_agent",
  newAgentAction: "new_agent_action",
  operator: (i: number, part: "operator" | "purpose" | "action") => `operator.${i}.${part}`,
  newOperator: "new_operator",
  newOperatorPurpose: "new_operator_purpose",
  newOperatorAction: "new_operator_action",
  exception: (i: number, part: "prefix" | "action" | "scope" | "remove") => `exception.${i}.${part}`,
  newPrefix: "new_exception_prefix",
  newExceptionAction: "new_exception_action",
  newExceptionScope: "new_exception_scope",
  robotsEnabled: "robots_enabled",
  ownRules: "own_rules",
  policyUrl: "policy_url",
} as const;

/** The value an agent's select takes when the agent has no rule of its own. */
export const NO_RULE = "default";
/** The operator select's value to drop a rule. */
export const REMOVE = "remove";

/** An exception's scope in one select: everyone, a purpose, an operator or an agent. */
export function scopeValue(e: { purpose: string | null; operator: string | null; agent: string | null }): string {
  if (e.agent !== null) return `agent:${e.agent}`;
  if (e.operator !== null) return `operator:${e.operator}`;
  if (e.purpose !== null) return `purpose:${e.purpose}`;
  return "everyone";
}

function scopeOf(value: string): { purpose: string | null; operator: string | null; agent: string | null } {
  const [kind, ...rest] = value.split(":");
  const name = rest.join(":");
  return {
    purpose: kind === "purpose" ? name : null,
    operator: kind === "operator" ? name : null,
    agent: kind === "agent" ? name : null,
  };
}

const isAction = (v: string) => (POLICY_ACTIONS as readonly string[]).includes(v);

/**
 * The policy the form describes. `shown` are the agents whose selects the page showed
 * (a rule for any other agent is kept as it was); `current` the stored rules.
 */
export function policyFromForm(form: Form, current: PolicyRules, shown: readonly string[]): unknown {
  const version = Number(text(form, FIELD.version));
  const defaults = Object.fromEntries(POLICY_PURPOSES.map((p) => [p, text(form, FIELD.default(p))]));

  const shownSet = new Set(shown.map((t) => t.toLowerCase()));
  const agents = current.agents.filter((r) => !shownSet.has(r.agent.toLowerCase()));
  for (const token of shown) {
    const action = text(form, FIELD.agent(token));
    if (isAction(action)) agents.push({ agent: token, action: action as SitePolicyInput["agents"][number]["action"] });
  }
  const newAgent = text(form, FIELD.newAgent).trim();
  if (newAgent !== "") agents.push({ agent: newAgent, action: text(form, FIELD.newAgentAction) as never });

  const operators: unknown[] = [];
  // A rule the form did not show (a form from another version) is kept as stored; the
  // version check then decides whether the save stands.
  current.operators.forEach((rule, i) => {
    if (!(FIELD.operator(i, "operator") in form)) {
      operators.push(rule);
      return;
    }
    const action = text(form, FIELD.operator(i, "action"));
    if (action === REMOVE) return;
    const purpose = text(form, FIELD.operator(i, "purpose"));
    operators.push({
      operator: text(form, FIELD.operator(i, "operator")),
      purpose: purpose === "" ? null : purpose,
      action,
    });
  });
  const newOperator = text(form, FIELD.newOperator).trim();
  if (newOperator !== "") {
    const purpose = text(form, FIELD.newOperatorPurpose);
    operators.push({
      operator: newOperator,
      purpose: purpose === "" ? null : purpose,
      action: text(form, FIELD.newOperatorAction),
    });
  }

  const exceptions: unknown[] = [];
  current.exceptions.forEach((rule, i) => {
    if (!(FIELD.exception(i, "prefix") in form)) {
      exceptions.push(rule);
      return;
    }
    if (text(form, FIELD.exception(i, "remove")) === "on") return;
    exceptions.push({
      path_prefix: text(form, FIELD.exception(i, "prefix")),
      action: text(form, FIELD.exception(i, "action")),
      ...scopeOf(text(form, FIELD.exception(i, "scope"))),
    });
  });
  const prefix = text(form, FIELD.newPrefix).trim();
  if (prefix !== "")
    exceptions.push({
      path_prefix: prefix,
      action: text(form, FIELD.newExceptionAction),
      ...scopeOf(text(form, FIELD.newExceptionScope)),
    });

  const policyUrl = text(form, FIELD.policyUrl).trim();
  return {
    ...(Number.isInteger(version) && version >= 0 ? { version } : {}),
    defaults,
    agents,
    operators,
    exceptions,
    robots: {
      enabled: text(form, FIELD.robotsEnabled) === "on",
      own_rules: text(form, FIELD.ownRules).replace(/\r\n/g, "\n"),
    },
    policy_url: policyUrl === "" ? null : policyUrl,
  };
}
