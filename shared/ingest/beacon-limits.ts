import { LeasePool, type LeaseSource, type LeaseTerms, type LimitVerdict } from "../rate-limit/lease-pool";
import type { RateWindow } from "../rate-limit/rate-window";
import { RecentMap } from "../rate-limit/recent-map";
import type { WindowSpec } from "../rate-limit/window";

export type { LimitVerdict };

// Limits on the public beacon path (docs/ingest.md, "Limits on the public path"). The
// public token is in every page, so anyone can send beacons: these bound what one site
// token and one client network (/24 or /64, the visitor hash's network) can put in.
// Assumed busy real shop (the numbers' basis): 200,000 sessions a day, ~6 pages a
// session, ~2.5 beacons a page (pageview, leave, an interaction) → 3,000,000 beacons a
// day; 10% of the sessions in the peak hour → 300,000 beacons that hour, 5,000 a
// minute. One network at peak: a carrier-grade NAT or office /24 with 50 shoppers on
// the same shop, 2 pages a minute each → 250 beacons a minute.
const MINUTE = 60;
const DAY = 86_400;

export const BEACON_LIMITS = {
  /** Per site token: 6x the assumed peak minute, about 6.7x the assumed day. */
  site: [
    { name: "beacons.minute", limit: 30_000, periodSeconds: MINUTE },
    { name: "beacons.day", limit: 20_000_000, periodSeconds: DAY },
  ],
  /** Per site and client network: 2.4x the assumed network peak; a day of 80 shoppers' 250 beacons. */
  network: [
    { name: "beacons.minute", limit: 600, periodSeconds: MINUTE },
    { name: "beacons.day", limit: 20_000, periodSeconds: DAY },
  ],
  /**
   * Distinct visitors (daily visitor hashes) per site, network and UTC day. Past it, the
   * network's further visitors count as one (its overflow visitor): 300 User-Agents from
   * one address make 51 visitors, not 300. An office or CGNAT /24 whose distinct
   * browsers on one shop exceed 50 in a day is under-counted by the excess.
   */
  visitorsPerNetworkDay: 50,
} as const satisfies { site: WindowSpec[]; network: WindowSpec[]; visitorsPerNetworkDay: number };

// Blocks an isolate asks for (shared/rate-limit/lease-pool.ts): a site's serves 200
// beacons, a network's 20, so a busy shop costs its site object one call per 200
// beacons and a visitor's network one call per 20 (and one per minute it is active),
// always in the background: the next block is asked for once half of one is left.
// Credit: while an isolate holds no hits of a subject (first sight, a new minute, a
// block on its way) it admits up to `credit` beacons, which the next block pays for.
// Overshoot bound: past a full window each isolate can have admitted at most `credit`
// beacons per subject and window that the object never counted (5 of a network's 600,
// 50 of a site's 30,000); within the limit the counts are exact.
export const BEACON_LEASES = {
  site: { size: 200, credit: 50 },
  network: { size: 20, credit: 5 },
} as const satisfies Record<string, LeaseTerms>;
// Unseen visitors of a network admitted per isolate and UTC day before the object
// answered; the visitor is added to the object's set like any other.
export const VISITOR_CREDIT = 2;
// Subjects, visitor verdicts and visitor credits one isolate remembers (least recently
// used forgotten first: shared/rate-limit/recent-map.ts).
const MAX_SUBJECTS = 10_000;
const MAX_VISITORS = 50_000;

export type LimitNamespace = DurableObjectNamespace<RateWindow>;

const pool = new LeasePool(MAX_SUBJECTS);
const admittedVisitors = new RecentMap<boolean>(MAX_VISITORS);
/** Visitors credited per site, network and UTC day (key `site|network|day`). */
const visitorCredits = new RecentMap<number>(MAX_SUBJECTS);

/** Forgets every lease, credit and visitor verdict this isolate holds (tests). */
export function resetBeaconLimitCache(): void {
  pool.clear();
  admittedVisitors.clear();
  visitorCredits.clear();
}

/** The lease calls of `subject`'s object over `specs` (a RateWindow stub, made when first called). */
export function leaseSource(ns: LimitNamespace, subject: string, specs: WindowSpec[]): () => LeaseSource {
  return () => {
    const object = stub(ns, subject);
    return {
      lease: (want, now) => object.lease(specs, want, now),
      noteRefused: (count, now) => object.noteRefused(count, now),
    };
  };
}

function stub(ns: LimitNamespace, subject: string) {
  return ns.get(ns.idFromName(subject));
}

const networkSubject = (siteId: string, network: string) => `beacon-net:${siteId}:${network}`;

/**
 * Admits one beacon against its network's windows, then its site's (in that order, so a
 * refused network never spends the site's budget).
 */
export async function admitBeacon(
  ns: LimitNamespace,
  siteId: string,
  network: string,
  now: number,
  defer: (p: Promise<unknown>) => void,
): Promise<LimitVerdict> {
  const net = networkSubject(siteId, network);
  const byNetwork = await pool.take(
    net,
    BEACON_LEASES.network,
    leaseSource(ns, net, BEACON_LIMITS.network),
    now,
    defer,
  );
  if (!byNetwork.allowed) return byNetwork;
  const site = `beacon-site:${siteId}`;
  return pool.take(site, BEACON_LEASES.site, leaseSource(ns, site, BEACON_LIMITS.site), now, defer);
}

/**
 * Whether this visitor hash is one of the first `visitorsPerNetworkDay` of its network
 * on this site today; remembered per isolate, so a visitor costs one call a day. The
 * first VISITOR_CREDIT unseen visitors of a network in this isolate and day are
 * admitted at once and added to the object's set in the background (`defer`).
 */
export async function visitorWithinBound(
  ns: LimitNamespace,
  siteId: string,
  network: string,
  visitorHash: string,
  now: number,
  defer: (p: Promise<unknown>) => void,
): Promise<boolean> {
  const key = `${siteId}|${network}|${visitorHash}`;
  const known = admittedVisitors.get(key);
  if (known !== undefined) return known;
  const ask = stub(ns, networkSubject(siteId, network))
    .admitMember("visitors", visitorHash, BEACON_LIMITS.visitorsPerNetworkDay, DAY, now)
    .then((admitted: boolean) => {
      admittedVisitors.set(key, admitted);
      return admitted;
    })
    // The object did not answer: count the visitor as itself, and ask again next time.
    .catch(() => {
      admittedVisitors.delete(key);
      return true;
    });
  const creditKey = `${siteId}|${network}|${Math.floor(now / (DAY * 1000))}`;
  const used = visitorCredits.get(creditKey) ?? 0;
  if (used < VISITOR_CREDIT) {
    visitorCredits.set(creditKey, used + 1);
    // Its further events before the answer count it as itself too.
    admittedVisitors.set(key, true);
    defer(ask);
    return true;
  }
  return ask;
}
