import { productToken, type RobotsRule, type RobotsTxt } from "./parse-robots";

// Matching per RFC 9309 §2.2.2-§2.2.3: the group whose user-agent equals the crawler's
// product token (case-insensitive), all such groups merged, else the `*` groups; then
// the longest matching pattern wins and Allow wins a tie.

/** The rules that apply to `token`; null when no group applies (everything allowed). */
export function rulesFor(robots: RobotsTxt, token: string): RobotsRule[] | null {
  const wanted = productToken(token);
  const own = robots.groups.filter((g) => g.agents.includes(wanted));
  const chosen = own.length > 0 ? own : robots.groups.filter((g) => g.agents.includes("*"));
  if (chosen.length === 0) return null;
  return chosen.flatMap((g) => g.rules);
}

/** Whether `agent` names a group of its own (not only `*`). */
export function namesAgent(robots: RobotsTxt, token: string): boolean {
  const wanted = productToken(token);
  return robots.groups.some((g) => g.agents.includes(wanted));
}

/**
 * The one normal form patterns and paths are compared in (RFC 9309 §2.2.2): characters
 * outside printable ASCII percent-encoded as UTF-8, existing escapes kept but with
 * upper-case hex. Escapes are never decoded, so `/%62%61%7A` and `/baz` stay different,
 * as in the reference parser.
 */
export function percentNormal(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code <= 0x20 || code >= 0x7f ? encodeURIComponent(ch) : ch;
  }
  return out.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

/** Whether `pattern` (with `*` and a trailing `$`) matches the start of `path`. */
export function patternMatches(pattern: string, path: string): boolean {
  const normal = percentNormal(pattern);
  const anchored = normal.endsWith("$");
  const body = anchored ? normal.slice(0, -1) : normal;
  const regex = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${regex}${anchored ? "$" : ""}`).test(percentNormal(path));
}

/**
 * The rule that decides whether `token` may fetch `pathAndQuery`: the longest matching
 * pattern of its group, Allow winning a tie; null when none matches (allowed).
 */
export function decidingRule(robots: RobotsTxt, token: string, pathAndQuery: string): RobotsRule | null {
  if (pathAndQuery === "/robots.txt") return null;
  const rules = rulesFor(robots, token);
  if (!rules) return null;
  let best: RobotsRule | null = null;
  let bestLength = -1;
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, pathAndQuery)) continue;
    const length = rule.pattern.length;
    if (length > bestLength || (length === bestLength && rule.allow && best && !best.allow)) {
      best = rule;
      bestLength = length;
    }
  }
  return best;
}

/** Whether `token` may fetch `pathAndQuery` (e.g. `/products/a?x=1`). */
export function isAllowed(robots: RobotsTxt, token: string, pathAndQuery: string): boolean {
  return decidingRule(robots, token, pathAndQuery)?.allow ?? true;
}
