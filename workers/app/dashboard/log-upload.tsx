import { countText } from "@shared/display/count-text";
import { drainReasonText } from "@shared/drains/drain-reasons";
import { type LogUploadResult, MAX_UPLOAD_BYTES } from "@shared/logs/import-log-upload";
import { LOG_FORMATS, type LogFormat } from "@shared/logs/log-formats";
import { uploadLog } from "@shared/logs/upload-log";
import { PAST_DAYS_MAX } from "@shared/salt/past-day-salts";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { redirectWithFlash } from "../flash";
import { requireRole } from "../middleware/require-role";
import { pageContext } from "../request-context";
import { sitePageValue } from "./site-context";
import { siteHref } from "./site-nav";

export const UPLOAD_PATH = "/app/sites/:domain/drains/upload";
/** Whether a request is an upload, which alone may send more than a form's few fields (app.ts). */
export const isLogUpload = (path: string) => /^\/app\/(?:w\/[^/]+\/)?sites\/[^/]+\/drains\/upload$/.test(path);

/**
 * The upload's body bound, applied by app.ts before anything reads the body (the CSRF
 * check parses the form first): the file plus room for the form's other fields.
 */
export const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw new HTTPException(413, {
      message: `A log file here is at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB; import larger ones with npm run import-logs.`,
    });
  },
});

const FORMAT_CHOICES: [LogFormat | "auto", string][] = [
  ["auto", "Tell from the first line"],
  ["combined", "nginx / Apache combined"],
  ["cloudflare", "Cloudflare Logpush export (JSON lines)"],
  ["vercel", "Vercel log export (JSON lines)"],
];
const LISTED_LINES = 10;
const mib = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

export function UploadLogForm(props: { action: string; csrf: string }) {
  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading">Import a log file</h2>
      <p class="hint">
        A one-off look at a log you already have: counted like a drain's batch, each line once however often it is
        imported. Lines of the last {PAST_DAYS_MAX} days are stored, each counted on its own day (an older day's
        visitors get a salt of their own, deleted within 48 hours); older lines are counted as too old. Up to{" "}
        {mib(MAX_UPLOAD_BYTES)} as sent, gzip or plain; larger files with <code>npm run import-logs</code>.
      </p>
      <form method="post" action={props.action} enctype="multipart/form-data">
        <input type="hidden" name="_csrf" value={props.csrf} />
        <div class="field">
          <label for="log-file">Log file</label>
          <input id="log-file" name="log" type="file" required accept=".log,.gz,.txt,.json,.ndjson,.jsonl" />
        </div>
        <div class="field">
          <label for="log-format">Format</label>
          <select id="log-format" name="format">
            {FORMAT_CHOICES.map(([value, label]) => (
              <option value={value}>{label}</option>
            ))}
          </select>
        </div>
        <button type="submit">Import file</button>
      </form>
    </section>
  );
}

/** The per-line counts of an import, in sentences (the result page's flash). */
export function uploadSummary(file: string, r: LogUploadResult): string[] {
  const byReason = (codes: string[]) => codes.map((code) => `${r.reasons[code]} × ${drainReasonText(code)}`).join("; ");
  const codes = Object.keys(r.reasons).sort((a, b) => (r.reasons[b] ?? 0) - (r.reasons[a] ?? 0));
  const rejectedCodes = codes.filter((c) => r.rejected_lines.some((l) => l.code === c));
  const skippedCodes = codes.filter((c) => !rejectedCodes.includes(c));
  const items = [
    `${file}: ${countText(r.lines, "line")} read as ${r.format}.`,
    `${r.accepted} stored: ${countText(r.page_views, "page view")}, ${countText(r.agent_requests, "AI agent's request", "AI agents' requests")}` +
      (r.duplicates > 0 ? `; ${r.duplicates} of them were already stored by an earlier import.` : "."),
    `${r.skipped} skipped, nothing to keep${skippedCodes.length > 0 ? `: ${byReason(skippedCodes)}` : ""}.`,
    `${r.rejected} rejected${rejectedCodes.length > 0 ? `: ${byReason(rejectedCodes)}` : ""}.`,
  ];
  for (const l of r.rejected_lines.slice(0, LISTED_LINES)) items.push(`Line ${l.line}: ${l.message}.`);
  if (r.rejected_lines.length > LISTED_LINES) items.push(`… and ${r.rejected - LISTED_LINES} more rejected lines.`);
  return items;
}

function formatOf(value: unknown): LogFormat | null | undefined {
  if (value === undefined || value === "auto") return null;
  return typeof value === "string" && (LOG_FORMATS as readonly string[]).includes(value)
    ? (value as LogFormat)
    : undefined;
}

// Upload of an access log (docs/integrations/import-logs.md "In the app"): the file is
// read as a stream by the readers of `npm run import-logs`, through the drain's
// acceptance path into the site's shard, and the per-line counts are the result page's
// one-time flash (Post/Redirect/Get: a reload imports nothing again).
export function registerLogUpload(app: Hono<AppEnv>, page: (c: Context<AppEnv>, problem: string) => Promise<Response>) {
  app.post(UPLOAD_PATH, requireRole("admin"), async (c) => {
    const domain = c.req.param("domain") ?? "";
    const form = await c.req.parseBody();
    const file = form.log;
    const format = formatOf(form.format);
    if (!(file instanceof File) || file.size === 0) return page(c, "Choose a log file to import.");
    if (format === undefined) return page(c, "Choose combined, Cloudflare, Vercel or let the first line tell.");
    if (file.size > MAX_UPLOAD_BYTES) return page(c, `A log file here is at most ${mib(MAX_UPLOAD_BYTES)}.`);
    const imported = await uploadLog(pageContext(c), { domain, body: file.stream(), format });
    if (!imported.ok && (imported.code === "site_not_found" || imported.code === "invalid_domain"))
      return sitePageValue(domain, imported);
    if (!imported.ok) return page(c, imported.message ?? "The file could not be imported.");
    return redirectWithFlash(c, siteHref(c, domain, "drains"), {
      kind: "summary",
      id: "import-result",
      heading: "Log file imported",
      items: uploadSummary(file.name.slice(0, 200), imported.value),
    });
  });
}
