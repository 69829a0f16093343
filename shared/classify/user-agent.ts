import { type AgentEntry, aiAgents } from "./agents";

// Lower-cased tokens, longest first: when several tokens match, the longest wins
// (traffic-facts §2), e.g. "Applebot-Extended" over "Applebot".
const byLength = [...aiAgents]
  .map((a) => ({ entry: a, lower: a.token.toLowerCase() }))
  .sort((a, b) => b.lower.length - a.lower.length);

const TOKEN_CHAR = /[a-z0-9_-]/;

/**
 * The AI agent a User-Agent declares, by product token: case-insensitive, whole token
 * (not inside a longer word), any version. Null for anything else.
 */
export function matchAgent(userAgent: string | null | undefined): AgentEntry | null {
  if (!userAgent) return null;
  const ua = userAgent.toLowerCase();
  for (const { entry, lower } of byLength) {
    let from = 0;
    for (;;) {
      const at = ua.indexOf(lower, from);
      if (at < 0) break;
      const before = at === 0 ? "" : ua[at - 1];
      const after = ua[at + lower.length] ?? "";
      if (!TOKEN_CHAR.test(before) && !TOKEN_CHAR.test(after)) return entry;
      from = at + 1;
    }
  }
  return null;
}

export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  deviceType: "desktop" | "mobile" | "tablet" | "bot" | null;
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
