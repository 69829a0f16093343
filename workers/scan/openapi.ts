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

const STREAM_EVENTS = `\`status\` {phase, message, step, steps} (step: the phase's place 1-${SCAN_PHASES.length} among ${SCAN_PHASES.join(", ")}; steps: ${SCAN_PHASES.length}; additive), \`crawl\` {url, status, ms, bytes}, \`layer\` {layer, name, score, checks}, then \`complete\` {id, domain, overallScore, layerScores, unreachable, runId} or, on failure, \`scan-error\` {error} (issue 45: an EventSource fires its own \`error\` whenever a connection closes; POST /api/scan still sends the contract's \`error\` {error} just before \`scan-error\`, so its existing clients keep working). Every event carries an SSE \`id:\` (\`{run}:{n}\`, and the scan id on \`complete\`); the first carries \`retry:\` (10000 ms).`;
const STREAM_REPLAYS = `A request with \`Last-Event-ID\` (an EventSource reconnecting) never starts or counts a scan: it gets the end of the run its id names (\`complete\` with \`resumed: true\` after waiting for a run still in progress, header \`X-Scan-Resumed: true\`), or, after \`complete\` (its id is the scan id), that result replayed; an id that names no scan of the domain is answered 204, which tells an EventSource to stop. Without \`rescan: true\`, a request from the same client (IP address) for a domain it finished scanning within 600 seconds gets that result again: one \`status\` and one \`complete\` with \`replayed: true\`, \`runId\` and \`ranAt\` (when it finished), header \`X-Scan-Replayed: true\`, not counted. \`Cache-Control: no-cache\` (sent by every EventSource) does not ask for a new scan; \`rescan: true\` does (docs/scan.md, Stream consumers).`;

const lastEventIdHeader = z.string().optional().openapi({
  description:
    "Sent by a reconnecting EventSource: the id of the last event it received. The stream then continues that scan (resumed or replayed) and never starts a new one.",
  example: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f:7",
});
const rescanQuery = z.enum(["true", "1"]).optional().openapi({
  description: "Ask for a new scan even inside the replay window (as the body's `rescan: true`).",
});

const streamResponses = {
  200: {
    description: "The scan's event stream",
    headers: {
      ...rateLimitHeaders,
      "X-Scan-Replayed": {
        description:
          "`true` when the stream replays a finished result (this client's scan of the domain in the last 600 seconds, or the scan a reconnect's Last-Event-ID names); then no X-RateLimit-* headers: nothing was counted.",
        schema: { type: "string", enum: ["true"] },
      },
      "X-Scan-Resumed": {
        description:
          "`true` when a reconnect (Last-Event-ID) gets the end of the run its stream started; nothing counted.",
        schema: { type: "string", enum: ["true"] },
      },
    },
    content: { "text/event-stream": { schema: z.string().openapi({ description: "SSE events, JSON in `data:`." }) } },
  },
  204: {
    description:
      "A reconnect whose Last-Event-ID names no scan of this domain (unknown, expired or malformed): nothing to resume, and an EventSource stops reconnecting (WHATWG HTML, server-sent events).",
  },
} satisfies Parameters<typeof createRoute>[0]["responses"];

export const scanCreateRoute = createRoute({
  method: "post",
  path: "/api/scan",
  operationId: "createScan",
  tags: ["Scan"],
  // Public: no credentials (redocly's security-defined wants it said, not left out).
  security: [],
  summary: "Scan a domain",
  description: `Crawls the shop with plain HTTP, runs the ${CHECKS.length} checks and streams progress as Server-Sent Events: ${STREAM_EVENTS} ${STREAM_REPLAYS} Limits: ${scanLimitsSentence()} (docs/decisions.md#3-rate-limits). Bodies over 4096 bytes are refused.`,
  request: {
    headers: z.object({ "Last-Event-ID": lastEventIdHeader }),
    query: z.object({ rescan: rescanQuery }),
    body: { content: { "application/json": { schema: ScanRequest } }, required: true },
  },
  responses: {
    ...streamResponses,
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

export const scanStreamRoute = createRoute({
  method: "get",
  path: "/api/scan",
  operationId: "streamScan",
  tags: ["Scan"],
  security: [],
  summary: "Scan a domain (EventSource)",
  description: `The stream of POST /api/scan for a browser's EventSource, which can only GET (additive, issue 45): the same events, replays and limits, except that a failure is only \`scan-error\` (no \`error\` event, whose name an EventSource uses for its own connection errors). Only for a request with \`Accept: text/event-stream\` (every EventSource sends it); anything else is a 400, so a link preview starts nothing. ${STREAM_REPLAYS}`,
  request: {
    headers: z.object({
      Accept: z.string().openapi({ example: "text/event-stream" }),
      "Last-Event-ID": lastEventIdHeader,
    }),
    query: z.object({
      domain: z.string().min(1).max(253).openapi({ example: "shop.example", description: "Hostname only." }),
      rescan: rescanQuery,
    }),
  },
  responses: {
    ...streamResponses,
    400: scanError("No Accept: text/event-stream, or the domain missing, malformed or failing validation"),
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
  app.openAPIRegistry.registerPath(scanStreamRoute);
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
