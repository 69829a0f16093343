import { describe, expect, it } from "vitest";
import { policyAgentNamed, policyPurposeOf } from "../../../shared/policy/policy-agents";
import { NEUTRAL_POLICY, type PolicyRules, SitePolicyInput } from "../../../shared/policy/policy-schema";
import { actionAt, declaredDecision, verifiedDecision } from "../../../shared/policy/resolve-policy";

// Training crawls blocked by default, OpenAI's training crawler allowed by name,
// Bytespider blocked by name; everyone allowed on /products, training crawlers blocked
// on /account; agents of no stated purpose judged by robots.txt.
const POLICY: PolicyRules = {
  ...NEUTRAL_POLICY,
  defaults: { crawl: "block", search: "allow", user_action: "allow", agentic_browser: "allow", unknown: "obey_robots" },
  operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
  agents: [{ agent: "Bytespider", action: "block" }],
  exceptions: [
    { path_prefix: "/products", action: "allow", purpose: null, operator: null, agent: null },
    { path_prefix: "/account", action: "block", purpose: "crawl", operator: null, agent: null },
  ],
};

const facts = (token: string) => {
  const a = policyAgentNamed(token);
  if (!a) throw new Error(token);
  return { token: a.token, operator: a.operator, purpose: a.purpose };
};

describe("a policy's decision for one agent", () => {
  it("a verified agent gets its operator's rule, with the exceptions that apply to its purpose", () => {
    const d = verifiedDecision(POLICY, facts("GPTBot"));
    // Base: OpenAI crawl allowed; /products allow equals the base and is dropped; /account blocks crawls.
    expect(d).toEqual({ base: "allow", paths: [["/account", "block"]] });
    expect(actionAt(d, "/account/orders")).toBe("block");
    expect(actionAt(d, "/products/mug")).toBe("allow");
  });

  it("the same agent only claimed gets no more than its purpose's default, path by path", () => {
    // Baseline: crawl blocked, /products allowed for everyone, /account blocked (already).
    expect(declaredDecision(POLICY, facts("GPTBot"))).toEqual({ base: "block", paths: [["/products", "allow"]] });
  });

  it("a claim can get an agent blocked: a named block holds for a declared agent too", () => {
    // Bytespider's own rule blocks it; the everyone-exception on /products still lets it there.
    expect(declaredDecision(POLICY, facts("Bytespider"))).toEqual({ base: "block", paths: [["/products", "allow"]] });
    expect(verifiedDecision(POLICY, facts("Bytespider"))).toEqual({ base: "block", paths: [["/products", "allow"]] });
  });

  it("an operator rule for one purpose leaves its other agents to their defaults", () => {
    expect(verifiedDecision(POLICY, facts("ChatGPT-User"))).toEqual({ base: "allow", paths: [] });
    expect(verifiedDecision(POLICY, facts("ApifyBot"))).toEqual({
      base: "obey_robots",
      paths: [["/products", "allow"]],
    });
  });

  it("the longest prefix wins, then the narrowest scope, then block", () => {
    const p: PolicyRules = {
      ...NEUTRAL_POLICY,
      exceptions: [
        { path_prefix: "/a", action: "block", purpose: null, operator: null, agent: null },
        { path_prefix: "/a/b", action: "allow", purpose: null, operator: null, agent: null },
        { path_prefix: "/c", action: "block", purpose: null, operator: "OpenAI", agent: null },
        { path_prefix: "/c", action: "allow", purpose: null, operator: null, agent: "GPTBot" },
        { path_prefix: "/d", action: "allow", purpose: "crawl", operator: null, agent: null },
        { path_prefix: "/d", action: "block", purpose: "crawl", operator: null, agent: null },
      ],
    };
    const d = verifiedDecision(p, facts("GPTBot"));
    expect(actionAt(d, "/a/x")).toBe("block");
    expect(actionAt(d, "/a/b/x")).toBe("allow");
    expect(actionAt(d, "/c")).toBe("allow");
    expect(actionAt(d, "/d")).toBe("block");
    // The same prefixes for another OpenAI agent: the operator's block on /c applies.
    expect(actionAt(verifiedDecision(p, facts("OAI-SearchBot")), "/c")).toBe("block");
  });
});

describe("purposes and the policy's input", () => {
  it("files browser agents and robots.txt-only tokens under the policy's own purposes", () => {
    expect(policyAgentNamed("ChatGPT Agent")?.purpose).toBe("agentic_browser");
    expect(policyAgentNamed("GoogleAgent-Mariner")?.purpose).toBe("agentic_browser");
    expect(policyAgentNamed("Google-Extended")?.purpose).toBe("crawl");
    expect(policyPurposeOf({ token: "GPTBot", purpose: "crawl" })).toBe("crawl");
    expect(policyAgentNamed("Perplexity-User")?.purpose).toBe("user_action");
  });

  it("refuses a path prefix a robots.txt could read differently", () => {
    const base = { defaults: NEUTRAL_POLICY.defaults };
    for (const bad of ["account", "/a*b", "/a$", "/a b", "/café", "/%41"]) {
      const r = SitePolicyInput.safeParse({ ...base, exceptions: [{ path_prefix: bad, action: "block" }] });
      expect(r.success, bad).toBe(false);
    }
    const good = SitePolicyInput.parse({ ...base, exceptions: [{ path_prefix: "/account?tab=1", action: "block" }] });
    expect(good.exceptions[0]).toEqual({
      path_prefix: "/account?tab=1",
      action: "block",
      purpose: null,
      operator: null,
      agent: null,
    });
  });
});
