import type { McpServer, ToolAnnotations } from "@modelcontextprotocol/server";
import type { ErrorCode } from "@shared/errors/catalogue";
import { REQUEST_ID_HEADER } from "@shared/http/request-id";
import { ScanIdParam } from "@shared/scan/scan-id";
import { ScanRequest, ScanResult } from "@shared/scan/scan-result";
import type { McpCallContext } from "./mcp-server";
import { toolResult } from "./tool-result";

// The two scan tools reach the scan Worker's own API over the SCAN service binding,
// so a scan through MCP is the scan a browser gets: the same per-IP and per-domain
// limits (contract "Limits"), the same engine, the same stored result. The scan API
// answers `{error}` without a code; the tool error adds the catalogue code its status
// means, so MCP callers branch on `code` for every tool alike.

const SCAN_CODES: Record<number, ErrorCode> = { 400: "invalid_domain", 404: "not_found", 429: "rate_limited" };

function scanRequest(ctx: McpCallContext, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  for (const name of ["CF-Connecting-IP", REQUEST_ID_HEADER]) {
    const value = ctx.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // The request's own origin: the scanner's User-Agent links to this deployment's page.
  return new Request(new URL(path, ctx.request.url), { ...init, headers });
}

async function failure(res: Response, fallback: ErrorCode) {
  const body = (await res.json().catch(() => ({ error: res.statusText }))) as { error?: string };
  return toolResult({
    status: res.status,
    body: { error: body.error ?? res.statusText, code: SCAN_CODES[res.status] ?? fallback },
    retryAfter: res.headers.get("Retry-After"),
  });
}

/** The `data:` of the stream's terminal event: `complete` {id, ...} or `error` {error} (docs/decisions.md#8-scan-stream-payloads). */
function terminalEvent(stream: string): { event: string; data: Record<string, unknown> } | null {
  for (const block of stream.split("\n\n").reverse()) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if ((event === "complete" || event === "error") && data) return { event, data: JSON.parse(data) };
  }
  return null;
}

async function readScan(ctx: McpCallContext, id: string) {
  const res = await ctx.env.SCAN.fetch(scanRequest(ctx, `/api/scan/${encodeURIComponent(id)}`));
  if (!res.ok) return failure(res, "internal_error");
  return toolResult({ status: 200, body: await res.json(), retryAfter: null });
}

async function scanDomain(ctx: McpCallContext, domain: string) {
  const res = await ctx.env.SCAN.fetch(
    scanRequest(ctx, "/api/scan", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ domain }),
    }),
  );
  if (!res.ok) return failure(res, "internal_error");
  const end = terminalEvent(await res.text());
  if (end?.event !== "complete" || typeof end.data.id !== "string") {
    const error = typeof end?.data.error === "string" ? end.data.error : "The scan ended without a result";
    return toolResult({ status: 500, body: { error, code: "internal_error" }, retryAfter: null });
  }
  return readScan(ctx, end.data.id);
}

const scanAnnotations: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

export function registerScanTools(server: McpServer, ctx: McpCallContext): void {
  server.registerTool(
    "scan_domain",
    {
      title: "Scan a shop's agent-readiness",
      description:
        "Crawls a shop's public site now (robots.txt, sitemap, llms.txt, structured data, APIs, product and cart pages) and returns its agent-readiness: an overall score 0-100, five dimension scores and every check with status, message and a suggested fix. Takes several seconds. Limited to 10 scans per hour per caller address and 5 per hour per domain (tool error rate_limited with retry_after_seconds beyond). Identical results are merged: seenCount counts repeats. Any valid API key.",
      inputSchema: ScanRequest,
      outputSchema: ScanResult,
      annotations: { title: "Scan a shop's agent-readiness", ...scanAnnotations },
    },
    async ({ domain }) => scanDomain(ctx, domain),
  );
  server.registerTool(
    "get_scan",
    {
      title: "Read a stored scan",
      description:
        "Returns a finished scan by its id (from scan_domain, or the scanId of a score.changed webhook): scores and every check's result. Any valid API key.",
      inputSchema: ScanIdParam,
      outputSchema: ScanResult,
      annotations: { title: "Read a stored scan", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ id }) => readScan(ctx, id),
  );
}
