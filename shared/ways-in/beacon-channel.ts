import { commerceOfBeacon } from "../conversions/browser-commerce";
import {
  type Acceptance,
  type AcceptEnv,
  type AcceptOptions,
  acceptEvents,
  type IngestChannel,
  sendToQueue,
} from "../ingest/accept-events";
import { admitBeacon, type LimitNamespace, visitorWithinBound } from "../ingest/beacon-limits";
import { type BeaconPayload, beaconPayload, pageAutomationOf } from "../ingest/beacon-payload";
import { originAllowed, type RefusalReason } from "../ingest/origin-check";
import { truncateIp } from "../ip/cidr";
import { parseResolveMap } from "../outbound/resolve-map";
import type { SignedMessage } from "../verification/signature-base";
import { siteByToken } from "./site-by-token";

/** The request a beacon arrived in, as far as acceptance needs it. */
export interface BeaconRequest {
  /** The `Origin` header, or null. */
  origin: string | null;
  userAgent: string | null;
  /** `CF-Connecting-IP`: used in memory for range checks and hashing, never stored. */
  clientIp: string | null;
  /** The `UCP-Agent` header, or null. */
  ucpAgent: string | null;
  /** The beacon request itself, for Web Bot Auth: a browser agent signs every request it makes. */
  signed: SignedMessage;
  /** Work to finish after the answer (the invocation's waitUntil). */
  defer: (work: Promise<unknown>) => void;
}

export interface BeaconEnv extends AcceptEnv {
  /** RateWindowGroup objects: one per site, holding its token's and each client network's windows. */
  BEACON_WINDOWS: LimitNamespace;
  /** "off" only in the limiter benchmark's baseline (bench/ingest-limits.ts). */
  BEACON_LIMITS?: string;
}

/**
 * Why a beacon was refused. `siteId` is set when the token is a site's: such a refusal
 * is recorded for check-install (docs/decisions.md#6-install-check), an unknown
 * token's is not; both get the same answer.
 */
export interface BeaconRefusal {
  reason: RefusalReason;
  siteId: string | null;
  /** Seconds until the limit that refused it resets (rate_limited only). */
  retryAfter?: number;
}

/**
 * The beacon's way in: the site by its public token (isolate cache), the sender by its
 * Origin (`https://DOMAIN` or `https://www.DOMAIN`, docs/decisions.md#4-domains), the
 * event dated when it arrives.
 */
function beaconChannel(
  env: BeaconEnv,
  request: BeaconRequest,
  now: number,
): IngestChannel<BeaconPayload, BeaconRefusal> {
  const limited = env.BEACON_LIMITS !== "off";
  // The visitor hash's network (/24 or /64): what one client controls.
  const network = (request.clientIp && truncateIp(request.clientIp)) || "";
  return {
    schema: beaconPayload,
    admit: (beacons) =>
      Promise.all(
        beacons.map(async (beacon) => {
          const site = await siteByToken(env.DB, beacon.s, now);
          if (!site) return { refused: { reason: "unknown_token", siteId: null } };
          if (!originAllowed(request.origin, site.domain, parseResolveMap(env.OUTBOUND_RESOLVE)))
            return { refused: { reason: request.origin ? "origin_mismatch" : "missing_origin", siteId: site.id } };
          if (limited) {
            const verdict = await admitBeacon(env.BEACON_WINDOWS, site.id, network, now, request.defer);
            if (!verdict.allowed)
              return { refused: { reason: "rate_limited", siteId: site.id, retryAfter: verdict.retryAfter } };
          }
          return { site };
        }),
      ),
    signed: () => request.signed,
    visitorBound: limited
      ? (siteId, net, visitorHash, at) =>
          visitorWithinBound(env.BEACON_WINDOWS, siteId, net, visitorHash, at, request.defer)
      : undefined,
    raw: (beacon) => ({
      channel: "beacon",
      kind: beacon.k,
      occurredAt: now,
      pageUrl: beacon.u,
      referrer: beacon.r ?? null,
      durationMs: beacon.d ?? null,
      target: beacon.t ?? null,
      userAgent: request.userAgent,
      clientIp: request.clientIp,
      automation: pageAutomationOf(beacon),
      ucpAgent: request.ucpAgent,
    }),
  };
}

/** One beacon body (already parsed from JSON) through the one acceptance path. */
export async function acceptBeacon(
  env: BeaconEnv,
  body: unknown,
  request: BeaconRequest,
  options: AcceptOptions,
): Promise<Acceptance<BeaconRefusal>> {
  // A commerce beacon's own facts (a purchase's value, what an agent submitted) travel
  // with its message (shared/conversions/browser-commerce.ts).
  const parsed = beaconPayload.safeParse(body);
  const commerce = parsed.success ? commerceOfBeacon(parsed.data) : null;
  const deliver = options.deliver ?? ((messages) => sendToQueue(env.EVENTS, messages));
  const [outcome] = await acceptEvents(env, beaconChannel(env, request, options.now), [body], {
    ...options,
    deliver: commerce ? (messages) => deliver(messages.map((m) => ({ ...m, commerce }))) : options.deliver,
  });
  return outcome;
}
