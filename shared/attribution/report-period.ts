// Attribution periods (contract: `period` enum `24h`, `7d`, `30d`, `90d`; window ends
// now; default `30d`).
export const ATTRIBUTION_PERIODS = ["24h", "7d", "30d", "90d"] as const;
export type AttributionPeriod = (typeof ATTRIBUTION_PERIODS)[number];
export const DEFAULT_ATTRIBUTION_PERIOD: AttributionPeriod = "30d";

const HOUR_MS = 3_600_000;
const PERIOD_MS: Record<AttributionPeriod, number> = {
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
  "90d": 90 * 24 * HOUR_MS,
};

/** Half-open window `[start, end)` in epoch ms, ending at `nowMs`. */
export function periodWindow(period: AttributionPeriod, nowMs: number): { start: number; end: number } {
  return { start: nowMs - PERIOD_MS[period], end: nowMs };
}
