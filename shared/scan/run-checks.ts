import { CHECKS } from "./checks/registry";
import type { CheckDefinition, CheckResult, SiteSnapshot } from "./types";

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
  } catch (err) {
    return {
      layer: def.layer,
      key: def.key,
      status: "fail",
      message: `The check could not be completed: ${err instanceof Error ? err.message : String(err)}.`,
      fix: null,
      evidence: null,
    };
  }
}

export function runChecks(site: SiteSnapshot): CheckResult[] {
  return CHECKS.map((def) => runCheck(def, site));
}
