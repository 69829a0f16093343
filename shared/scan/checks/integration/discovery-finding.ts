import type { Fetched } from "../../types";

// One rule a discovery document breaks, named by a stable code as peer validators name
// theirs (ucptools, ucpchecker: one code per rule), so evidence says exactly what was
// found and where. `error` breaks a MUST (or the document cannot be used): the check
// warns; `note` is a SHOULD or a hint: it stays in the evidence and the status holds.
export interface Finding {
  code: string;
  severity: "error" | "note";
  detail: string;
}

/** At most this many findings per document, each detail at most this long: a hostile document stays cheap to store. */
const MAX_FINDINGS = 12;
const MAX_DETAIL = 240;

/** A document's findings as stored: bounded in number and length, the rest counted. */
export function bounded(findings: Finding[]): Finding[] {
  const kept = findings.slice(0, MAX_FINDINGS).map((f) => ({
    ...f,
    detail: f.detail.length > MAX_DETAIL ? `${f.detail.slice(0, MAX_DETAIL - 1)}…` : f.detail,
  }));
  if (findings.length > MAX_FINDINGS)
    kept.push({ code: "MORE", severity: "note", detail: `${findings.length - MAX_FINDINGS} more not listed` });
  return kept;
}

export function errorsIn(findings: Finding[]): Finding[] {
  return findings.filter((f) => f.severity === "error");
}

/** The codes of a list of findings, for messages: "UCP_CACHE_CONTROL, UCP_KEYS". */
export function codesOf(findings: Finding[]): string {
  return findings.map((f) => f.code).join(", ");
}

export interface CacheControl {
  raw: string | null;
  public: boolean;
  maxAge: number | null;
  /** private, no-store or no-cache: directives that keep a shared cache from reusing the answer. */
  forbidding: string[];
}

/** The Cache-Control directives a discovery rule reads (RFC 9111 §5.2.2). */
export function cacheControl(f: Fetched): CacheControl {
  const raw = f.headers["cache-control"] ?? null;
  const directives = (raw ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const maxAgeDirective = directives.find((d) => d.startsWith("max-age=") || d.startsWith("s-maxage="));
  const maxAge = maxAgeDirective ? Number.parseInt(maxAgeDirective.split("=")[1].replace(/"/g, ""), 10) : Number.NaN;
  return {
    raw,
    public: directives.includes("public"),
    maxAge: Number.isFinite(maxAge) ? maxAge : null,
    forbidding: directives.filter((d) => d === "private" || d === "no-store" || d === "no-cache"),
  };
}

/** Whether the answer carries `Access-Control-Allow-Origin: *`, as discovery documents must for browser clients. */
export function corsOpen(f: Fetched): boolean {
  return (f.headers["access-control-allow-origin"] ?? "").trim() === "*";
}

/** The media type of an answer without its parameters. */
export function mediaType(f: Fetched): string {
  return f.contentType.split(";")[0].trim().toLowerCase();
}
