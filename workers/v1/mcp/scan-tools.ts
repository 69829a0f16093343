import type { McpServer } from "@modelcontextprotocol/server";
import { REQUEST_ID_HEADER } from "@shared/http/request-id";
import { scanLimitsSentence } from "@shared/rate-limit/scan-limits";
import type { ErrorCode } from "@shared/result/error-codes";
import { LAYERS } from "@shared/scan/layers";
import { refusalOf, requestScan, type ScanOutcome } from "@shared/scan/scan-client";
import { ScanIdParam } from "@shared/scan/scan-id";
import { ScanRequest, ScanResult } from "@shared/scan/scan-result";
import { scopeNote } from "../routes/v1-route";
import type { McpCallContext } from "./call-context";
import { SCAN_TOOLS } from "./scan-tool-declarations";
import { toolResult } from "./tool-result";

// The two scan tools reach the scan Worker's own API over the SCAN service binding
// (shared/scan/scan-client.ts), so a scan through MCP is the scan a browser gets: the
// same per-IP and per-domain limits (contract "Limits"), the same engine, the same
// stored result. The scan API
// answers `{error}` without a code; the tool error adds the catalogue code its status
// means, so MCP callers branch on `code` for every tool alike.

const SCAN_CODES: Record<number, ErrorCode> = { 400: "invalid_domain", 404: "not_found", 429: "rate_limited" };

/** The caller's address (per-IP limit) and request id, passed on to the scan Worker. */
function forwardedHeaders(ctx: McpCallContext): Headers {
  const headers = new Headers();
  for (const name of ["CF-Connecting-IP", REQUEST_ID_HEADER]) {
    const value = ctx.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

function failure(refused: Extract<ScanOutcome, { kind: "refused" }>, fallback: ErrorCode) {
  return toolResult({
    status: refused.status,
    body: { error: refused.error, code: SCAN_CODES[refused.status] ?? fallback },
    retryAfter: refused.retryAfterSeconds === null ? null : String(refused.retryAfterSeconds),
  });
}

async function readScan(ctx: McpCallContext, id: string) {
  // The request's own origin: the scan Worker answers the same URL the caller used.
  const url = new URL(`/api/scan/${encodeURIComponent(id)}`, ctx.request.url);
  const res = await ctx.env.SCAN.fetch(new Request(url, { headers: forwardedHeaders(ctx) }));
  if (!res.ok) return failure(await refusalOf(res), "internal_error");
  return toolResult({ status: 200, body: await res.json(), retryAfter: null });
}

async function scanDomain(ctx: McpCallContext, domain: string) {
  // The request's own origin: the scanner's User-Agent links to this deployment's page.
  const outcome = await requestScan(ctx.env.SCAN, ctx.request.url, domain, forwardedHeaders(ctx));
  if (outcome.kind === "refused") return failure(outcome, "internal_error");
  if (outcome.kind === "failed") {
    return toolResult({ status: 500, body: { error: outcome.error, code: "internal_error" }, retryAfter: null });
  }
  return readScan(ctx, outcome.id);
}

export function registerScanTools(server: McpServer, ctx: McpCallContext): void {
  const { scan_domain, get_scan } = SCAN_TOOLS;
  server.registerTool(
    scan_domain.name,
    {
      title: scan_domain.title,
      description: `Crawls a shop's public site now (robots.txt, sitemap, llms.txt, structured data, APIs, product and cart pages) and returns its agent-readiness: an overall score 0-100, ${LAYERS.length} layer scores and every check with status, message and a suggested fix. Takes several seconds. Limited to ${scanLimitsSentence()} (tool error rate_limited with retry_after_seconds beyond). Identical results are merged: seenCount counts repeats. ${scopeNote(null)}`,
      inputSchema: ScanRequest,
      outputSchema: ScanResult,
      annotations: { title: scan_domain.title, ...scan_domain.annotations },
    },
    async ({ domain }) => scanDomain(ctx, domain),
  );
  server.registerTool(
    get_scan.name,
    {
      title: get_scan.title,
      description: `Returns a finished scan by its id (from scan_domain, or the scanId of a score.changed webhook): scores and every check's result. ${scopeNote(null)}`,
      inputSchema: ScanIdParam,
      outputSchema: ScanResult,
      annotations: { title: get_scan.title, ...get_scan.annotations },
    },
    async ({ id }) => readScan(ctx, id),
  );
}
