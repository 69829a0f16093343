import { CHECKS } from "./checks/registry";
import { LAYERS } from "./layers";
import type { LayerScores } from "./scan-result";
import type { CheckResult, CheckStatus, LayerNumber } from "./types";

// Scoring of scan-checks.md "Scores" (layer weights in ./layers.ts). Changing a weight, or a rule that moves a check's
// status, is a new SCORING_VERSION (docs/scoring.md lists what each version changed).
export const SCORING_VERSION = "6";

const STATUS_SCORE: Record<CheckStatus, number> = { pass: 100, warn: 50, fail: 0 };

export function checkScore(result: CheckResult): number {
  return result.blocked ? 0 : STATUS_SCORE[result.status];
}

// Keyed by any string: a stored result may carry a retired check's key (it weighs 1).
const weightOf: ReadonlyMap<string, number> = new Map(CHECKS.map((c) => [c.key, c.weight]));

/** Weighted mean of a layer's check scores, rounded to an integer. */
export function layerScore(results: CheckResult[], layer: LayerNumber): number {
  const own = results.filter((r) => r.layer === layer);
  const total = own.reduce((n, r) => n + (weightOf.get(r.key) ?? 1), 0);
  if (total === 0) return 0;
  const sum = own.reduce((n, r) => n + (weightOf.get(r.key) ?? 1) * checkScore(r), 0);
  return Math.round(sum / total);
}

export function scoreResults(results: CheckResult[]): { layerScores: LayerScores; overallScore: number } {
  const layerScores = Object.fromEntries(LAYERS.map((l) => [l.name, layerScore(results, l.layer)])) as LayerScores;
  const totalWeight = LAYERS.reduce((n, l) => n + l.weight, 0);
  // The overall score weights the (already rounded) layer scores a reader sees.
  const overallScore = Math.round(LAYERS.reduce((n, l) => n + l.weight * layerScores[l.name], 0) / totalWeight);
  return { layerScores, overallScore };
}
