import { z } from "zod";
import { decidingRule, namesAgent } from "./is-allowed";
import { productToken, type RobotsTxt } from "./parse-robots";

// One robots.txt verdict, said the same way everywhere (issue 45): the scan's checks and
// refusals, the journey, and the robots.txt compliance report. The reasons are RFC 9309's
// own cases, as other robots.txt checkers now report them:
//   allowed_by_rule     an Allow is the longest match (§2.2.2)
//   disallowed_by_rule  a Disallow is the longest match
//   no_matching_rule    no rule of the agent's group matches, or no group applies: allowed
//   unavailable         robots.txt answered 4xx (§2.3.1.3): everything allowed
//   unreachable         robots.txt answered 5xx or not at all (§2.3.1.4): everything disallowed
// A verdict decided by a rule carries the rule as written and its line in the file.

export const ROBOTS_REASONS = [
  "allowed_by_rule",
  "disallowed_by_rule",
  "no_matching_rule",
  "unavailable",
  "unreachable",
] as const;
export type RobotsReason = (typeof ROBOTS_REASONS)[number];
export const RobotsReason = z.enum(ROBOTS_REASONS).meta({
  description:
    "Why robots.txt allows or disallows (RFC 9309): allowed_by_rule, disallowed_by_rule, no_matching_rule (allowed), unavailable (4xx: everything allowed), unreachable (5xx or no answer: everything disallowed).",
});

/** The reasons in words, for messages and pages. */
export const ROBOTS_REASON_WORDS: Record<RobotsReason, string> = {
  allowed_by_rule: "allowed by rule",
  disallowed_by_rule: "disallowed by rule",
  no_matching_rule: "no matching rule",
  unavailable: "unavailable",
  unreachable: "unreachable",
};

export const RobotsVerdict = z
  .object({
    allowed: z.boolean(),
    reason: RobotsReason,
    rule: z
      .string()
      .nullable()
      .meta({ description: "The deciding rule as written, or null.", example: "Disallow: /cart" }),
    line: z.number().int().min(1).nullable().meta({ description: "Its line in robots.txt (1-based)." }),
    group: z
      .string()
      .nullable()
      .meta({ description: "The user-agent group that applied (`*` for the default), or null.", example: "gptbot" }),
  })
  .meta({ id: "RobotsVerdict" });
export type RobotsVerdict = z.infer<typeof RobotsVerdict>;

/** What robots.txt was, as far as a verdict needs it. */
export type RobotsSource =
  | { kind: "rules"; robots: RobotsTxt }
  | { kind: "unavailable"; status: number }
  | { kind: "unreachable"; status: number; detail?: string };

/** The verdict for `token` fetching `pathAndQuery` (e.g. `/products/a?x=1`). */
export function judgeRobots(source: RobotsSource, token: string, pathAndQuery: string): RobotsVerdict {
  if (source.kind === "unavailable")
    return { allowed: true, reason: "unavailable", rule: null, line: null, group: null };
  if (source.kind === "unreachable")
    return { allowed: false, reason: "unreachable", rule: null, line: null, group: null };
  const { robots } = source;
  const group = namesAgent(robots, token)
    ? productToken(token)
    : robots.groups.some((g) => g.agents.includes("*"))
      ? "*"
      : null;
  const rule = decidingRule(robots, token, pathAndQuery);
  if (!rule) return { allowed: true, reason: "no_matching_rule", rule: null, line: null, group };
  return {
    allowed: rule.allow,
    reason: rule.allow ? "allowed_by_rule" : "disallowed_by_rule",
    rule: `${rule.allow ? "Allow" : "Disallow"}: ${rule.pattern}`,
    line: rule.line,
    group,
  };
}

/** "robots.txt line 4 (Disallow: /cart) disallows GPTBot from /cart", and the like for every reason. */
export function verdictSentence(verdict: RobotsVerdict, agent: string, path: string): string {
  switch (verdict.reason) {
    case "disallowed_by_rule":
    case "allowed_by_rule":
      return `robots.txt line ${verdict.line} (${verdict.rule}) ${verdict.allowed ? "allows" : "disallows"} ${agent} ${verdict.allowed ? "to fetch" : "from"} ${path}`;
    case "no_matching_rule":
      return `no robots.txt rule${verdict.group ? ` of the ${verdict.group === "*" ? "*" : verdict.group} group` : ""} matches ${path}, so ${agent} may fetch it`;
    case "unavailable":
      return `robots.txt is unavailable (4xx), which RFC 9309 §2.3.1.3 makes "allow everything" for ${agent}`;
    case "unreachable":
      return `robots.txt is unreachable, which RFC 9309 §2.3.1.4 makes "disallow everything" for ${agent}`;
  }
}
