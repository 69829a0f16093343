import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { normalizeDomain } from "@shared/domains/normalize-domain";
import { ApiError } from "@shared/errors/api-error";
import { log } from "@shared/http/log";
import { guardOutboundUrl } from "@shared/outbound/host-guard";
import { OutboundError } from "@shared/outbound/outbound-error";
import { parseResolveMap, type ResolveMap } from "@shared/outbound/resolve-map";
import { runScan } from "@shared/scan/run-scan";
import { ScanRequest } from "@shared/scan/scan-result";
import { findScan } from "@shared/scan/scan-store";
import type { ScanEvent } from "@shared/scan/stream-events";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import type { ScanAppEnv } from "../app-env";
import { takeScanSlot } from "../scan-rate-limit";
import { findReplay, REPLAY_SECONDS, rememberReplay, SSE_RETRY_MS } from "../scan-replay";

const MAX_BODY_BYTES = 4096;
const DOMAIN_PROMPT = "Please enter a valid domain, such as example.com";

/** The domain of the request body, normalised, and only if the outbound guard would fetch it. */
function readDomain(text: string, resolve: ResolveMap): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", "Invalid JSON body");
  }
  const parsed = ScanRequest.safeParse(body);
  if (!parsed.success) throw new ApiError("invalid_domain", DOMAIN_PROMPT);
  const domain = normalizeDomain(parsed.data.domain);
  if (!domain.ok) throw new ApiError("invalid_domain", `${DOMAIN_PROMPT} (${domain.message})`);
  // Refused here, before any fetch and before a rate-limit slot is spent: the same guard
  // every outbound request passes (no internal names, no names without a public suffix).
  try {
    guardOutboundUrl(`https://${domain.domain}/`, resolve);
  } catch (err) {
    if (err instanceof OutboundError) throw new ApiError("invalid_domain", `${DOMAIN_PROMPT} (${err.message})`);
    throw err;
  }
  return domain.domain;
}

export function registerScanCreate(app: OpenAPIHono<ScanAppEnv>) {
  // Bounds the body before it is read, however large the upload (hono's bodyLimit, as
  // the v1 routes use).
  const bounded = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(
        "invalid_request",
        `The request body is limited to ${MAX_BODY_BYTES} bytes: send {"domain":"example.com"}`,
      );
    },
  });
  app.post("/api/scan", bounded, async (c) => {
    const resolve = parseResolveMap(c.env.OUTBOUND_RESOLVE);
    const domain = readDomain(await c.req.text(), resolve);
    const ip = c.req.header("CF-Connecting-IP") ?? "unknown";
    // A repeat of a scan this client finished moments ago (an SSE client reconnecting
    // after `complete`): the stored result again, not counted (scan-replay.ts).
    // `Cache-Control: no-cache` on the request (RFC 9111 §5.2.1.4) asks for a new scan.
    const fresh = /\bno-cache\b/i.test(c.req.header("Cache-Control") ?? "");
    const replayId = fresh ? null : await findReplay(ip, domain);
    const replay = replayId ? await findScan(database(c.env.DB), replayId) : null;
    if (replay) {
      c.header("X-Scan-Replayed", "true");
      return streamSSE(c, async (stream) => {
        await stream.writeSSE({
          event: "status",
          data: JSON.stringify({
            phase: "saving",
            message: `Replaying the scan of ${domain} finished in the last ${REPLAY_SECONDS / 60} minutes`,
            step: 6,
            steps: 6,
          }),
          retry: SSE_RETRY_MS,
        });
        const data = {
          id: replay.id,
          domain: replay.domain,
          overallScore: replay.overallScore,
          layerScores: replay.layerScores,
          unreachable: replay.unreachable ?? null,
          replayed: true,
        };
        await stream.writeSSE({ event: "complete", id: replay.id, data: JSON.stringify(data) });
      });
    }
    const limitHeaders = await takeScanSlot(c.env, ip, domain);
    for (const [k, v] of Object.entries(limitHeaders)) c.header(k, v);
    const requestId = c.get("requestId");
    // The User-Agent links to this deployment's description of the scanner.
    const scannerInfoUrl = c.env.SCANNER_INFO_URL || `${new URL(c.req.url).origin}/#scanner`;

    return streamSSE(c, async (stream) => {
      // Events are written in order through one promise chain; only the terminal event
      // waits for the chain, so progress events never hold the scan up.
      let ended = false;
      let first = true;
      let chain: Promise<void> = Promise.resolve();
      const emit = (e: ScanEvent): Promise<void> => {
        if (ended) return chain;
        if (e.event === "complete" || e.event === "error") ended = true;
        // The first event carries `retry:` (the reconnection delay, inside the replay
        // window); `complete` carries the scan id as the SSE `id:` (Last-Event-ID).
        const retry = first ? SSE_RETRY_MS : undefined;
        first = false;
        const id = e.event === "complete" ? e.data.id : undefined;
        chain = chain.then(async () => {
          // Remembered before the client can see `complete` and reconnect.
          if (e.event === "complete") await rememberReplay(ip, domain, e.data.id);
          await stream.writeSSE({ event: e.event, data: JSON.stringify(e.data), retry, id }).catch(() => {
            // The client left; the scan still finishes and is stored.
          });
        });
        return ended ? chain : Promise.resolve();
      };
      try {
        await runScan({ domain, resolve, db: database(c.env.DB), emit, scannerInfoUrl });
      } catch (err) {
        log("error", "scan_failed", {
          worker: "scan",
          request_id: requestId,
          domain,
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        await emit({ event: "error", data: { error: "Scan failed due to an internal error" } });
      }
    });
  });
}
