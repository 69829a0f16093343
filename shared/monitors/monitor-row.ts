/** A monitor as the v1 API shows it; the sealed secret never leaves shared/monitors. */
export interface MonitorRecord {
  id: string;
  workspaceId: string;
  domain: string;
  webhookUrl: string;
  createdAt: number;
  /** Overall score of the last rescan; null until the first. */
  lastScore: number | null;
  /** When a rescan last recorded `lastScore`. */
  lastScoredAt: number | null;
  /** The stored scan that gave `lastScore`. */
  lastScanId: string | null;
  /** Scheduled time of the daily rescan that last claimed the domain. */
  lastRescanAt: number | null;
  /** The first scan's score, when it was recorded and its stored scan: null until it has run. */
  baselineScore: number | null;
  baselineAt: number | null;
  baselineScanId: string | null;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const stringOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function monitorRecordFromD1(row: Record<string, unknown>): MonitorRecord {
  return {
    id: String(row.id),
    workspaceId: String(row.workspace_id),
    domain: String(row.domain),
    webhookUrl: String(row.webhook_url),
    createdAt: Number(row.created_at),
    lastScore: numberOrNull(row.last_score),
    lastScoredAt: numberOrNull(row.last_scored_at),
    lastScanId: stringOrNull(row.last_scan_id),
    lastRescanAt: numberOrNull(row.last_rescan_at),
    baselineScore: numberOrNull(row.baseline_score),
    baselineAt: numberOrNull(row.baseline_at),
    baselineScanId: stringOrNull(row.baseline_scan_id),
  };
}
