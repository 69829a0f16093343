import type { Period } from "../time/periods";

// The periods a traffic report takes (contract "Traffic report parameters"), declared
// once: the window (shared/reports/report-window.ts), the v1 and app query schemas and
// the words (shared/display) read them. Their lengths: shared/time/periods.ts.

export const REPORT_PERIODS = ["1h", "24h", "7d", "30d", "90d"] as const satisfies readonly Period[];
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = "7d";
