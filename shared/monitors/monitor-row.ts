/** A monitor as the v1 API shows it; the sealed secret never leaves shared/monitors. */
export interface MonitorRecord {
  id: string;
  workspaceId: string;
  domain: string;
  webhookUrl: string;
  createdAt: number;
}

export function monitorRecordFromD1(row: Record<string, unknown>): MonitorRecord {
  return {
    id: String(row.id),
    workspaceId: String(row.workspace_id),
    domain: String(row.domain),
    webhookUrl: String(row.webhook_url),
    createdAt: Number(row.created_at),
  };
}
