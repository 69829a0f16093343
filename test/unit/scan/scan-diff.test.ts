import { describe, expect, it } from "vitest";
import { diffScans } from "../../../shared/scan/scan-diff";
import type { LayerScores } from "../../../shared/scan/scan-result";
import type { CheckResult, CheckStatus } from "../../../shared/scan/types";

function check(layer: 1 | 2 | 3 | 4 | 5, key: string, status: CheckStatus, blocked?: boolean): CheckResult {
  return { layer, key, status, blocked, message: `${key}: ${status}`, fix: null, evidence: null };
}

const layers = (access: number, identity: number, interaction: number, content: number, integration: number) =>
  ({ access, identity, interaction, content, integration }) satisfies LayerScores;

const PREVIOUS_ID = "11111111-1111-4111-8111-111111111111";
const CURRENT_ID = "22222222-2222-4222-8222-222222222222";
// 2026-11-20T08:00:00Z
const SEEN_AT = Date.UTC(2026, 10, 20, 8);

describe("diffScans", () => {
  const previous = {
    id: PREVIOUS_ID,
    overallScore: 61,
    layerScores: layers(75, 50, 40, 90, 30),
    scoringVersion: "4",
    seenAt: SEEN_AT,
    checkResults: [
      check(1, "https_reachable", "pass"),
      check(1, "robots_txt", "warn"),
      check(2, "llms_txt", "fail"),
      check(3, "retired_check", "pass"),
      check(3, "image_alt_text", "warn", true),
    ],
  };
  const current = {
    id: CURRENT_ID,
    overallScore: 68,
    layerScores: layers(50, 100, 40, 95, 45),
    scoringVersion: "5",
    checkResults: [
      check(1, "https_reachable", "pass"),
      check(1, "robots_txt", "fail"),
      check(2, "llms_txt", "pass"),
      check(3, "image_alt_text", "warn"),
      check(5, "product_feed", "warn"),
    ],
  };

  // Points earned = layer weight / 100 × check weight / the layer's check weights in that
  // scan × the check's own score. Weights (scan-checks.md): https_reachable 3, robots_txt
  // 2 (access, 25); llms_txt 3 (identity, 15); image_alt_text 1 and an unknown key 1
  // (interaction, 25); product_feed 2 (integration, 15). Access holds 3 + 2 = 5 in both
  // scans; interaction 2 before (retired_check + image_alt_text), 1 after.
  it("lists each check whose score moved, regressions first, with its title and overall points", () => {
    const diff = diffScans(previous, current);
    expect(diff.changedChecks).toEqual([
      // warn → fail: 0.25 × 2/5 × 50 = 5 points lost
      {
        key: "robots_txt",
        title: "robots.txt is published and readable",
        layer: 1,
        previousStatus: "warn",
        currentStatus: "fail",
        pointsChange: -5,
        direction: "regressed",
      },
      // fail → pass: 0.15 × 3/3 × 100 = 15
      {
        key: "llms_txt",
        title: "llms.txt guides AI agents through the shop",
        layer: 2,
        previousStatus: "fail",
        currentStatus: "pass",
        pointsChange: 15,
        direction: "improved",
      },
      // A blocked warn earned 0; unblocked, alone in its layer now: 0.25 × 1/1 × 50 = 12.5
      {
        key: "image_alt_text",
        title: "Product images are described in alt text",
        layer: 3,
        previousStatus: "warn",
        currentStatus: "warn",
        pointsChange: 12.5,
        direction: "improved",
      },
      // 0.15 × 2/2 × 50 = 7.5
      {
        key: "product_feed",
        title: "A machine-readable product feed",
        layer: 5,
        previousStatus: null,
        currentStatus: "warn",
        pointsChange: 7.5,
        direction: "added",
      },
      // A retired key reads as words; it earned 0.25 × 1/2 × 100 = 12.5

      {
        key: "retired_check",
        title: "Retired check",
        layer: 3,
        previousStatus: "pass",
        currentStatus: null,
        pointsChange: -12.5,
        direction: "removed",
      },
    ]);
    expect(diff.counts).toEqual({ improved: 2, regressed: 1, unchanged: 1, added: 1, removed: 1 });
  });

  it("states the overall and each layer's score before, after and the change", () => {
    const diff = diffScans(previous, current);
    expect(diff.overallScore).toEqual({ previous: 61, current: 68, change: 7 });
    expect(diff.layerScores).toEqual({
      access: { previous: 75, current: 50, change: -25 },
      identity: { previous: 50, current: 100, change: 50 },
      interaction: { previous: 40, current: 40, change: 0 },
      content: { previous: 90, current: 95, change: 5 },
      integration: { previous: 30, current: 45, change: 15 },
    });
    expect(diff.previousScanId).toBe(PREVIOUS_ID);
    expect(diff.previousScannedAt).toBe("2026-11-20T08:00:00.000Z");
    expect(diff.previousScoringVersion).toBe("4");
  });

  it("finds nothing changed between two identical result sets", () => {
    const diff = diffScans(previous, { ...previous, id: CURRENT_ID });
    expect(diff.changedChecks).toEqual([]);
    expect(diff.counts).toEqual({ improved: 0, regressed: 0, unchanged: 5, added: 0, removed: 0 });
    expect(diff.overallScore.change).toBe(0);
  });
});
