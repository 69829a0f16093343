import { describe, expect, it } from "vitest";
import { bundledIpRanges } from "../../../shared/classify/ip-range-sources";
import { POLICY_PURPOSE_NAMES } from "../../../shared/display/display-names";
import { robotsDecisions } from "../../../shared/policy/collector-document";
import { managedRobots, ownRulesOf } from "../../../shared/policy/managed-robots";
import { policyAgentNamed } from "../../../shared/policy/policy-agents";
import { NEUTRAL_POLICY, type PolicyRules } from "../../../shared/policy/policy-schema";
import { actionAt } from "../../../shared/policy/resolve-policy";
import { isAllowed, rulesFor } from "../../../shared/robots/is-allowed";
import { parseRobots } from "../../../shared/robots/parse-robots";

const OWN = [
  "# the shop's own file",
  "User-agent: *",
  "Disallow: /checkout",
  "Allow: /checkout/help",
  "",
  "User-agent: GPTBot",
  "User-agent: SomeOtherBot",
  "Disallow: /private",
  "",
  "User-agent: CCBot",
  "Disallow: /tmp",
  "Sitemap: https://shop.example/sitemap.xml",
  "",
].join("\n");

const POLICY: PolicyRules = {
  ...NEUTRAL_POLICY,
  defaults: { crawl: "block", search: "allow", user_action: "allow", agentic_browser: "allow", unknown: "allow" },
  operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
  exceptions: [
    { path_prefix: "/products", action: "allow", purpose: null, operator: null, agent: null },
    { path_prefix: "/account", action: "block", purpose: "crawl", operator: null, agent: null },
  ],
  robots: { enabled: true, own_rules: OWN },
};

const agents = robotsDecisions(POLICY, bundledIpRanges);
const file = managedRobots({ domain: "shop.example", version: 7, ownRules: OWN, agents });
const parsed = parseRobots(file.body);
const own = parseRobots(OWN);

const PATHS = [
  "/",
  "/products/mug",
  "/products",
  "/account",
  "/account/orders?x=1",
  "/checkout",
  "/checkout/help",
  "/private/a",
  "/tmp/x",
  "/blog/post",
];

describe("the managed robots.txt", () => {
  it("disallows, for every agent, exactly what the policy blocks plus what the merchant's rules disallow", () => {
    let compared = 0;
    for (const { agent, decision } of agents) {
      if (!agent.robotsToken) continue;
      for (const path of PATHS) {
        const expected = !(actionAt(decision, path) === "block" || !isAllowed(own, agent.robotsToken, path));
        expect(isAllowed(parsed, agent.robotsToken, path), `${agent.token} ${path}`).toBe(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("writes the groups a reader expects (hand-written for GPTBot, Bytespider and CCBot)", () => {
    // GPTBot is verifiable (OpenAI publishes its IPs): OpenAI's crawl allowed, /account
    // blocked for crawls; its own merchant group's Disallow /private is kept.
    expect(file.body).toContain(
      "# GPTBot (OpenAI, training crawl): https://platform.openai.com/docs/bots\nUser-agent: GPTBot\nDisallow: /private\nDisallow: /account\n",
    );
    // CCBot is a crawl the default blocks (Common Crawl's list is not bundled, so it is
    // judged as declared): everything but /products, its own Disallow /tmp folded into the
    // block; Bytespider the same from the * rules, whose Allow /checkout/help is dropped.
    const rules = (token: string) =>
      (rulesFor(parsed, token) ?? []).map((r) => `${r.allow ? "Allow" : "Disallow"}: ${r.pattern}`);
    expect(rules("CCBot")).toEqual(["Disallow: /", "Allow: /products"]);
    expect(rules("Bytespider")).toEqual(["Disallow: /", "Allow: /products"]);
    expect(file.dropped).toContainEqual({ token: "Bytespider", rule: "Allow: /checkout/help" });
  });

  it("keeps the merchant's file, comments out only the lines naming managed agents, and reads back to it", () => {
    expect(file.body.startsWith("# the shop's own file\nUser-agent: *\nDisallow: /checkout\n")).toBe(true);
    expect(file.body).toContain("# [agent policy] User-agent: GPTBot\nUser-agent: SomeOtherBot\nDisallow: /private");
    // CCBot's group named only CCBot: its rule goes with it; the Sitemap stays.
    expect(file.body).toContain("# [agent policy] User-agent: CCBot\n# [agent policy] Disallow: /tmp\nSitemap:");
    expect(parsed.sitemaps).toEqual(["https://shop.example/sitemap.xml"]);
    expect(ownRulesOf(file.body)).toBe(OWN);
  });

  it("names only valid product tokens, each with where it is documented", () => {
    for (const g of parsed.groups.slice(2)) for (const a of g.agents) expect(a).toMatch(/^[a-z_-]+$/);
    const section = file.body.slice(file.body.indexOf("# ---- agent policy v7 for shop.example"));
    for (const m of section.matchAll(/^User-agent: (.+)$/gm)) {
      const agent = policyAgentNamed(m[1]);
      expect(agent, m[1]).toBeDefined();
      const purpose = agent ? POLICY_PURPOSE_NAMES[agent.purpose].toLowerCase() : "";
      expect(section).toContain(`# ${m[1]} (${agent?.operator}, ${purpose}): ${agent?.ref}`);
    }
  });

  it("ends an open group of the merchant's before its own, and writes nothing for a neutral policy", () => {
    const open = "User-agent: *\nDisallow: /x\nUser-agent: Foo\n";
    const body = managedRobots({
      domain: "shop.example",
      version: 1,
      ownRules: open,
      agents: robotsDecisions({ ...POLICY, robots: { enabled: true, own_rules: open } }, bundledIpRanges),
    }).body;
    // Foo's empty group stays Foo's alone: no policy User-agent joined it.
    expect(parseRobots(body).groups[1]).toEqual({ agents: ["foo"], rules: [] });
    const neutral = managedRobots({
      domain: "shop.example",
      version: 1,
      ownRules: OWN,
      agents: robotsDecisions(NEUTRAL_POLICY, bundledIpRanges),
    });
    expect(parseRobots(neutral.body)).toEqual(own);
  });
});
