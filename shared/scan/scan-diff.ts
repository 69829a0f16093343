import { LAYERS } from "./layers";
import { checkTitle } from "./report/check-titles";
import { pointsEarned } from "./report/fix-ranking";
import type { ChangedCheck, ScanDiff } from "./scan-diff-schema";
import type { CheckResult, LayerScores } from "./scan-result";
import { checkScore } from "./score";

// The one computation of a scan diff (shape: ./scan-diff-schema.ts), pure over two
// stored results; docs/scan-report.md "What changed" explains the numbers.

export type { ChangedCheck, ScanDiff };

/** What of a stored scan the diff reads. */
export interface DiffableScan {
  id: string;
  overallScore: number;
  layerScores: LayerScores;
  checkResults: CheckResult[];
  scoringVersion: string;
}

const ORDER: Record<ChangedCheck["direction"], number> = { regressed: 0, improved: 1, added: 2, removed: 3 };

function move(previous: number, current: number) {
  return { previous, current, change: current - previous };
}

/**
 * The change from `previous` (last seen before `current` at `seenAt`, epoch ms) to `current`: the
 * overall and layer score moves, and each check whose own score moved or that only one
 * of the two scans has. Pure: both scans are read by the caller.
 */
export function diffScans(previous: DiffableScan & { seenAt: number }, current: DiffableScan): ScanDiff {
  const before = new Map(previous.checkResults.map((r) => [r.key, r]));
  const now = new Map(current.checkResults.map((r) => [r.key, r]));
  const changed: ChangedCheck[] = [];
  let unchanged = 0;
  const earned = (results: CheckResult[], r: CheckResult | undefined) => (r ? pointsEarned(results, r) : 0);
  const item = (key: string, layer: number, was: CheckResult | undefined, is: CheckResult | undefined) => {
    const points = earned(current.checkResults, is) - earned(previous.checkResults, was);
    return {
      key,
      title: checkTitle(key),
      layer,
      previousStatus: was?.status ?? null,
      currentStatus: is?.status ?? null,
      // + 0: a loss that rounds to nothing reads 0, not -0.
      pointsChange: Math.round(points * 10) / 10 + 0,
    };
  };
  // This scan's checks in report order, then checks only the previous scan had.
  for (const r of current.checkResults) {
    const was = before.get(r.key);
    if (!was) {
      changed.push({ ...item(r.key, r.layer, undefined, r), direction: "added" });
      continue;
    }
    const own = checkScore(r) - checkScore(was);
    if (own === 0) unchanged++;
    else changed.push({ ...item(r.key, r.layer, was, r), direction: own > 0 ? "improved" : "regressed" });
  }
  for (const was of previous.checkResults) {
    if (!now.has(was.key)) changed.push({ ...item(was.key, was.layer, was, undefined), direction: "removed" });
  }
  // A stable sort keeps report order inside each direction.
  changed.sort((a, b) => ORDER[a.direction] - ORDER[b.direction]);
  const count = (d: ChangedCheck["direction"]) => changed.filter((c) => c.direction === d).length;
  return {
    previousScanId: previous.id,
    previousScannedAt: new Date(previous.seenAt).toISOString(),
    previousScoringVersion: previous.scoringVersion,
    overallScore: move(previous.overallScore, current.overallScore),
    layerScores: Object.fromEntries(
      LAYERS.map((l) => [l.name, move(previous.layerScores[l.name], current.layerScores[l.name])]),
    ) as ScanDiff["layerScores"],
    counts: {
      improved: count("improved"),
      regressed: count("regressed"),
      unchanged,
      added: count("added"),
      removed: count("removed"),
    },
    changedChecks: changed,
  };
}
