import { POLICY_PURPOSE_NAMES } from "../display/display-names";
import { decidingRule, rulesFor } from "../robots/is-allowed";
import { parseRobots, productToken, type RobotsRule } from "../robots/parse-robots";
import type { PolicyAgent } from "./policy-agents";
import { actionAt, type PathDecision } from "./resolve-policy";

// The managed robots.txt (docs/policy.md "Managed robots.txt"): the merchant's own file,
// kept, with a group for every agent the policy blocks somewhere. For such an agent the
// file disallows exactly what the policy blocks, plus what the merchant's own rules
// disallowed for it elsewhere (`allow` and `obey_robots` leave the merchant's rules as
// they are: robots.txt tells a crawler what to fetch, the collector decides what it gets).

/** The line the policy's section starts with; what comes after it is the service's, not the merchant's. */
export const POLICY_SECTION_MARK = "# ---- agent policy";
/** How a merchant line that named a managed agent is kept, commented out, so the agent reads only its managed group. */
const MANAGED_LINE = "# [agent policy] ";

export interface ManagedAgent {
  agent: PolicyAgent;
  /** The decision the collector applies to it (verified when it can be verified, else declared). */
  decision: PathDecision;
}

export interface ManagedRobotsInput {
  domain: string;
  version: number;
  ownRules: string;
  agents: readonly ManagedAgent[];
}

export interface ManagedRobots {
  body: string;
  /** Merchant rules left out of an agent's group because they would let it where the policy blocks it. */
  dropped: { token: string; rule: string }[];
}

const blocks = (d: PathDecision, at: string) => actionAt(d, at) === "block";

/** Regions of a decision as a robots.txt sees them: each prefix where blocked and not-blocked change, in path order. */
function turns(d: PathDecision): { prefix: string; blocked: boolean }[] {
  const out: { prefix: string; blocked: boolean }[] = [];
  if (d.base === "block") out.push({ prefix: "/", blocked: true });
  const sorted = [...d.paths].sort((a, b) => a[0].length - b[0].length);
  for (const [prefix] of sorted) {
    const inside = blocks(d, prefix);
    // The region around the prefix: the decision without this prefix and longer ones.
    const around = actionAt({ base: d.base, paths: d.paths.filter(([p]) => p.length < prefix.length) }, prefix);
    if (inside !== (around === "block")) out.push({ prefix, blocked: inside });
  }
  return out;
}

/** The literal start of a pattern: every path it matches begins with it. */
const literalStart = (pattern: string) => pattern.replace(/[*$].*$/, "");

/**
 * Whether a merchant rule could decide some path the policy blocks: a path it matches
 * lying in a blocked region whose Disallow it would outweigh (as long or longer, RFC
 * 9309 §2.2.2: the longest match wins, Allow on a tie).
 */
function reachesBlocked(rule: RobotsRule, d: PathDecision): boolean {
  const start = literalStart(rule.pattern);
  const wildcard = start !== rule.pattern.replace(/\$$/, "");
  if (blocks(d, start)) return true;
  // Blocked regions under the rule's start that it is at least as long as.
  return d.paths.some(
    ([p, a]) => a === "block" && p.startsWith(start) && (wildcard || p === start) && p.length <= rule.pattern.length,
  );
}

/** Whether a rule can only match blocked paths (nothing under it is a carve-out): writing it changes nothing. */
function onlyBlocked(rule: RobotsRule, d: PathDecision): boolean {
  const start = literalStart(rule.pattern);
  return blocks(d, start) && !d.paths.some(([p, a]) => a !== "block" && p.startsWith(start));
}

/** The rules of one managed agent's group, and the merchant rules it leaves out. */
function groupRules(d: PathDecision, own: readonly RobotsRule[]): { lines: string[]; dropped: RobotsRule[] } {
  const lines: string[] = [];
  const dropped: RobotsRule[] = [];
  for (const rule of own) {
    if (rule.allow && reachesBlocked(rule, d)) dropped.push(rule);
    else if (!onlyBlocked(rule, d)) lines.push(`${rule.allow ? "Allow" : "Disallow"}: ${rule.pattern}`);
  }
  for (const turn of turns(d)) {
    if (turn.blocked) lines.push(`Disallow: ${turn.prefix}`);
    else {
      // A carve-out inside a blocked region: the merchant's own rules decide there again.
      // Its Allow is written only where the merchant's rules no longer than the prefix
      // allow it; where they disallow, the outer Disallow already says the same.
      const short = own.filter((r) => r.pattern.length <= turn.prefix.length);
      const rule = decidingRule(
        { groups: [{ agents: ["x"], rules: short }], sitemaps: [], other: [] },
        "x",
        turn.prefix,
      );
      if (rule === null || rule.allow) lines.push(`Allow: ${turn.prefix}`);
    }
  }
  return { lines, dropped };
}

/** A robots.txt record's key, or null for a comment, a blank or a line without `:`. */
function recordKey(line: string): string | null {
  const bare = line.replace(/#.*$/, "").trim();
  const colon = bare.indexOf(":");
  return colon <= 0 ? null : bare.slice(0, colon).trim().toLowerCase();
}

/**
 * The merchant's file with every `User-agent` line naming a managed token commented out,
 * and the rules of a group left with no agent commented out with it (RFC 9309 §2.2.1
 * groups, read as parse-robots.ts reads them). Whether the file ends inside a group's
 * agent lines: the next `User-agent` would join that group.
 */
function withoutManaged(text: string, managed: ReadonlySet<string>): { lines: string[]; openGroup: boolean } {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  type Group = { agentLines: number[]; ruleLines: number[]; managedLines: number[] };
  const groups: Group[] = [];
  let current: Group | null = null;
  let collecting = false;
  lines.forEach((line, i) => {
    const key = recordKey(line);
    if (key === "user-agent") {
      if (!collecting || !current) {
        current = { agentLines: [], ruleLines: [], managedLines: [] };
        groups.push(current);
      }
      current.agentLines.push(i);
      const bare = line.replace(/#.*$/, "").trim();
      if (managed.has(productToken(bare.slice(bare.indexOf(":") + 1)))) current.managedLines.push(i);
      collecting = true;
    } else if (key === "allow" || key === "disallow") {
      collecting = false;
      current?.ruleLines.push(i);
    }
  });
  const out = [...lines];
  for (const g of groups) {
    const all = g.managedLines.length === g.agentLines.length;
    for (const i of all ? [...g.agentLines, ...g.ruleLines] : g.managedLines) out[i] = `${MANAGED_LINE}${lines[i]}`;
  }
  return { lines: out, openGroup: collecting };
}

/**
 * The merchant's own rules in a file the service wrote: the policy's section cut off and
 * the merchant lines it had commented out restored (so importing the served file back
 * into `own_rules` gives the merchant's file again).
 */
export function ownRulesOf(served: string): string {
  const lines = served.split(/\r\n|\r|\n/);
  const mark = lines.findIndex((l) => l.startsWith(POLICY_SECTION_MARK));
  const kept = (mark === -1 ? lines : lines.slice(0, mark)).map((l) =>
    l.startsWith(MANAGED_LINE) ? l.slice(MANAGED_LINE.length) : l,
  );
  while (kept.length > 0 && kept.at(-1)?.trim() === "") kept.pop();
  return kept.length === 0 ? "" : `${kept.join("\n")}\n`;
}

/** The managed robots.txt for a site's policy. */
export function managedRobots(input: ManagedRobotsInput): ManagedRobots {
  const own = parseRobots(input.ownRules);
  const groups = new Map<string, { agents: PolicyAgent[]; lines: string[] }>();
  const dropped: ManagedRobots["dropped"] = [];
  const managed = new Set<string>();
  for (const { agent, decision } of input.agents) {
    if (!agent.robotsToken || managed.has(agent.robotsKey) || turns(decision).length === 0) continue;
    if (!turns(decision).some((t) => t.blocked)) continue;
    managed.add(agent.robotsKey);
    const group = groupRules(decision, rulesFor(own, agent.robotsToken) ?? []);
    for (const rule of group.dropped)
      dropped.push({ token: agent.robotsToken, rule: `${rule.allow ? "Allow" : "Disallow"}: ${rule.pattern}` });
    // Agents with the same rules share one group: one User-agent line each.
    const key = group.lines.join("\n");
    const shared = groups.get(key);
    if (shared) shared.agents.push(agent);
    else groups.set(key, { agents: [agent], lines: group.lines });
  }
  const merchant =
    input.ownRules.trim() === "" ? { lines: [], openGroup: false } : withoutManaged(input.ownRules, managed);
  const out = [...merchant.lines];
  // An empty Disallow allows everything (it is no rule) and ends the merchant's last
  // agent lines, so the policy's first User-agent starts a group of its own.
  if (merchant.openGroup) out.push("Disallow:");
  if (out.length > 0) out.push("");
  out.push(
    `${POLICY_SECTION_MARK} v${input.version} for ${input.domain} ----`,
    "# Written from the site's agent policy: change the policy, not these lines. Each agent's",
    "# product token is cited from where it is documented.",
  );
  for (const { agents, lines } of groups.values()) {
    out.push("");
    for (const a of agents)
      out.push(`# ${a.robotsToken} (${a.operator}, ${POLICY_PURPOSE_NAMES[a.purpose].toLowerCase()}): ${a.ref}`);
    for (const a of agents) out.push(`User-agent: ${a.robotsToken}`);
    out.push(...lines);
  }
  return { body: `${out.join("\n")}\n`, dropped };
}
