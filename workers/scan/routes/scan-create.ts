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
import type { ScanEvent } from "@shared/scan/stream-events";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import type { ScanAppEnv } from "../app-env";
import { takeScanSlot } from "../scan-rate-limit";

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
    const limitHeaders = await takeScanSlot(c.env, ip, domain);
    for (const [k, v] of Object.entries(limitHeaders)) c.header(k, v);
    const requestId = c.get("requestId");
    // The User-Agent links to this deployment's description of the scanner.
    const scannerInfoUrl = c.env.SCANNER_INFO_URL || `${new URL(c.req.url).origin}/#scanner`;

    return streamSSE(c, async (stream) => {
      // Events are written in order through one promise chain; only the terminal event
      // waits for the chain, so progress events never hold the scan up.
      let ended = false;
      let chain: Promise<void> = Promise.resolve();
      const emit = (e: ScanEvent): Promise<void> => {
        if (ended) return chain;
        if (e.event === "complete" || e.event === "error") ended = true;
        chain = chain.then(() =>
          stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) }).catch(() => {
            // The client left; the scan still finishes and is stored.
          }),
        );
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
