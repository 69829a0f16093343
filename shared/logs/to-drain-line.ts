import type { DrainRecord } from "../drains/drain-record";

/**
 * A request as one line of the generic NDJSON drain (docs/integrations/ndjson.md: the
 * `/api/v1/events` record plus `id` and `content_type`), the way an imported file reaches
 * the service. `id` is the record's own key, else the given one (the importer derives it
 * from the file and line, so a re-sent line is stored once).
 */
export function toDrainLine(record: DrainRecord, fallbackId: string) {
  return {
    id: record.key ?? fallbackId,
    timestamp: new Date(record.occurredAt).toISOString(),
    domain: record.host,
    path: record.path,
    method: record.method.toUpperCase(),
    status: record.status,
    user_agent: record.userAgent,
    ip: record.ip,
    referer: record.referer,
    content_type: record.contentType,
    ...(record.signature ? { headers: record.signature } : {}),
  };
}
