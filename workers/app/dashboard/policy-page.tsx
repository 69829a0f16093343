import { canManageWorkspace } from "@shared/accounts/roles";
import { managedRobotsTxt, newestRobotsVersion } from "@shared/policy/collector-policy";
import { ownRulesOf } from "@shared/policy/managed-robots";
import { SitePolicyInput } from "@shared/policy/policy-schema";
import { policyCatalogue, readSitePolicy, saveSitePolicy } from "@shared/policy/site-policy";
import { blockedRequestsReport } from "@shared/reads/blocked-requests-report";
import { policyCosts } from "@shared/reads/policy-costs";
import type { SiteRecord } from "@shared/sites/site-row";
import type { Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../app-env";
import { redirectWithFlash, takeFlash } from "../flash";
import { FlashNotice } from "../layout/flash-notice";
import { Notice } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DASHBOARD_STYLE } from "./assets";
import { policyFromForm } from "./policy-form";
import { ManagedRobots, PolicyRulesForm } from "./policy-rules-form";
import { BlockedTable, CostTable } from "./policy-view";
import { siteOfPage } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";

const PATH = "/app/sites/:domain/policy";

// A site's agent policy (docs/policy.md): the v1 policy operations' own use cases
// (readSitePolicy, saveSitePolicy, policyCosts, blockedRequestsReport, managedRobotsTxt),
// so every figure and every saved rule is the API's. One form writes the whole policy,
// Post/Redirect/Get; a save that started from an older version is refused, not merged.
async function policyPage(
  c: Context<AppEnv>,
  site: SiteRecord,
  extra: { before?: Child; status?: 200 | 400 | 409 } = {},
) {
  const ctx = pageContext(c);
  const canManage = canManageWorkspace(c.get("workspace").role);
  const ref = { site: site.id };
  const window = { domain: site.domain, period: "30d" as const };
  const [policy, catalogue, costs, blocked, robots, siteRobots] = await Promise.all([
    readSitePolicy(ctx, ref).then(pageValue),
    policyCatalogue(ctx).then(pageValue),
    policyCosts(ctx, { ...ref, withOrders: true }).then(pageValue),
    blockedRequestsReport(ctx, window).then(pageValue),
    managedRobotsTxt(ctx, ref).then(pageValue),
    newestRobotsVersion(ctx, site.domain),
  ]);
  // Agents with a figure or a rule get a select; any other is added by name.
  const shown = [...new Set([...costs.agents.map((a) => a.token), ...policy.agents.map((r) => r.agent)])];
  // Nothing of the merchant's kept yet: the file the site served is offered, never saved unasked.
  const suggest =
    policy.robots.own_rules === "" && !policy.robots.enabled && siteRobots !== null && siteRobots.kind === "rules";
  const ownRules = suggest && siteRobots ? ownRulesOf(siteRobots.body) : policy.robots.own_rules;
  const base = siteHref(c, site.domain, "policy");
  return renderPage(c, {
    title: `Agent policy of ${site.domain}`,
    status: extra.status,
    body: (
      <>
        <link rel="stylesheet" href={DASHBOARD_STYLE} />
        <SiteNav c={c} domain={site.domain} current="policy" />
        <p>
          Allow, block or hold to robots.txt each AI agent, operator and purpose. The collectors in front of{" "}
          {site.domain} enforce it within a minute: a blocked agent gets a 403, a person never does.{" "}
          {policy.version === 0 ? (
            "Nothing is saved yet: every agent is allowed."
          ) : (
            <>
              Version {policy.version}, saved <Time at={policy.updated_at} />.
            </>
          )}
        </p>
        {extra.before}
        <h2 id="costs">What each agent did in the last 30 days</h2>
        <p class="hint">
          From the reports of the same 30 days: robots.txt compliance, sessions, crawl-to-referral and attribution.
        </p>
        <CostTable costs={costs} />
        <h2 id="rules">Rules</h2>
        {canManage ? null : (
          <Notice kind="info">Your role here is member (read-only): owners and admins change the policy.</Notice>
        )}
        <PolicyRulesForm
          action={base}
          csrf={c.get("csrfToken")}
          policy={policy}
          catalogue={catalogue}
          shown={shown}
          ownRules={ownRules}
          importedFrom={suggest && siteRobots ? siteRobots.firstSeenAt : null}
          canManage={canManage}
        />
        <ManagedRobots base={base} policy={policy} robots={robots} />
        <h2 id="blocked">Blocked in the last 30 days</h2>
        <BlockedTable blocked={blocked} />
        <h2 id="enforce">Enforcing it</h2>
        <p>
          Give a collector an API key with <code>events:write</code> and <code>policy:read</code>, then turn the policy
          on: <code>policy: true</code> in the Node collector's options, <code>AR_POLICY = "1"</code> for the Worker.
        </p>
      </>
    ),
  });
}

export function registerPolicyPage(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => {
    const site = await siteOfPage(c);
    return policyPage(c, site, { before: <FlashNotice flash={await takeFlash(c)} /> });
  });

  app.get(`${PATH}/robots.txt`, async (c) => {
    const site = await siteOfPage(c);
    const file = pageValue(await managedRobotsTxt(pageContext(c), { site: site.id }));
    return c.body(file.body, 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="robots.txt"',
    });
  });

  // The whole policy from the form, checked by the API's own schema and use case.
  app.post(PATH, requireRole("admin"), async (c) => {
    const site = await siteOfPage(c);
    const ctx = pageContext(c);
    const current = pageValue(await readSitePolicy(ctx, { site: site.id }));
    const costs = pageValue(await policyCosts(ctx, { site: site.id, withOrders: false }));
    const shown = [...new Set([...costs.agents.map((a) => a.token), ...current.agents.map((r) => r.agent)])];
    const parsed = SitePolicyInput.safeParse(policyFromForm(await c.req.parseBody(), current, shown));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.join(".");
      return policyPage(c, site, {
        status: 400,
        before: (
          <Notice kind="error">
            Not saved: {where ? `${where}: ` : ""}
            {issue.message}.
          </Notice>
        ),
      });
    }
    const saved = await saveSitePolicy(ctx, { site: site.id, policy: parsed.data });
    if (!saved.ok)
      return policyPage(c, site, {
        status: saved.code === "policy_version_conflict" ? 409 : 400,
        before: <Notice kind="error">Not saved: {saved.message ?? "the policy was refused"}.</Notice>,
      });
    return redirectWithFlash(c, siteHref(c, site.domain, "policy"), {
      kind: "success",
      text: `Saved version ${saved.value.version}. The collectors enforce it within a minute.`,
    });
  });
}
