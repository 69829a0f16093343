// robots.txt per RFC 9309. Groups start with one or more `user-agent` lines; rules are
// `allow` / `disallow`; other records (`sitemap`, `content-signal`, ...) are kept as
// they are. Parsing stops at 500 KiB (RFC 9309 §2.5: "at least 500 kibibytes").

export const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsRule {
  allow: boolean;
  pattern: string;
  /** 1-based line of the file the rule was read from (the compliance report quotes it). */
  line: number;
}

export interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
}

export interface RobotsTxt {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Every other `key: value` record, key lowercased (e.g. content-signal). */
  other: Array<{ key: string; value: string }>;
}

/**
 * The product token a `user-agent` value names, lowercased: `*`, or the value up to the
 * first character outside `[A-Za-z_-]`, as the RFC 9309 reference parser
 * (google/robotstxt `ExtractUserAgent`) reads it, so `FOO BAR` names `foo` and
 * `GPTBot/1.0` names `gptbot`. Empty when the value starts with anything else.
 */
export function productToken(value: string): string {
  const v = value.trim();
  if (v === "*" || /^\*\s/.test(v)) return "*";
  return (/^[A-Za-z_-]+/.exec(v)?.[0] ?? "").toLowerCase();
}

/**
 * Trims ASCII white space only, as the reference parser does: String.prototype.trim would
 * also take U+FEFF, so a byte order mark in the middle of the file would make its line
 * readable where google/robotstxt skips it as garbage.
 */
function asciiTrim(s: string): string {
  return s.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, "");
}

export function parseRobots(text: string): RobotsTxt {
  const body = text.length > ROBOTS_MAX_BYTES ? text.slice(0, ROBOTS_MAX_BYTES) : text;
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  const other: Array<{ key: string; value: string }> = [];
  let current: RobotsGroup | null = null;
  let collectingAgents = false;

  let lineNo = 0;
  // A byte order mark, whole or cut short (bytes EF BB), is skipped at the start of the
  // file, as google/robotstxt does (robots_test.cc "ID_UTF8ByteOrderMarkIsSkipped").
  const unmarked = body.replace(/^(\uFEFF|\uFFFD{1,2}(?=[A-Za-z]))/, "");
  for (const rawLine of unmarked.split(/\r\n|\r|\n/)) {
    lineNo++;
    const line = asciiTrim(rawLine.replace(/#.*$/, ""));
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = asciiTrim(line.slice(0, colon)).toLowerCase();
    const value = asciiTrim(line.slice(colon + 1));
    if (key === "user-agent") {
      if (!collectingAgents || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(productToken(value));
      collectingAgents = true;
    } else if (key === "allow" || key === "disallow") {
      collectingAgents = false;
      // Rules before any user-agent line belong to no group (RFC 9309 §2.1).
      // An empty pattern matches nothing, so it is no rule at all.
      if (current && value !== "") current.rules.push({ allow: key === "allow", pattern: value, line: lineNo });
    } else if (key === "sitemap") {
      // Sitemap records are independent of groups (RFC 9309 §2.2.4).
      if (value) sitemaps.push(value);
    } else {
      other.push({ key, value });
    }
  }
  return { groups, sitemaps, other };
}
