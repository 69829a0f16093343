import type { Period } from "../time/periods";

// Attribution periods (contract: `period` enum `24h`, `7d`, `30d`, `90d`; window ends
// now; default `30d`).
export const ATTRIBUTION_PERIODS = ["24h", "7d", "30d", "90d"] as const satisfies readonly Period[];
export type AttributionPeriod = (typeof ATTRIBUTION_PERIODS)[number];
export const DEFAULT_ATTRIBUTION_PERIOD: AttributionPeriod = "30d";

// Windows: periodWindow in shared/time/periods.ts (one period table for every report).
