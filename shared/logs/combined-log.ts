import { type DrainRecord, invalid, type LineReading, RECORD_BOUNDS, requestProblem } from "../drains/drain-record";

// The "combined" access-log format, as nginx predefines it (nginx.org ngx_http_log_module,
// `log_format combined '$remote_addr - $remote_user [$time_local] "$request" $status
// $body_bytes_sent "$http_referer" "$http_user_agent"'`) and Apache httpd writes it
// (mod_log_config, `"%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-agent}i\""`).
// Lines carry no host, so the importer's `--site` names it; no Content-Type either, so the
// path decides whether a request was a page (shared/drains/document-request.ts).
// Inside the quoted fields nginx escapes `"` as `\x22` and Apache as `\"`; both are read.

const LINE =
  /^(\S+) \S+ \S+ \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}) (?:\d+|-)(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?/;
const MONTHS: Record<string, string> = {
  Jan: "01",
  Feb: "02",
  Mar: "03",
  Apr: "04",
  May: "05",
  Jun: "06",
  Jul: "07",
  Aug: "08",
  Sep: "09",
  Oct: "10",
  Nov: "11",
  Dec: "12",
};

/** `25/Nov/2026:10:04:00 +0100` ($time_local, %t) as epoch ms, or NaN. */
export function parseLogTime(text: string): number {
  const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!m || !MONTHS[m[2]]) return Number.NaN;
  return Date.parse(`${m[3]}-${MONTHS[m[2]]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}${m[7]}${m[8]}:${m[9]}`);
}

function unescapeField(text: string): string {
  return text
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\(.)/g, "$1");
}

function orNull(value: string | undefined): string | null {
  return value === undefined || value === "" || value === "-" ? null : unescapeField(value);
}

/** One combined-format line as a request of `host`. */
export function readCombinedLine(line: string, host: string): LineReading {
  const m = LINE.exec(line);
  if (!m) return invalid("line: not in the combined log format");
  const request = unescapeField(m[3]);
  const parts = request.split(" ");
  // "-" or a garbled request line (a TLS handshake sent to port 80) is no request.
  if (parts.length < 2 || parts.length > 3)
    return invalid(`request: "${request.slice(0, 80)}" is not "METHOD /path HTTP/x"`);
  let path = parts[1];
  if (/^https?:\/\//i.test(path)) {
    try {
      const u = new URL(path);
      path = `${u.pathname}${u.search}`;
    } catch {
      return invalid("request: the target is not a URL");
    }
  }
  const record: DrainRecord = {
    key: null,
    occurredAt: parseLogTime(m[2]),
    host,
    path,
    method: parts[0],
    status: Number(m[4]),
    userAgent: orNull(m[6]),
    ip: m[1] === "-" ? null : m[1],
    referer: orNull(m[5]),
    contentType: null,
    signature: null,
  };
  if (record.userAgent && record.userAgent.length > RECORD_BOUNDS.userAgent) return invalid("user_agent: too long");
  const problem = requestProblem(record);
  return problem ? invalid(problem) : { record };
}
