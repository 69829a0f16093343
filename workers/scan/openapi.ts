import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { serveOpenApiDocument } from "@shared/http/openapi-document";
import { scanLimitsSentence } from "@shared/rate-limit/scan-limits";
import { CHECKS } from "@shared/scan/checks/registry";
import { LAYERS } from "@shared/scan/layers";
import { ScanRequest, ScanResult } from "@shared/scan/scan-result";
import { SCAN_PHASES } from "@shared/scan/stream-events";
import type { ScanAppEnv } from "./app-env";

// The Scan API's own OpenAPI document, /api/scan/openapi.json, at version 2.0.0
// (contract Versioning 1: the scan API has no version in its path; its description
// carries 2.0.0). The operations are declared here with createRoute and added to the
// document with registerPath; their handlers (routes/scan-create.ts, scan-get.ts) keep
// their own parsing, because the Scan API's errors are its own `{error}` messages
// (docs/scan.md) and POST accepts a JSON body whatever its Content-Type.

export const SCAN_OPENAPI_PATH = "/api/scan/openapi.json";

const ScanError = z
  .object({ error: z.string().openapi({ description: "Human-readable message.", example: "Scan not found" }) })
  .openapi("ScanError");
const scanError = (description: string) => ({ description, content: { "application/json": { schema: ScanError } } });

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Scans allowed in the tighter hourly window.", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Scans left in that window.", schema: { type: "integer" } },
  "X-RateLimit-Used": { description: "Scans counted in that window.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When that window resets, Unix seconds.", schema: { type: "integer" } },
} as const;

export const scanCreateRoute = createRoute({
  method: "post",
  path: "/api/scan",
  operationId: "createScan",
  tags: ["Scan"],
  // Public: no credentials (redocly's security-defined wants it said, not left out).
  security: [],
  summary: "Scan a domain",
  description: `Crawls the shop with plain HTTP, runs the ${CHECKS.length} checks and streams progress as Server-Sent Events: \`status\` {phase, message, step, steps} (step: the phase's place 1-${SCAN_PHASES.length} among ${SCAN_PHASES.join(", ")}; steps: ${SCAN_PHASES.length}; additive), \`crawl\` {url, status, ms, bytes}, \`layer\` {layer, name, score, checks}, then exactly one of \`complete\` {id, domain, overallScore, layerScores, unreachable} or \`error\` {error} (docs/decisions.md#8-scan-stream-payloads). The first event carries \`retry:\` (10000 ms) and \`complete\` carries the scan id as its SSE \`id:\`. A repeat from the same client (IP address) for the same domain within 600 seconds of a finished scan gets that result again: one \`status\` and one \`complete\` with \`replayed: true\`, header \`X-Scan-Replayed: true\`, not counted against either limit (docs/scan.md, Stream consumers). Limits: ${scanLimitsSentence()} (docs/decisions.md#3-rate-limits). Bodies over 4096 bytes are refused.`,
  request: { body: { content: { "application/json": { schema: ScanRequest } }, required: true } },
  responses: {
    200: {
      description: "The scan's event stream",
      headers: {
        ...rateLimitHeaders,
        "X-Scan-Replayed": {
          description:
            "`true` when the stream replays a result this client finished for this domain in the last 600 seconds (then no X-RateLimit-* headers: nothing was counted).",
          schema: { type: "string", enum: ["true"] },
        },
      },
      content: { "text/event-stream": { schema: z.string().openapi({ description: "SSE events, JSON in `data:`." }) } },
    },
    400: scanError("Body not JSON, or the domain missing, malformed or failing validation"),
    429: {
      ...scanError("Rate limit exceeded"),
      headers: {
        ...rateLimitHeaders,
        "Retry-After": { description: "Seconds until a scan can succeed.", schema: { type: "integer" } },
      },
    },
    500: scanError("Internal failure"),
  },
});

export const scanGetRoute = createRoute({
  method: "get",
  path: "/api/scan/{id}",
  operationId: "getScan",
  tags: ["Scan"],
  security: [],
  summary: "Fetch a finished scan",
  request: {
    params: z.object({
      id: z.uuid().openapi({ param: { name: "id", in: "path" }, example: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f" }),
    }),
  },
  responses: {
    200: {
      description: "The stored result",
      headers: {
        "Cache-Control": {
          description: "Public caching with max-age and stale-while-revalidate.",
          schema: { type: "string" },
        },
      },
      content: { "application/json": { schema: ScanResult } },
    },
    400: scanError("The id is not a valid identifier"),
    404: scanError("No scan with that id"),
  },
});

/** Adds the scan operations to the document and serves it. */
export function mountScanOpenApi(app: OpenAPIHono<ScanAppEnv>): void {
  app.openAPIRegistry.registerPath(scanCreateRoute);
  app.openAPIRegistry.registerPath(scanGetRoute);
  serveOpenApiDocument(app, SCAN_OPENAPI_PATH, () => ({
    info: {
      title: "Agent Readiness Scan API",
      version: "2.0.0",
      description: `Scores an e-commerce domain 0-100 for AI-agent readiness: ${CHECKS.length} deterministic checks in ${LAYERS.length} layers. Errors are \`{error}\`; every response carries \`X-Request-Id\`. The scoring methodology is versioned apart (\`scoringVersion\`, docs/scoring.md).`,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    tags: [{ name: "Scan", description: "Scan a shop and fetch results." }],
  }));
}
