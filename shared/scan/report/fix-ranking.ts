import { CHECKS } from "../checks/registry";
import { LAYERS, layerByNumber } from "../layers";
import { checkScore, scoreResults } from "../score";
import type { CheckResult } from "../types";
import { checkTitle } from "./check-titles";

/** A failing or warning check with what fixing it is worth (docs/scan-report.md "Fix first"). */
export interface RankedCheck {
  check: CheckResult;
  title: string;
  /**
   * Points the overall score gains when this check alone passes, before rounding:
   * layer weight share × the check's weight share in its layer × the score it misses.
   */
  points: number;
  /** The overall score the report would show with this check passing (rounded as scored). */
  scoreIfFixed: number;
}

export interface ReportSections {
  /** Failing and warning checks that ran, most points first. */
  fixes: RankedCheck[];
  /** Checks that could not run because of bot protection or robots.txt, most points first. */
  blocked: RankedCheck[];
  passes: CheckResult[];
}

const checkWeight: ReadonlyMap<string, number> = new Map(CHECKS.map((c) => [c.key, c.weight]));
const order: ReadonlyMap<string, number> = new Map(CHECKS.map((c, i) => [c.key, i]));
const totalLayerWeight = LAYERS.reduce((n, l) => n + l.weight, 0);

// The same fallback as score.ts: a key the registry does not know weighs 1.
const weightOf = (key: string) => checkWeight.get(key) ?? 1;

/** The share of the overall score one check carries: layer weight share × its weight share in the layer. */
function shareOf(results: readonly CheckResult[], check: CheckResult): number {
  const layer = layerByNumber(check.layer);
  if (!layer) return 0;
  const layerTotal = results.filter((r) => r.layer === check.layer).reduce((n, r) => n + weightOf(r.key), 0);
  if (layerTotal === 0) return 0;
  return (layer.weight / totalLayerWeight) * (weightOf(check.key) / layerTotal);
}

/** Exact points the overall score gains if `check` passed, the other results unchanged. */
export function pointsIfPassed(results: readonly CheckResult[], check: CheckResult): number {
  return shareOf(results, check) * (100 - checkScore(check));
}

/** Exact points `check` adds to the overall score of `results` as it stands, before rounding. */
export function pointsEarned(results: readonly CheckResult[], check: CheckResult): number {
  return shareOf(results, check) * checkScore(check);
}

function rank(results: readonly CheckResult[], check: CheckResult): RankedCheck {
  const fixed = results.map((r) => (r === check ? { ...r, status: "pass" as const, blocked: false } : r));
  return {
    check,
    title: checkTitle(check.key),
    points: pointsIfPassed(results, check),
    scoreIfFixed: scoreResults(fixed).overallScore,
  };
}

const byPoints = (a: RankedCheck, b: RankedCheck) =>
  b.points - a.points ||
  a.check.layer - b.check.layer ||
  (order.get(a.check.key) ?? 99) - (order.get(b.check.key) ?? 99);

/**
 * Splits a scan's results into what to fix first (failing and warning checks ranked by
 * the points each would add), blocked checks (one access problem, ranked the same way)
 * and passes.
 */
export function rankFixes(results: readonly CheckResult[]): ReportSections {
  const fixes: RankedCheck[] = [];
  const blocked: RankedCheck[] = [];
  const passes: CheckResult[] = [];
  for (const r of results) {
    if (r.blocked) blocked.push(rank(results, r));
    else if (r.status === "pass") passes.push(r);
    else fixes.push(rank(results, r));
  }
  return { fixes: fixes.sort(byPoints), blocked: blocked.sort(byPoints), passes };
}
