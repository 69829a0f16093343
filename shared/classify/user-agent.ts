import type { AgentEntry } from "./agents";
import { vendorAgents } from "./agents";
import { listedAgents } from "./agents-listed";
import { type AutomationKind, namedAutomationKind } from "./automation";
import { hasProductToken, prepareUserAgent } from "./product-token";

/** The whole AI agent catalogue: vendor-documented entries first, then listed ones. */
export const aiAgents: readonly AgentEntry[] = [...vendorAgents, ...listedAgents];

// Every spelling, lower-cased, longest first: when several tokens match, the longest
// wins (traffic-facts §2), e.g. "Applebot-Extended" over "Applebot".
const spellings = aiAgents
  .flatMap((entry) => [entry.token, ...(entry.aliases ?? [])].map((s) => ({ entry, lower: s.toLowerCase() })))
  .sort((a, b) => b.lower.length - a.lower.length);

/** What a User-Agent says about the client, before any verification. */
export type UserAgentClaim =
  | { kind: "ai_agent"; agent: AgentEntry }
  | { kind: "named_automation"; automation: AutomationKind }
  | { kind: "headless" }
  | { kind: "none" };

/**
 * The AI agent a User-Agent declares, by product token (product-token.ts): any case,
 * any version. Null for anything else.
 */
export function matchAgent(userAgent: string | null | undefined): AgentEntry | null {
  if (!userAgent) return null;
  return agentIn(prepareUserAgent(userAgent), userAgent);
}

function agentIn(prepared: string, raw: string): AgentEntry | null {
  for (const { entry, lower } of spellings) {
    if (!hasProductToken(prepared, lower)) continue;
    if (entry.onlyWith && !entry.onlyWith.test(raw)) continue;
    if (entry.notWith?.test(raw)) continue;
    return entry;
  }
  return null;
}

const HEADLESS = /headlesschrome|phantomjs|puppeteer|playwright/;

// Products a browser UA carries (engines, browsers, platform markers). Anything else
// after a headless engine names the tool that runs it (`… Safari/537.36 FontRadar`).
const BROWSER_PRODUCTS = new Set([
  "mozilla",
  "applewebkit",
  "gecko",
  "chrome",
  "headlesschrome",
  "chromium",
  "safari",
  "version",
  "mobile",
  "firefox",
  "edg",
  "edge",
  "opr",
  "phantomjs",
  "khtml",
  "like",
  "compatible",
]);

function namesMoreThanABrowser(prepared: string): boolean {
  const outside = prepared.replace(/\([^)]*\)/g, " ");
  return outside
    .split(/[\s;]+/)
    .map((p) => p.split("/")[0])
    .some((name) => name !== "" && !BROWSER_PRODUCTS.has(name) && !/^[\d.]+$/.test(name));
}

// The same few hundred User-Agent strings make most of a site's traffic, and reading
// one walks the whole catalogue (about 0.1-0.25 ms of an accepted beacon's time before
// this memo, docs/performance/log.md), so each isolate remembers its recent readings. The
// reading depends on the string alone; cleared when full, like the token cache.
const MEMO_ENTRIES = 2_000;
const MEMO_MAX_LENGTH = 512;
const memo = new Map<string, UserAgentClaim>();

/**
 * Classifies a User-Agent: an AI agent it declares; else non-AI automation that names
 * itself (automation.ts); else a headless browser that names nothing else (the only
 * case left to the heuristic tier); else nothing.
 */
export function readUserAgent(userAgent: string | null | undefined): UserAgentClaim {
  if (!userAgent) return { kind: "none" };
  const known = memo.get(userAgent);
  if (known) return known;
  const claim = classifyUserAgent(userAgent);
  if (userAgent.length <= MEMO_MAX_LENGTH) {
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(userAgent, claim);
  }
  return claim;
}

function classifyUserAgent(userAgent: string): UserAgentClaim {
  const prepared = prepareUserAgent(userAgent);
  const agent = agentIn(prepared, userAgent);
  if (agent) return { kind: "ai_agent", agent };
  const automation = namedAutomationKind(prepared, userAgent);
  if (automation) return { kind: "named_automation", automation };
  if (HEADLESS.test(prepared)) {
    return namesMoreThanABrowser(prepared)
      ? { kind: "named_automation", automation: "other_bot" }
      : { kind: "headless" };
  }
  return { kind: "none" };
}

/** Kinds of client a session's device detection gives (names: shared/display/display-names.ts). */
export type DeviceType = "desktop" | "mobile" | "tablet" | "bot";

export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  deviceType: DeviceType | null;
}

// Coarse family detection, first match wins; order matters (Edge and Opera contain "Chrome").
const browsers: ReadonlyArray<[RegExp, string]> = [
  [/edg\//i, "Edge"],
  [/opr\/|opera/i, "Opera"],
  [/firefox\//i, "Firefox"],
  [/chrome\/|crios\//i, "Chrome"],
  [/safari\//i, "Safari"],
];
const systems: ReadonlyArray<[RegExp, string]> = [
  [/android/i, "Android"],
  [/iphone|ipad|ipod/i, "iOS"],
  [/windows/i, "Windows"],
  [/mac os x|macintosh/i, "macOS"],
  [/cros/i, "ChromeOS"],
  [/linux/i, "Linux"],
];

/** Browser family, OS family and device type from a User-Agent; nulls when unknown. */
export function deviceInfo(userAgent: string | null | undefined, isAgent: boolean): DeviceInfo {
  if (!userAgent) return { browser: null, os: null, deviceType: isAgent ? "bot" : null };
  const browser = browsers.find(([re]) => re.test(userAgent))?.[1] ?? null;
  const os = systems.find(([re]) => re.test(userAgent))?.[1] ?? null;
  let deviceType: DeviceInfo["deviceType"] = "desktop";
  if (/ipad|tablet/i.test(userAgent)) deviceType = "tablet";
  else if (/mobi|iphone|android/i.test(userAgent)) deviceType = "mobile";
  if (isAgent && !browser) deviceType = "bot";
  return { browser, os, deviceType };
}
