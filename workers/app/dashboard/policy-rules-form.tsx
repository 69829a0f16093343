import type { PolicyCatalogue, SitePolicy } from "@shared/policy/site-policy-view";
import { Notice, PostForm } from "../layout/form";
import { AgentRules, DefaultsFieldset, ExceptionRules, OperatorRules, RobotsFieldset } from "./policy-view";

// The policy page's form of rules and its managed robots.txt section (policy-page.tsx
// reads the policy and lays the page out; the fieldsets themselves: policy-view.tsx).

/** The whole policy in one form, read-only for members. */
export function PolicyRulesForm(props: {
  action: string;
  csrf: string;
  policy: SitePolicy;
  catalogue: PolicyCatalogue;
  /** Agents offered a select (a figure or a rule); any other is added by name. */
  shown: string[];
  ownRules: string;
  /** When the suggested own rules come from the file the site served. */
  importedFrom: number | null;
  canManage: boolean;
}) {
  const { policy, catalogue, shown, ownRules, canManage } = props;
  return (
    <PostForm action={props.action} csrf={props.csrf}>
      <input type="hidden" name="version" value={String(policy.version)} />
      <DefaultsFieldset policy={policy} disabled={!canManage} />
      <AgentRules policy={policy} shown={shown} catalogue={catalogue} disabled={!canManage} />
      <OperatorRules policy={policy} catalogue={catalogue} disabled={!canManage} />
      <ExceptionRules policy={policy} catalogue={catalogue} disabled={!canManage} />
      <RobotsFieldset policy={policy} ownRules={ownRules} importedFrom={props.importedFrom} disabled={!canManage} />
      {canManage ? <button type="submit">Save policy</button> : null}
    </PostForm>
  );
}

/** The robots.txt the collectors serve (or would), with the rules left out of it. */
export function ManagedRobots(props: { base: string; policy: SitePolicy; robots: { enabled: boolean; body: string } }) {
  const { base, policy, robots } = props;
  return (
    <>
      <h2 id="robots">Managed robots.txt</h2>
      <p class="hint">
        {robots.enabled
          ? "Served by the collectors at /robots.txt, and filed in the robots.txt history when they take it."
          : "Not served: this is what the collectors would serve once you tick the box above."}{" "}
        <a href={`${base}/robots.txt`} download="robots.txt">
          Download robots.txt
        </a>
      </p>
      {policy.dropped_robots_rules.length > 0 ? (
        <Notice kind="info">
          Left out of an agent's group because they would let it where the policy blocks it:{" "}
          {policy.dropped_robots_rules.map((d) => `${d.rule} (${d.token})`).join("; ")}.
        </Notice>
      ) : null}
      <pre id="managed-robots">{robots.body}</pre>
    </>
  );
}
