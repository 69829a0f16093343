import type { Lease, RateWindow } from "../rate-limit/rate-window";
import type { WindowSpec } from "../rate-limit/window";

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

// Hits an isolate takes per call: a site's lease serves 200 beacons, a network's 20,
// so a busy shop costs its site object one call per 200 beacons and a visitor's network
// one call per 20. Leases left in isolates when a minute ends are lost, which can only
// refuse early, never admit more than the limit.
const LEASE = { site: 200, network: 20 } as const;
// Credit (docs/ingest.md, "What the limits cost"): the first beacon of a subject an
// isolate has no lease for, and the first VISITOR_CREDIT unseen visitors of a network,
// pass at once while the object is asked in the background; the lease that answers
// pays for the credited beacon out of what it grants, and the visitor is added to the
// object's set like any other. So the limits hold exactly whenever the object still had
// room; past them, each isolate can admit at most one credited beacon per subject and
// window, and VISITOR_CREDIT visitors per network and day. Without it every quiet
// network (most of a shop's) cost each beacon two object round trips before its answer.
const VISITOR_CREDIT = 2;
// Isolate-side refusals are reported to the object in batches of this many.
const REPORT_EVERY = 100;
const MAX_LEASES = 10_000;
const MAX_VISITORS = 50_000;

export type LimitNamespace = DurableObjectNamespace<RateWindow>;

interface LeaseState {
  left: number;
  until: number;
  /** Refuse without asking until then (the object said the window is full). */
  refusedUntil: number;
  retryAfter: number;
  unreported: number;
  /** Whether a refusal of the current full window was reported yet. */
  reported?: boolean;
  /** When the last lease call failed (the object did not answer). */
  failedAt?: number;
  /** Requests of this isolate waiting for `pending`. */
  waiting: number;
  pending?: Promise<void>;
}

const leases = new Map<string, LeaseState>();
const admittedVisitors = new Map<string, boolean>();
/** Visitors credited per site, network and UTC day (key `site|network|day`). */
const visitorCredits = new Map<string, number>();

/** Forgets every lease, credit and visitor verdict this isolate holds (tests). */
export function resetBeaconLimitCache(): void {
  leases.clear();
  admittedVisitors.clear();
  visitorCredits.clear();
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfter: number };

async function take(
  ns: LimitNamespace,
  subject: string,
  specs: WindowSpec[],
  size: number,
  now: number,
  defer: (p: Promise<unknown>) => void,
): Promise<LimitVerdict> {
  // Each round either spends a hit, refuses, or waits for a lease call to return; a
  // call that grants nothing sets `refusedUntil`, so the loop ends.
  for (let round = 0; round < 10_000; round++) {
    let state = leases.get(subject);
    if (state && now >= state.until && now >= state.refusedUntil && !state.pending) {
      leases.delete(subject);
      state = undefined;
    }
    if (state && state.left > 0 && now < state.until) {
      state.left--;
      return { allowed: true };
    }
    if (state && now < state.refusedUntil) {
      state.unreported++;
      // The first refusal of a full window is reported at once, then every 100th.
      if (state.unreported >= REPORT_EVERY || !state.reported) {
        state.reported = true;
        const n = state.unreported;
        state.unreported = 0;
        defer(stub(ns, subject).noteRefused(n, now));
      }
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((state.refusedUntil - now) / 1000)) };
    }
    if (state?.pending) {
      // Another request of this isolate is asking already: share its answer.
      state.waiting++;
      await state.pending;
      state.waiting--;
      continue;
    }
    // No lease for this subject in this isolate (first sight, or its window ended):
    // this beacon passes on credit and the lease below pays for it.
    const credit = state === undefined;
    const fresh: LeaseState = state ?? { left: 0, until: 0, refusedUntil: 0, retryAfter: 0, unreported: 0, waiting: 0 };
    // A burst of this isolate's requests waiting on one subject asks for them all at
    // once (up to five leases), rather than one lease call per `size` of them.
    const want = Math.min(size * 5, Math.max(size, fresh.waiting + 1));
    fresh.pending = stub(ns, subject)
      .lease(specs, want, now)
      .then((lease: Lease) => {
        // A full window grants 0: the credited beacon was the one past the limit.
        fresh.left = credit ? Math.max(0, lease.granted - 1) : lease.granted;
        fresh.until = lease.until;
        fresh.refusedUntil = lease.granted > 0 ? 0 : now + lease.retryAfter * 1000;
        if (lease.granted > 0) fresh.reported = false;
        fresh.failedAt = undefined;
      })
      .catch(() => {
        fresh.failedAt = now;
      })
      .finally(() => {
        fresh.pending = undefined;
      });
    if (leases.size >= MAX_LEASES) leases.clear();
    leases.set(subject, fresh);
    if (credit) {
      defer(fresh.pending);
      return { allowed: true };
    }
    await fresh.pending;
    // The object did not answer (an outage, not a refusal): the beacon passes, since
    // analytics must not fail because its guard did; nothing is cached, so the next
    // beacon asks again.
    if (fresh.failedAt === now) return { allowed: true };
  }
  return { allowed: false, retryAfter: 1 };
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
  const byNetwork = await take(ns, networkSubject(siteId, network), BEACON_LIMITS.network, LEASE.network, now, defer);
  if (!byNetwork.allowed) return byNetwork;
  return take(ns, `beacon-site:${siteId}`, BEACON_LIMITS.site, LEASE.site, now, defer);
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
      if (admittedVisitors.size >= MAX_VISITORS) admittedVisitors.clear();
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
    if (visitorCredits.size >= MAX_LEASES) visitorCredits.clear();
    visitorCredits.set(creditKey, used + 1);
    // Its further events before the answer count it as itself too.
    admittedVisitors.set(key, true);
    defer(ask);
    return true;
  }
  return ask;
}
