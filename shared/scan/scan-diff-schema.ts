import { z } from "zod";
import { CheckStatus } from "./check-status";
import { LAYERS, type LayerName } from "./layers";

// What changed between a domain's previous stored scan and this one (issue 29, "a diff of
// checks since the previous scan"), declared once: the Scan API's ScanResult, the MCP scan
// tools, the `score.changed` webhook and both report pages carry this shape
// (docs/scan-report.md "What changed"). Computed by `diffScans` (./scan-diff.ts); which
// stored scan counts as the previous one is the store's rule (./scan-store.ts). Zod only,
// so the ScanResult schema that embeds it stays free of the checks' code.

const Change = z.number().int().min(-100).max(100);

/** One score before and after, and the change (after minus before). */
const ScoreMove = z
  .object({
    previous: z.number().int().min(0).max(100),
    current: z.number().int().min(0).max(100),
    change: Change.meta({ description: "current minus previous.", example: 7 }),
  })
  .meta({ id: "ScoreMove" });

export const CHECK_DIRECTIONS = ["improved", "regressed", "added", "removed"] as const;

export const ChangedCheck = z
  .object({
    key: z.string().meta({ example: "llms_txt" }),
    title: z.string().meta({ description: "What the check asks, in words.", example: "llms.txt guides AI agents" }),
    layer: z.number().int().meta({ description: "Layer number (LayerScores).", example: 5 }),
    previousStatus: CheckStatus.nullable().meta({ description: "Null when the previous scan had no such check." }),
    currentStatus: CheckStatus.nullable().meta({ description: "Null when this scan has no such check (retired)." }),
    pointsChange: z.number().min(-100).max(100).meta({
      description:
        'Points of the overall score this check earns now minus what it earned in the previous scan, exact before the report\'s rounding, one decimal (docs/scan-report.md "What changed"); a check one scan lacks earns 0 there.',
      example: -3.2,
    }),
    direction: z.enum(CHECK_DIRECTIONS).meta({
      id: "CheckChangeDirection",
      description:
        "`improved` / `regressed`: the check's own score (pass 100, warn 50, fail 0, blocked 0) rose / fell; `added` / `removed`: only this / only the previous scan has the check (a scoring version change).",
    }),
  })
  .meta({ id: "ChangedCheck" });

export const ScanDiff = z
  .object({
    previousScanId: z.uuid().meta({ description: "The stored scan compared with, readable at GET /api/scan/{id}." }),
    previousScannedAt: z.iso.datetime().meta({
      description:
        "When the previous scan's result was last seen before this one (the date the change is counted since).",
    }),
    previousScoringVersion: z.string().meta({
      description:
        "Scoring version of the previous scan; when it differs from this scan's, scores moved by method too.",
      example: "5",
    }),
    overallScore: ScoreMove,
    layerScores: z
      .object(Object.fromEntries(LAYERS.map((l) => [l.name, ScoreMove])) as Record<LayerName, typeof ScoreMove>)
      .meta({ id: "LayerScoreMoves" }),
    counts: z
      .object({
        improved: z.number().int().min(0),
        regressed: z.number().int().min(0),
        unchanged: z.number().int().min(0).meta({ description: "Checks both scans ran with the same own score." }),
        added: z.number().int().min(0),
        removed: z.number().int().min(0),
      })
      .meta({ id: "CheckChangeCounts" }),
    changedChecks: z.array(ChangedCheck).meta({
      description:
        "Every check whose own score moved or that only one scan has: regressions first, then improvements, added, removed; in report order within each.",
    }),
  })
  .meta({ id: "ScanDiff" });

export type ChangedCheck = z.infer<typeof ChangedCheck>;
export type ScanDiff = z.infer<typeof ScanDiff>;
