import type { LineReading } from "../drains/drain-record";
import { readLogpushLine } from "../drains/formats/cloudflare-logpush";
import { readVercelLine } from "../drains/formats/vercel";
import { readCombinedLine } from "./combined-log";

// The access-log files `npm run import-logs` reads, one reader per format: nginx/Apache
// "combined" (combined-log.ts), and the JSON-lines exports of Cloudflare Logpush
// (`http_requests`, the same fields as the Logpush drain) and Vercel (the log drain's
// JSON, as `vercel logs --json` and drain captures write it), read by the drains' own
// readers so a file and a drain are read alike.

export const LOG_FORMATS = ["combined", "cloudflare", "vercel"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** One line of a log file read in `format`; `host` is the site for formats that carry none. */
export function readLogLine(format: LogFormat, line: string, host: string): LineReading {
  if (format === "combined") return readCombinedLine(line, host);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { problem: { code: "invalid_json", message: "line: not valid JSON" } };
  }
  return format === "cloudflare" ? readLogpushLine(value) : readVercelLine(value);
}

/** The format of a file told from its first non-blank line, or null. */
export function detectLogFormat(firstLine: string): LogFormat | null {
  const line = firstLine.trim();
  if (line.startsWith("{")) {
    if (/"(EdgeStartTimestamp|ClientRequestURI|RayID)"/.test(line)) return "cloudflare";
    if (/"(proxy|source|deploymentId|projectId)"/.test(line)) return "vercel";
    return null;
  }
  return "record" in readCombinedLine(line, "example.com") ? "combined" : null;
}
