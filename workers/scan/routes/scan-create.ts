import type { OpenAPIHono } from "@hono/zod-openapi";
import { normalizeDomain } from "@shared/domains/normalize-domain";
import { ApiError } from "@shared/errors/api-error";
import { guardOutboundUrl } from "@shared/outbound/host-guard";
import { OutboundError } from "@shared/outbound/outbound-error";
import { parseResolveMap, type ResolveMap } from "@shared/outbound/resolve-map";
import { ScanRequest } from "@shared/scan/scan-result";
import { bodyLimit } from "hono/body-limit";
import type { ScanAppEnv } from "../app-env";
import { answerScanStream } from "../scan-stream";

// POST /api/scan (the contract's) and GET /api/scan (the same stream for an EventSource):
// parse and check the request, then scan-stream.ts decides between a reconnect, a replay
// and a new scan.

const MAX_BODY_BYTES = 4096;
const DOMAIN_PROMPT = "Please enter a valid domain, such as example.com";

/** The request body: the domain, normalised and only if the outbound guard would fetch it; `rescan`. */
function readRequest(text: string, resolve: ResolveMap): { domain: string; rescan: boolean } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", "Invalid JSON body");
  }
  const parsed = ScanRequest.safeParse(body);
  if (!parsed.success) throw new ApiError("invalid_domain", DOMAIN_PROMPT);
  return { domain: checkDomain(parsed.data.domain, resolve), rescan: parsed.data.rescan === true };
}

function checkDomain(raw: string, resolve: ResolveMap): string {
  const domain = normalizeDomain(raw);
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

/** A query flag: `rescan=true` or `rescan=1`. */
function flag(value: string | undefined): boolean {
  return value === "1" || value === "true";
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
    const { domain, rescan } = readRequest(await c.req.text(), resolve);
    return answerScanStream(c, {
      domain,
      ip: c.req.header("CF-Connecting-IP") ?? "unknown",
      resolve,
      // A new scan is asked for explicitly (body `rescan: true`, or the query's
      // `rescan=true`); `Cache-Control: no-cache` no longer means it: every EventSource
      // sends that header on every connection (issue 45).
      rescan: rescan || flag(c.req.query("rescan")),
      lastEventId: c.req.header("Last-Event-ID"),
      legacyError: true,
    });
  });

  // The same stream for a browser's EventSource, which can only GET (WHATWG HTML §9.2):
  // only for a client that asks for an event stream, so a link preview or a crawler
  // following a URL starts nothing.
  app.get("/api/scan", async (c) => {
    if (!(c.req.header("Accept") ?? "").includes("text/event-stream")) {
      throw new ApiError(
        "invalid_request",
        'GET /api/scan streams a scan to an EventSource: send Accept: text/event-stream, or POST /api/scan {"domain":"example.com"}',
      );
    }
    const resolve = parseResolveMap(c.env.OUTBOUND_RESOLVE);
    const domain = checkDomain(c.req.query("domain") ?? "", resolve);
    return answerScanStream(c, {
      domain,
      ip: c.req.header("CF-Connecting-IP") ?? "unknown",
      resolve,
      rescan: flag(c.req.query("rescan")),
      lastEventId: c.req.header("Last-Event-ID"),
      legacyError: false,
    });
  });
}
