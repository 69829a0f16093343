import { GroupBatcher } from "../rate-limit/group-batcher";
import { LeasePool, type LeaseSource, type LeaseTerms, type LimitVerdict } from "../rate-limit/lease-pool";
import type { RateWindowGroup } from "../rate-limit/rate-window-group";
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
   * Distinct visitors (daily visitor hashes) per site, bound network (an IPv4 /24, an
   * IPv6 /48: shared/ip/cidr.ts `visitorBoundNetwork`) and UTC day. Past it, the
   * network's further visitors count as one (its overflow visitor): 300 User-Agents from
   * one address, or one from each of 100 /64s of one /48, make at most 51 visitors. An
   * office or CGNAT /24, or a /48, whose distinct browsers on one shop exceed 50 in a day
   * is under-counted by the excess (docs/privacy.md "Visitor bound").
   */
  visitorsPerNetworkDay: 50,
} as const satisfies { site: WindowSpec[]; network: WindowSpec[]; visitorsPerNetworkDay: number };

// Blocks an isolate asks for (shared/rate-limit/lease-pool.ts): a site's serves 200
// beacons, a network's 20, so a busy shop needs a site block per 200 beacons and a
// visitor's network one per 20 (and one per minute it is active), always in the
// background: the next block is asked for once half of one is left.
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
// All of a site's windows (its token's and every network's, and the visitor sets) live
// in one RateWindowGroup object; an isolate sends what its requests ask in the
// background in one call at most every SYNC_DELAY_MS (shared/rate-limit/group-batcher.ts).
// Beacons that pass on credit or held hits never wait for it, so the delay only decides
// how many networks share a call: an isolate makes at most one background call a second
// per site whatever the number of networks. A request that waits (credit spent) asks at
// once, in its own call.
export const SYNC_DELAY_MS = 1000;
// Subjects, visitor verdicts and visitor credits one isolate remembers (least recently
// used forgotten first: shared/rate-limit/recent-map.ts).
const MAX_SUBJECTS = 10_000;
const MAX_VISITORS = 50_000;
const MAX_SITES = 1_000;

export type LimitNamespace = DurableObjectNamespace<RateWindowGroup>;

const pool = new LeasePool(MAX_SUBJECTS);
const groups = new RecentMap<GroupBatcher>(MAX_SITES);
const admittedVisitors = new RecentMap<boolean>(MAX_VISITORS);
/** Visitors credited per site, network and UTC day (key `site|network|day`). */
const visitorCredits = new RecentMap<string[]>(MAX_SUBJECTS);

/** Forgets every lease, credit and visitor verdict this isolate holds (tests). */
export function resetBeaconLimitCache(): void {
  pool.clear();
  groups.clear();
  admittedVisitors.clear();
  visitorCredits.clear();
}

/** The name of the object holding `siteId`'s windows. */
export const limitGroupName = (siteId: string) => `beacon-limits:${siteId}`;
/** A client network's subject inside its site's object. */
export const networkSubject = (network: string) => `net:${network}`;
export const SITE_SUBJECT = "site";

/** This isolate's batcher for a site's object (the stub is made when a batch is sent). */
function groupOf(ns: LimitNamespace, siteId: string): GroupBatcher {
  let group = groups.get(siteId);
  if (!group) {
    group = new GroupBatcher(() => ns.get(ns.idFromName(limitGroupName(siteId))), SYNC_DELAY_MS);
    groups.set(siteId, group);
  }
  return group;
}

/** The lease calls of `subject` over `specs`, through a group's batcher. */
export function leaseSource(group: GroupBatcher, subject: string, specs: WindowSpec[]): () => LeaseSource {
  const source: LeaseSource = {
    lease: (want, now) => group.lease(subject, specs, want, now),
    leaseLater: (want, now, apply, defer) => group.leaseLater(subject, specs, want, now, apply, defer),
    noteRefused: (count, now, defer) => group.noteRefused(subject, count, now, defer),
  };
  return () => source;
}

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
  const group = groupOf(ns, siteId);
  const net = networkSubject(network);
  const byNetwork = await pool.take(
    `${siteId}|${net}`,
    BEACON_LEASES.network,
    leaseSource(group, net, BEACON_LIMITS.network),
    now,
    defer,
  );
  if (!byNetwork.allowed) return byNetwork;
  return pool.take(
    `${siteId}|${SITE_SUBJECT}`,
    BEACON_LEASES.site,
    leaseSource(group, SITE_SUBJECT, BEACON_LIMITS.site),
    now,
    defer,
  );
}

/**
 * Whether this visitor hash is one of the first `visitorsPerNetworkDay` of its bound
 * network (/24 or /48) on this site today; remembered per isolate, so a visitor costs
 * one batched entry a day. The first VISITOR_CREDIT unseen visitors of a network in this isolate and day
 * are admitted at once and added to the object's set in the background (`defer`).
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
  const creditKey = `${siteId}|${network}|${Math.floor(now / (DAY * 1000))}`;
  const credited = visitorCredits.get(creditKey) ?? [];
  const group = groupOf(ns, siteId);
  const asks = (hashes: string[]) =>
    hashes.map((member) => ({
      subject: networkSubject(network),
      set: "visitors",
      member,
      max: BEACON_LIMITS.visitorsPerNetworkDay,
      periodSeconds: DAY,
    }));
  if (credited.length < VISITOR_CREDIT) {
    visitorCredits.set(creditKey, [...credited, visitorHash]);
    // Its further events before the answer count it as itself too; the ask goes with
    // the isolate's next batch. No answer: it stays counted as itself, asked again
    // next time.
    admittedVisitors.set(key, true);
    group.admitMembersLater(
      asks([visitorHash]),
      now,
      (admitted) => {
        if (admitted) admittedVisitors.set(key, admitted[0]);
        else admittedVisitors.delete(key);
      },
      defer,
    );
    return true;
  }
  // This event waits, so the ask goes at once, with the network's credited visitors
  // first: they count as themselves already, so they take their places in the set before
  // this one (asking again for a member is harmless), and one isolate never exceeds it.
  return (
    group
      .admitMembers(asks([...credited, visitorHash]), now)
      .then((admitted) => {
        const own = admitted[admitted.length - 1];
        admittedVisitors.set(key, own);
        return own;
      })
      // The object did not answer: count the visitor as itself, and ask again next time.
      .catch(() => {
        admittedVisitors.delete(key);
        return true;
      })
  );
}
