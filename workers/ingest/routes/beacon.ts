import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { describeIssues, fieldIssues } from "@shared/http/validation-details";
import { MAX_BEACON_BYTES } from "@shared/ingest/beacon-payload";
import { recordRefusal } from "@shared/ingest/record-refusal";
import { acceptBeacon } from "@shared/ways-in/beacon-channel";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { currentSalts } from "../runtime/salts";
import { beaconRoute } from "./beacon-route";

/**
 * CORS for the beacon: any page may try, so the Origin is echoed (or `*` without one);
 * the token + Origin check decides. No credentials. Preflights are answered by hono's
 * `cors`. On every other answer, errors included, the same two headers are set on the
 * final response after the handler: hono's `cors` sets them before it, on a placeholder
 * response that hono then copies into the handler's, which cost more per beacon than
 * the token, Origin and classification steps together (docs/performance/log.md).
 */
const preflight = cors({
  origin: (origin) => origin || "*",
  allowMethods: ["POST", "OPTIONS"],
  allowHeaders: ["Content-Type"],
  maxAge: 86_400,
});

const beaconCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c, next);
  await next();
  c.res.headers.set("Access-Control-Allow-Origin", c.req.header("Origin") || "*");
  c.res.headers.append("Vary", "Origin");
};

/** The body bound (hono's `bodyLimit`): refused before it is read, however large the upload. */
const beaconBodyLimit = bodyLimit({
  maxSize: MAX_BEACON_BYTES,
  onError: () => {
    throw new ApiError("payload_too_large", `Beacons are at most ${MAX_BEACON_BYTES} bytes`);
  },
});

const ACCEPTED_BODY = JSON.stringify({ accepted: true });
const JSON_CONTENT_TYPE = { "Content-Type": "application/json" } as const;

/**
 * POST /ingest/e: one beacon from the snippet (docs/ingest.md). Only the transport is
 * here: the body read and parsed, CORS, and each outcome of the one acceptance path
 * (shared/ingest/accept-events.ts) as its HTTP answer. Unknown token and wrong Origin
 * get the same answer, so the endpoint does not reveal which tokens exist; a refusal
 * with a known token is recorded for check-install (docs/decisions.md#6-install-check)
 * after the answer, so it takes no longer to answer than an unknown token's (timing
 * must not reveal which tokens exist either).
 */
export function registerBeacon(app: OpenAPIHono<{ Bindings: IngestEnv }>) {
  app.use("/ingest/*", beaconCors);
  app.openAPIRegistry.registerPath(beaconRoute);
  app.post(beaconRoute.path, beaconBodyLimit, async (c) => {
    const now = Date.now();
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError("invalid_request", "Body must be JSON");
    }
    const origin = c.req.header("Origin") ?? null;
    const outcome = await acceptBeacon(
      c.env,
      json,
      {
        origin,
        userAgent: c.req.header("User-Agent") ?? null,
        clientIp: c.req.header("CF-Connecting-IP") ?? null,
        ucpAgent: c.req.header("UCP-Agent") ?? null,
        defer: (work) => c.executionCtx.waitUntil(work),
        signed: { method: c.req.method, url: c.req.url, header: (name) => c.req.header(name) ?? null },
      },
      { salts: () => currentSalts(c.env, now), now },
    );
    switch (outcome.outcome) {
      case "invalid": {
        const issues = fieldIssues(outcome.error, "json");
        throw new ApiError("invalid_request", `Invalid beacon: ${describeIssues(issues)}`, { details: issues });
      }
      case "refused": {
        const { siteId, reason, retryAfter } = outcome.refusal;
        if (siteId) c.executionCtx.waitUntil(recordRefusal(c.env.DB, siteId, reason, origin, now));
        if (reason === "rate_limited")
          throw new ApiError("rate_limited", "Too many beacons for this site or from this network", {
            headers: { "Retry-After": String(retryAfter ?? 1) },
          });
        throw new ApiError("origin_not_allowed");
      }
      case "dropped":
        return c.json({ accepted: false, reason: outcome.reason }, 202);
      case "accepted":
        // The one answer per page view, its bytes built once: hono's `c.json` would
        // stringify and assemble headers for each (docs/performance/log.md).
        return new Response(ACCEPTED_BODY, { status: 202, headers: JSON_CONTENT_TYPE });
    }
  });
}
