import { CHECKS } from "./checks/registry";
import type { CheckResult, CheckStatus, LayerName, LayerNumber } from "./types";

// Scoring of scan-checks.md "Scores". Changing a weight, or a rule that moves a check's
// status, is a new SCORING_VERSION (docs/scoring.md lists what each version changed).
export const SCORING_VERSION = "5";

export const LAYERS: ReadonlyArray<{ layer: LayerNumber; name: LayerName; weight: number }> = [
  // Overall weights: reaching and operating the site matter most for finding a product
  // and adding it to a cart (scan-checks.md).
  { layer: 1, name: "access", weight: 25 },
  { layer: 2, name: "identity", weight: 15 },
  { layer: 3, name: "interaction", weight: 25 },
  { layer: 4, name: "content", weight: 20 },
  { layer: 5, name: "integration", weight: 15 },
];

const STATUS_SCORE: Record<CheckStatus, number> = { pass: 100, warn: 50, fail: 0 };

export type LayerScores = Record<LayerName, number>;

export function checkScore(result: CheckResult): number {
  return result.blocked ? 0 : STATUS_SCORE[result.status];
}

const weightOf = new Map(CHECKS.map((c) => [c.key, c.weight]));

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
