import { CHECKS } from "./checks/registry";
import type { CheckDefinition, CheckResult, SiteSnapshot } from "./types";
import { unreachableMessage } from "./unreachable";

/** Runs one check; a check that throws is reported as a failed check, never a failed scan. */
export function runCheck(def: CheckDefinition, site: SiteSnapshot): CheckResult {
  try {
    const out = def.run(site);
    const result: CheckResult = {
      layer: def.layer,
      key: def.key,
      status: out.status,
      message: out.message,
      fix: out.status === "pass" ? null : (out.fix ?? null),
      evidence: out.evidence ?? null,
    };
    if (out.blocked) result.blocked = true;
    return result;
  } catch {
    // The scanner's own fault: said plainly, without internal error text.
    return {
      layer: def.layer,
      key: def.key,
      status: "fail",
      message: "The scanner could not complete this check on what the site returned; it is counted as not passed.",
      fix: null,
      evidence: null,
    };
  }
}

/**
 * The one answer for a shop that gave no HTTP answer at all: every check fails with the
 * same plain statement (no check passes on a site nobody could look at), so the score is
 * 0 and a monitor sees the drop. docs/scan.md "Unreachable shops".
 */
export function unreachableResults(site: SiteSnapshot, reached: { url: string; reason: string }): CheckResult[] {
  const fix = `Check that ${site.domain} (or www.${site.domain}) resolves in public DNS and answers https on port 443, then scan again.`;
  return CHECKS.map((def) => ({
    layer: def.layer,
    key: def.key,
    status: "fail",
    message:
      def.key === "https_reachable"
        ? unreachableMessage(site.domain, reached.reason)
        : `Not checked: ${site.domain} could not be reached (${reached.reason}).`,
    fix,
    evidence: { unreachable: true, url: reached.url, reason: reached.reason },
  }));
}

export function runChecks(site: SiteSnapshot): CheckResult[] {
  if (site.unreachable) return unreachableResults(site, site.unreachable);
  return CHECKS.map((def) => runCheck(def, site));
}
