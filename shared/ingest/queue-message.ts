/**
 * What ingest hands to the queue for one accepted event. It carries the visitor hash,
 * never the raw IP (docs/privacy.md). `id` is minted at ingest and makes the consumer
 * idempotent: a redelivered message is recognised and not counted twice.
 */
export interface IngestMessage {
  id: string;
  siteId: string;
  workspaceId: string;
  kind: string;
  occurredAt: number;
  receivedAt: number;
  payload: Record<string, unknown>;
}
