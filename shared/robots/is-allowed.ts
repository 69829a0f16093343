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

/**
 * Each pattern's regular expression, compiled once: the robots.txt-compliance report
 * judges every (agent, path) of its window, up to one per request, against the same few
 * dozen patterns. Bounded: cleared when full (patterns come from sites' files).
 */
const compiled = new Map<string, RegExp>();
const MAX_COMPILED = 10_000;

/** A pattern normalised, split into what it matches and whether a trailing `$` anchors it at the end. */
function patternParts(pattern: string): { body: string; anchored: boolean } {
  const normal = percentNormal(pattern);
  const anchored = normal.endsWith("$");
  return { body: anchored ? normal.slice(0, -1) : normal, anchored };
}

function patternRegex(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (regex) return regex;
  const { body, anchored } = patternParts(pattern);
  const source = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  regex = new RegExp(`^${source}${anchored ? "$" : ""}`);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

/**
 * `pattern` as an SQLite GLOB over the raw path, for a filter in SQL that must keep every
 * path the matcher above matches: for a path whose characters are all printable ASCII
 * other than `%` (so percentNormal leaves it as it is), `path GLOB patternGlob(p)` holds
 * exactly when patternMatches(p, path). Other paths the caller keeps unfiltered
 * (UNFILTERED_PATH_SQL). GLOB's own `?` and `[` are taken literally through a class.
 */
export function patternGlob(pattern: string): string {
  const { body, anchored } = patternParts(pattern);
  return body.replace(/[?[]/g, "[$&]") + (anchored ? "" : "*");
}

/** SQL true for a path `patternGlob` cannot judge: one holding `%` or a character outside `!`…`~`. */
export const UNFILTERED_PATH_SQL = "(instr(path, '%') > 0 OR path GLOB '*[^!-~]*')";

/** Whether `pattern` (with `*` and a trailing `$`) matches the start of `path`. */
export function patternMatches(pattern: string, path: string): boolean {
  return patternRegex(pattern).test(percentNormal(path));
}

/** Each file's rules per product token, chosen once (a parsed file is not changed after parsing). */
const rulesByToken = new WeakMap<RobotsTxt, Map<string, RobotsRule[] | null>>();

/**
 * The rule that decides whether `token` may fetch `pathAndQuery`: the longest matching
 * pattern of its group, Allow winning a tie; null when none matches (allowed).
 */
export function decidingRule(robots: RobotsTxt, token: string, pathAndQuery: string): RobotsRule | null {
  if (pathAndQuery === "/robots.txt") return null;
  let byToken = rulesByToken.get(robots);
  if (!byToken) {
    byToken = new Map();
    rulesByToken.set(robots, byToken);
  }
  let rules = byToken.get(token);
  if (rules === undefined) {
    rules = rulesFor(robots, token);
    byToken.set(token, rules);
  }
  if (!rules) return null;
  const path = percentNormal(pathAndQuery);
  let best: RobotsRule | null = null;
  let bestLength = -1;
  for (const rule of rules) {
    if (!patternRegex(rule.pattern).test(path)) continue;
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
