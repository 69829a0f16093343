import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { describeIssues, fieldIssues } from "@shared/http/validation-details";
import { beaconPayload, MAX_BEACON_BYTES } from "@shared/ingest/beacon-payload";
import { originAllowed, type RefusalReason } from "@shared/ingest/origin-check";
import { parseResolveMap } from "@shared/outbound/resolve-map";
import { verifyRequestSignature } from "@shared/verification/verify-request";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { acceptEvents } from "../runtime/accept-events";
import { siteByToken } from "../runtime/site-lookup";
import { beaconRoute } from "./beacon-route";

/**
 * CORS for the beacon: any page may try, so the Origin is echoed (or `*` without one);
 * the token + Origin check decides. No credentials. Preflights are answered by hono's
 * `cors`. On every other answer, errors included, the same two headers are set on the
 * final response after the handler: hono's `cors` sets them before it, on a placeholder
 * response that hono then copies into the handler's, which cost more per beacon than
 * the token, Origin and classification steps together (docs/performance.md).
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

// Refusals are recorded at most once a second per site (a refused flood must not
// become a D1 write flood).
async function recordRefusal(
  db: D1Database,
  siteId: string,
  reason: RefusalReason,
  origin: string | null,
  now: number,
) {
  await db
    .prepare(
      `UPDATE sites SET last_reject_at = ?1, last_reject_reason = ?2, last_reject_origin = ?3
       WHERE id = ?4 AND (last_reject_at IS NULL OR last_reject_at < ?1 - 1000)`,
    )
    .bind(now, reason, origin ? origin.slice(0, 255) : null, siteId)
    .run();
}

/**
 * POST /ingest/e: one beacon from the snippet (docs/ingest.md). Sent as text/plain by
 * sendBeacon, so no preflight; OPTIONS answers for fetch-based senders. Unknown token
 * and wrong Origin get the same answer, so the endpoint does not reveal which tokens
 * exist; a refusal with a known token is recorded for check-install (docs/decisions.md#6-install-check).
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
    const parsed = beaconPayload.safeParse(json);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error, "json");
      throw new ApiError("invalid_request", `Invalid beacon: ${describeIssues(issues)}`, { details: issues });
    }
    const beacon = parsed.data;
    const origin = c.req.header("Origin") ?? null;
    const site = await siteByToken(c.env.DB, beacon.s, now);
    if (!site || !originAllowed(origin, site.domain, parseResolveMap(c.env.OUTBOUND_RESOLVE))) {
      // Recorded after the answer, so a known token's refusal takes no longer to answer
      // than an unknown token's (timing must not reveal which tokens exist either).
      if (site)
        c.executionCtx.waitUntil(
          recordRefusal(c.env.DB, site.id, origin ? "origin_mismatch" : "missing_origin", origin, now),
        );
      throw new ApiError("origin_not_allowed");
    }
    const signature = await verifyRequestSignature(c.env, {
      method: c.req.method,
      url: c.req.url,
      header: (name) => c.req.header(name) ?? null,
    });
    const [result] = await acceptEvents(c.env, [
      {
        id: crypto.randomUUID(),
        channel: "beacon",
        kind: beacon.k,
        occurredAt: now,
        receivedAt: now,
        pageUrl: beacon.u,
        referrer: beacon.r ?? null,
        durationMs: beacon.d ?? null,
        target: beacon.t ?? null,
        userAgent: c.req.header("User-Agent") ?? null,
        clientIp: c.req.header("CF-Connecting-IP") ?? null,
        automation: { webdriver: beacon.w === 1, headless: beacon.h === 1 },
        signature,
        site,
      },
    ]);
    if ("dropped" in result) return c.json({ accepted: false, reason: result.dropped }, 202);
    return c.json({ accepted: true }, 202);
  });
}
