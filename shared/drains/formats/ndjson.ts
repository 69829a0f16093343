import { z } from "zod";
import { serverEventItem } from "../../ingest/server-event-schema";
import { type DrainRecord, invalid, type LineReading, RECORD_BOUNDS } from "../drain-record";

// The generic drain (Fastly, Netlify, nginx via a shipper, anything that can POST lines):
// one record per line in the shape of `POST /api/v1/events` (docs/ingest.md,
// "Server-side events"), gzip or not. Two optional fields help a drain that a single
// event call does not need: `id`, the request's identity in the sender's log (so a
// redelivered line is stored once even when its other fields were rewritten), and
// `content_type`, the answer's Content-Type (the page-view rule, document-request.ts).
const drainLine = serverEventItem.extend({
  id: z.string().min(1).max(128).optional(),
  content_type: z.string().max(256).nullish(),
});

export function readNdjsonLine(value: unknown): LineReading {
  const parsed = drainLine.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalid(`${issue.path.map(String).join(".") || "line"}: ${issue.message}`);
  }
  const item = parsed.data;
  const record: DrainRecord = {
    key: item.id ?? null,
    occurredAt: typeof item.timestamp === "number" ? item.timestamp : Date.parse(item.timestamp),
    host: item.domain.toLowerCase(),
    path: item.path,
    method: item.method,
    status: item.status,
    userAgent: item.user_agent ?? null,
    ip: item.ip ?? null,
    referer: item.referer ?? null,
    contentType: item.content_type ?? null,
    signature: item.headers && Object.keys(item.headers).length > 0 ? item.headers : null,
  };
  if (record.userAgent && record.userAgent.length > RECORD_BOUNDS.userAgent) return invalid("user_agent: too long");
  return { record };
}
