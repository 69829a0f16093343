/**
 * One HTTP request as a drain line describes it, whatever the vendor: what every format
 * reader (shared/drains/formats/) turns its line into, and all the rest of the drain
 * path reads.
 */
export interface DrainRecord {
  /**
   * The request's own identity in the vendor's log (Cloudflare RayID, Vercel request id,
   * the generic record's `id`), or null: then the record's content identifies it. A
   * redelivered line yields the same key, so it is stored once.
   */
  key: string | null;
  occurredAt: number;
  host: string;
  /** Path and query, starting with `/`. */
  path: string;
  method: string;
  status: number;
  userAgent: string | null;
  ip: string | null;
  referer: string | null;
  /** The answer's Content-Type when the format carries it; null when it does not. */
  contentType: string | null;
  /** Web Bot Auth headers of the request, when the log carries them. */
  signature: { signature?: string; "signature-input"?: string; "signature-agent"?: string } | null;
}

/** Why a line was not read as a request (the per-line result's reason). */
export type LineProblem =
  | { code: "invalid_json"; message: string }
  | { code: "invalid_record"; message: string }
  /** A valid line of the vendor's format that describes no HTTP request (a build log, a function's stdout). */
  | { code: "not_a_request"; message: string };

export type LineReading = { record: DrainRecord } | { problem: LineProblem };

/** Bounds every reader applies to what it keeps (the same as `/api/v1/events`). */
export const RECORD_BOUNDS = { path: 2048, userAgent: 1024, referer: 2048, host: 253, ip: 64, header: 4096 } as const;

export function invalid(message: string): { problem: LineProblem } {
  return { problem: { code: "invalid_record", message } };
}

export function notARequest(message: string): { problem: LineProblem } {
  return { problem: { code: "not_a_request", message } };
}

/** A string field or null; a value of another type, or longer than `max`, is reported by name. */
export function optionalString(
  value: unknown,
  field: string,
  max: number,
): { ok: true; value: string | null } | { ok: false; message: string } {
  if (value === undefined || value === null || value === "") return { ok: true, value: null };
  if (typeof value !== "string") return { ok: false, message: `${field}: expected a string` };
  if (value.length > max) return { ok: false, message: `${field}: longer than ${max} characters` };
  return { ok: true, value };
}

const METHOD = /^[A-Za-z]{1,16}$/;

/** The checks every format's request shares; returns the message of the first that fails. */
export function requestProblem(r: DrainRecord): string | null {
  if (!Number.isFinite(r.occurredAt) || r.occurredAt <= 0) return "timestamp: not a valid time";
  if (!r.host || r.host.length > RECORD_BOUNDS.host) return "host: missing or too long";
  if (!r.path.startsWith("/")) return "path: must start with /";
  if (r.path.length > RECORD_BOUNDS.path) return `path: longer than ${RECORD_BOUNDS.path} characters`;
  if (!METHOD.test(r.method)) return "method: not an HTTP method";
  if (!Number.isInteger(r.status) || r.status < 100 || r.status > 599) return "status: not an HTTP status";
  return null;
}

/**
 * A timestamp in any of the forms the vendors use, as epoch ms: RFC 3339 strings, or
 * numbers in seconds, milliseconds, microseconds or nanoseconds (Cloudflare's
 * `unixnano` default), told apart by magnitude (any time after 2001 has a 10-digit
 * second count).
 */
export function epochMs(value: unknown): number | null {
  if (typeof value === "string") {
    if (/^\d+$/.test(value)) return epochMs(Number(value));
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return null;
  if (value >= 1e17) return Math.floor(value / 1e6);
  if (value >= 1e14) return Math.floor(value / 1e3);
  if (value >= 1e11) return Math.floor(value);
  return Math.floor(value * 1000);
}
