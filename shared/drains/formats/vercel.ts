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

// Vercel Log Drains (https://vercel.com/docs/drains/reference/logs; security:
// https://vercel.com/docs/drains/security): batches delivered as a JSON array (`json`)
// or one object per line (`ndjson`), signed with `x-vercel-signature`, the hex
// HMAC-SHA1 of the raw body under the drain's signature secret. Each entry is a log line
// of a deployment (`source`: build, static, lambda, edge, external, firewall, redirect);
// the ones that describe a visitor's request carry a `proxy` object:
//   proxy.timestamp  when the proxy received the request (epoch ms)
//   proxy.method, proxy.host, proxy.path (path and query), proxy.statusCode
//   proxy.userAgent  the User-Agent, documented as an array of strings (a string is read too)
//   proxy.referer, proxy.clientIp
// A request can log several lines (each function log line repeats its `proxy`), so the
// record's identity is `requestId` (else `proxy.vercelId`, else the line's `id`): the
// request counts once however many lines it logged. `proxy.statusCode` -1 means the
// answer came from a background revalidation: not the visitor's answer.

function userAgentOf(value: unknown): { ok: true; value: string | null } | { ok: false; message: string } {
  if (Array.isArray(value))
    return optionalString(
      value.find((u) => typeof u === "string"),
      "proxy.userAgent",
      RECORD_BOUNDS.userAgent,
    );
  return optionalString(value, "proxy.userAgent", RECORD_BOUNDS.userAgent);
}

export function readVercelLine(value: unknown): LineReading {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return invalid("line: expected a JSON object");
  const v = value as Record<string, unknown>;
  const proxy = v.proxy;
  if (typeof proxy !== "object" || proxy === null)
    return notARequest(`source ${String(v.source ?? "unknown")}: a log line without a proxy record, not a request`);
  const p = proxy as Record<string, unknown>;
  if (p.statusCode === -1) return notARequest("proxy.statusCode -1: a background revalidation, not a visitor's answer");
  const occurredAt = epochMs(p.timestamp ?? v.timestamp);
  if (occurredAt === null) return invalid("proxy.timestamp: missing or not a time");
  if (typeof p.host !== "string") return invalid("proxy.host: expected a string");
  if (typeof p.path !== "string") return invalid("proxy.path: expected a string");
  if (typeof p.statusCode !== "number") return invalid("proxy.statusCode: expected a number");
  const ua = userAgentOf(p.userAgent);
  if (!ua.ok) return invalid(ua.message);
  const referer = optionalString(p.referer, "proxy.referer", RECORD_BOUNDS.referer);
  if (!referer.ok) return invalid(referer.message);
  const ip = optionalString(p.clientIp, "proxy.clientIp", RECORD_BOUNDS.ip);
  if (!ip.ok) return invalid(ip.message);
  const key = [v.requestId, p.vercelId, v.id].find((k) => typeof k === "string" && k.length > 0 && k.length <= 128);
  const record: DrainRecord = {
    key: (key as string | undefined) ?? null,
    occurredAt,
    host: p.host.toLowerCase(),
    path: p.path,
    method: typeof p.method === "string" ? p.method : "GET",
    status: p.statusCode,
    userAgent: ua.value,
    ip: ip.value,
    referer: referer.value,
    contentType: null,
    signature: null,
  };
  const problem = requestProblem(record);
  return problem ? invalid(problem) : { record };
}
