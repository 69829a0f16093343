import { parseResolveMap } from "../outbound/resolve-map";
import type { SignedMessage } from "../verification/signature-base";
import { type Acceptance, type AcceptEnv, type AcceptOptions, acceptEvents, type IngestChannel } from "./accept-events";
import { type BeaconPayload, beaconPayload } from "./beacon-payload";
import { originAllowed, type RefusalReason } from "./origin-check";
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
}

/**
 * Why a beacon was refused. `siteId` is set when the token is a site's: such a refusal
 * is recorded for check-install (docs/decisions.md#6-install-check), an unknown
 * token's is not; both get the same answer.
 */
export interface BeaconRefusal {
  reason: RefusalReason;
  siteId: string | null;
}

/**
 * The beacon's way in: the site by its public token (isolate cache), the sender by its
 * Origin (`https://DOMAIN` or `https://www.DOMAIN`, docs/decisions.md#4-domains), the
 * event dated when it arrives.
 */
function beaconChannel(
  env: AcceptEnv,
  request: BeaconRequest,
  now: number,
): IngestChannel<BeaconPayload, BeaconRefusal> {
  return {
    schema: beaconPayload,
    admit: (beacons) =>
      Promise.all(
        beacons.map(async (beacon) => {
          const site = await siteByToken(env.DB, beacon.s, now);
          if (!site) return { refused: { reason: "unknown_token", siteId: null } };
          if (!originAllowed(request.origin, site.domain, parseResolveMap(env.OUTBOUND_RESOLVE)))
            return { refused: { reason: request.origin ? "origin_mismatch" : "missing_origin", siteId: site.id } };
          return { site };
        }),
      ),
    signed: () => request.signed,
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
      automation: { webdriver: beacon.w === 1, headless: beacon.h === 1 },
      ucpAgent: request.ucpAgent,
    }),
  };
}

/** One beacon body (already parsed from JSON) through the one acceptance path. */
export async function acceptBeacon(
  env: AcceptEnv,
  body: unknown,
  request: BeaconRequest,
  options: AcceptOptions,
): Promise<Acceptance<BeaconRefusal>> {
  const [outcome] = await acceptEvents(env, beaconChannel(env, request, options.now), [body], options);
  return outcome;
}
