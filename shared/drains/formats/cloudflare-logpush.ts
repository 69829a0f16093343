import {
  type DrainRecord,
  epochMs,
  invalid,
  type LineReading,
  notARequest,
  optionalString,
  RECORD_BOUNDS,
  requestProblem,
} from "../drain-record";

// Cloudflare Logpush, zone dataset `http_requests`, HTTP destination
// (https://developers.cloudflare.com/logs/get-started/enable-destinations/http/ and the
// field list https://developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/):
// gzip-compressed batches, one JSON object per line (output type `ndjson`). The job's
// "fields" setting decides which fields arrive; these are read:
//   EdgeStartTimestamp   when the edge received the request: `unixnano` (default),
//                        `unix` seconds or `rfc3339`, per the job's timestamp format
//   ClientRequestHost, ClientRequestURI (path and query), ClientRequestMethod
//   EdgeResponseStatus, EdgeResponseContentType
//   ClientRequestUserAgent, ClientRequestReferer, ClientIP
//   RayID                the request's id: the record's identity (redelivery)
//   WorkerSubrequest     true for a Worker's own fetch to the origin: not a visitor's request
//   RequestHeaders       custom-field headers, when the zone logs them (signature,
//                        signature-input, signature-agent for Web Bot Auth)
// Required: EdgeStartTimestamp, ClientRequestHost, ClientRequestURI, EdgeResponseStatus;
// ClientRequestMethod defaults to GET when the job leaves it out.

/** The fields the Logpush job must include (docs/integrations/cloudflare-logpush.md). */
export const LOGPUSH_FIELDS = [
  "RayID",
  "EdgeStartTimestamp",
  "ClientRequestHost",
  "ClientRequestURI",
  "ClientRequestMethod",
  "EdgeResponseStatus",
  "EdgeResponseContentType",
  "ClientRequestUserAgent",
  "ClientRequestReferer",
  "ClientIP",
  "WorkerSubrequest",
] as const;

function headersOf(value: unknown): DrainRecord["signature"] {
  if (typeof value !== "object" || value === null) return null;
  const out: NonNullable<DrainRecord["signature"]> = {};
  for (const [name, v] of Object.entries(value)) {
    const key = name.toLowerCase();
    if ((key === "signature" || key === "signature-input" || key === "signature-agent") && typeof v === "string") {
      if (v.length <= RECORD_BOUNDS.header) out[key] = v;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

export function readLogpushLine(value: unknown): LineReading {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return invalid("line: expected a JSON object");
  const v = value as Record<string, unknown>;
  // A line with none of the request fields (a destination check, another dataset) is no request.
  if (v.ClientRequestURI === undefined && v.ClientRequestHost === undefined && v.EdgeResponseStatus === undefined)
    return notARequest("no ClientRequestHost, ClientRequestURI or EdgeResponseStatus: not an http_requests record");
  if (v.WorkerSubrequest === true) return notARequest("WorkerSubrequest: a Worker's own subrequest, not a visitor's");
  const occurredAt = epochMs(v.EdgeStartTimestamp);
  if (occurredAt === null) return invalid("EdgeStartTimestamp: missing or not a time");
  if (typeof v.ClientRequestHost !== "string") return invalid("ClientRequestHost: expected a string");
  if (typeof v.ClientRequestURI !== "string") return invalid("ClientRequestURI: expected a string");
  if (typeof v.EdgeResponseStatus !== "number") return invalid("EdgeResponseStatus: expected a number");
  const ua = optionalString(v.ClientRequestUserAgent, "ClientRequestUserAgent", RECORD_BOUNDS.userAgent);
  if (!ua.ok) return invalid(ua.message);
  const referer = optionalString(v.ClientRequestReferer, "ClientRequestReferer", RECORD_BOUNDS.referer);
  if (!referer.ok) return invalid(referer.message);
  const ip = optionalString(v.ClientIP, "ClientIP", RECORD_BOUNDS.ip);
  if (!ip.ok) return invalid(ip.message);
  const type = optionalString(v.EdgeResponseContentType, "EdgeResponseContentType", 256);
  if (!type.ok) return invalid(type.message);
  const ray = optionalString(v.RayID, "RayID", 64);
  if (!ray.ok) return invalid(ray.message);
  const record: DrainRecord = {
    key: ray.value,
    occurredAt,
    host: v.ClientRequestHost.toLowerCase(),
    path: v.ClientRequestURI,
    method: typeof v.ClientRequestMethod === "string" ? v.ClientRequestMethod : "GET",
    status: v.EdgeResponseStatus,
    userAgent: ua.value,
    ip: ip.value,
    referer: referer.value,
    contentType: type.value,
    signature: headersOf(v.RequestHeaders),
  };
  const problem = requestProblem(record);
  return problem ? invalid(problem) : { record };
}
