import { z } from "@hono/zod-openapi";
import {
  acceptDrainBatch,
  type DrainBatchDeps,
  drainBatchResult,
  emptyDrainResult,
  MAX_LISTED_LINES,
} from "../drains/accept-drain-batch";
import { type BatchLine, BodyTooLarge, BodyUnreadable } from "../drains/read-batch";
import type { IngestSite } from "../ingest/pipeline-types";
import { ok, type Result, refusal } from "../result/result";
import { detectLogFormat, LOG_FORMATS, type LogFormat, readLogLine } from "./log-formats";
import { logLineId } from "./log-line-id";
import { readLogLines } from "./read-log-lines";
import { toDrainLine } from "./to-drain-line";

/**
 * Bound on an uploaded file as sent (gzip or plain). A one-off look runs inside one
 * request of the app Worker, and every line goes through the drain's acceptance path
 * (about 2,000 lines a second on a loaded machine, docs/performance/log.md "Drains"); larger
 * logs go through `npm run import-logs`, which batches, resumes and shows progress.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** `via` of the agent requests an upload stored (a drain's rows carry the drain's id). */
export const UPLOAD_VIA = "upload";

export const logUploadResult = drainBatchResult
  .extend({
    format: z.enum(LOG_FORMATS),
    unreadable: z.number().int().openapi({ description: "Lines the format's reader could not read." }),
  })
  .openapi("LogUploadResult");
export type LogUploadResult = z.infer<typeof logUploadResult>;

export type UploadProblem = "invalid_request" | "payload_too_large";

/**
 * An access-log file imported like `npm run import-logs` (docs/integrations/import-logs.md):
 * read as a stream, each line by its format's reader (shared/logs/log-formats.ts), sent
 * through the drain's acceptance path as a generic NDJSON line whose `id` comes from the
 * site, the line's number and its text, so importing the same file again (either way)
 * stores nothing twice. Lines of an unknown format refuse the file before anything is
 * stored; a file that turns out too large or corrupt part-way keeps what was stored.
 */
export async function importLogUpload(
  site: IngestSite & { snippetInstalledAt: number | null },
  body: ReadableStream<Uint8Array>,
  asked: LogFormat | null,
  deps: DrainBatchDeps,
): Promise<Result<LogUploadResult, UploadProblem>> {
  const tally = emptyDrainResult();
  let format = asked;
  let unreadable = 0;
  let unknown = false;

  async function* drainLines(): AsyncGenerator<BatchLine[]> {
    for await (const chunk of readLogLines(body)) {
      const out: BatchLine[] = [];
      for (const { line, text } of chunk) {
        if (text.trim() === "") continue;
        format ??= detectLogFormat(text);
        if (format === null) {
          unknown = true;
          return;
        }
        const reading = readLogLine(format, text, site.domain);
        if ("problem" in reading) {
          unreadable++;
          tally.rejected++;
          tally.reasons[reading.problem.code] = (tally.reasons[reading.problem.code] ?? 0) + 1;
          if (tally.rejected_lines.length < MAX_LISTED_LINES)
            tally.rejected_lines.push({ line, code: reading.problem.code, message: reading.problem.message });
          continue;
        }
        out.push({ line, value: toDrainLine(reading.record, await logLineId(site.domain, line, text)) });
      }
      if (out.length > 0) yield out;
    }
  }

  try {
    await acceptDrainBatch(
      { drainId: UPLOAD_VIA, format: "ndjson", site, snippetInstalledAt: site.snippetInstalledAt },
      drainLines(),
      deps,
      tally,
    );
  } catch (e) {
    if (e instanceof BodyTooLarge)
      return refusal(
        "payload_too_large",
        `${e.message}; the lines before were stored (importing again stores them once)`,
      );
    if (e instanceof BodyUnreadable)
      return refusal(
        "invalid_request",
        `The file could not be decompressed: ${e.message}; the lines before were stored`,
      );
    throw e;
  }
  if (!unknown && format === null) return refusal("invalid_request", "The file holds no lines");
  if (unknown || format === null)
    return refusal(
      "invalid_request",
      "The file's format could not be told from its first line: choose combined, Cloudflare or Vercel",
    );
  // Unreadable lines never reached the acceptance path, which counted only the lines it read.
  tally.lines += unreadable;
  tally.rejected_lines.sort((a, b) => a.line - b.line);
  return ok({ ...tally, format, unreadable });
}
