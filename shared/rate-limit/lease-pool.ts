import { RecentMap } from "./recent-map";
import type { Lease } from "./window";

// One isolate's hits of limited subjects (docs/ingest.md, "Limits on the public path"),
// spent without a Durable Object call in the common case. A subject's object grants
// hits in blocks (`lease`, never past a window's limit); the isolate spends them and
// asks for the next block in the background once half of one is left. While it holds
// none (first sight, a new window, a block on its way) it admits up to `credit` beacons
// on the subject's account: the next block pays for them. A block that comes back short
// means the window is full: what it granted pays the credit first, the rest of the
// credit is written off (admitted past the limit), and the isolate refuses without
// asking until the object's Retry-After. So each isolate admits at most `credit` beacons
// per subject and window that the object never counted; the object never grants past
// the limit, whatever the number of isolates.

export interface LeaseTerms {
  /** Hits asked for in one block. */
  size: number;
  /** Beacons admitted before the object answered, per subject and window. */
  credit: number;
}

/** The calls the pool makes on a subject's windows (through a `GroupBatcher`). */
export interface LeaseSource {
  /**
   * A block: `urgent` when a request waits for it (asked at once), otherwise in the
   * background (it may be gathered with other subjects' asks and sent later).
   */
  lease(want: number, nowMs: number, urgent: boolean): Promise<Lease>;
  noteRefused(count: number, nowMs: number): Promise<unknown>;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfter: number };

interface SubjectState {
  /** Hits the object granted and this isolate has not spent. */
  held: number;
  /** End of the window the held hits were granted in: unspent ones are lost then. */
  heldUntil: number;
  /** Beacons admitted on credit that no granted hit paid for yet. */
  owed: number;
  /** The object's window is full: refuse without asking until then (once nothing is held). */
  fullUntil: number;
  /** Requests of this isolate waiting for `pending` (their credit is used up). */
  waiting: number;
  /** A background block on its way; resolves to whether the object answered (false: an outage). */
  pending?: Promise<boolean>;
  /** A block asked for at once because requests wait for it (same answer). */
  urgent?: Promise<boolean>;
  unreported: number;
  /** Whether the first refusal of the current full window was reported. */
  reported: boolean;
}

// The first refusal of a full window is reported to the object at once, then every 100th.
const REPORT_EVERY = 100;
// A burst waiting on one subject asks for at most this many blocks in one call.
const MAX_BLOCKS = 5;

export class LeasePool {
  /**
   * Subjects by last use: the one unused longest is forgotten first. A subject still
   * sending is used on each beacon, so a flood's refusal is never forgotten while it
   * lasts; forgetting an idle one loses its held hits (refusing early, never admitting
   * more) and at most gives it one more credit when it comes back, after `maxSubjects`
   * other subjects were seen.
   */
  private readonly subjects: RecentMap<SubjectState>;

  constructor(maxSubjects: number) {
    this.subjects = new RecentMap(maxSubjects);
  }

  /** Forgets every subject (tests). */
  clear(): void {
    this.subjects.clear();
  }

  async take(
    subject: string,
    terms: LeaseTerms,
    source: () => LeaseSource,
    now: number,
    defer: (p: Promise<unknown>) => void,
  ): Promise<LimitVerdict> {
    let state = this.subjects.get(subject);
    if (!state) {
      state = { held: 0, heldUntil: 0, owed: 0, fullUntil: 0, waiting: 0, unreported: 0, reported: false };
      this.subjects.set(subject, state);
    }
    // Each round spends a hit, refuses, admits on credit, or waits for a block; a block
    // that grants nothing sets `fullUntil` and an outage admits, so the loop ends.
    for (;;) {
      if (now >= state.heldUntil) state.held = 0;
      if (now >= state.fullUntil && state.fullUntil !== 0) {
        state.fullUntil = 0;
        state.reported = false;
      }
      if (state.held > 0) {
        state.held--;
        if (state.held <= terms.size / 2 && state.fullUntil === 0 && !state.pending && !state.urgent)
          defer(this.refill(state, terms, source, now));
        return { allowed: true };
      }
      if (state.fullUntil !== 0) return this.refuse(state, source, now, defer);
      if (state.owed < terms.credit) {
        state.owed++;
        if (!state.pending && !state.urgent) defer(this.refill(state, terms, source, now));
        return { allowed: true };
      }
      // The background block may be gathered with other asks and sent later: waiting
      // requests ask at once, once per subject.
      const pending = state.urgent ?? this.refill(state, terms, source, now, true);
      state.waiting++;
      const answered = await pending;
      state.waiting--;
      // The object did not answer (an outage, not a refusal): the beacon passes, since
      // analytics must not fail because its guard did; the next beacon asks again.
      if (!answered) return { allowed: true };
    }
  }

  private refill(
    state: SubjectState,
    terms: LeaseTerms,
    source: () => LeaseSource,
    now: number,
    urgent = false,
  ): Promise<boolean> {
    // One block, plus what is owed and what waits (up to MAX_BLOCKS blocks in all).
    const want = Math.min(terms.size * MAX_BLOCKS, terms.size + terms.credit + state.waiting);
    const pending: Promise<boolean> = source()
      .lease(want, now, urgent)
      .then((lease) => {
        if (lease.until !== state.heldUntil) state.held = 0;
        const paid = Math.min(state.owed, lease.granted);
        state.held += lease.granted - paid;
        state.heldUntil = lease.until;
        // Short: the window is full; the credit the grant did not cover is written off.
        if (lease.granted < want) {
          state.owed = 0;
          state.fullUntil = now + Math.max(1, lease.retryAfter) * 1000;
        } else state.owed -= paid;
        return true;
      })
      .catch(() => {
        state.owed = 0;
        return false;
      })
      .finally(() => {
        if (state.pending === pending) state.pending = undefined;
        if (state.urgent === pending) state.urgent = undefined;
      });
    if (urgent) state.urgent = pending;
    else state.pending = pending;
    return pending;
  }

  private refuse(
    state: SubjectState,
    source: () => LeaseSource,
    now: number,
    defer: (p: Promise<unknown>) => void,
  ): LimitVerdict {
    state.unreported++;
    if (state.unreported >= REPORT_EVERY || !state.reported) {
      state.reported = true;
      const n = state.unreported;
      state.unreported = 0;
      defer(source().noteRefused(n, now));
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((state.fullUntil - now) / 1000)) };
  }
}
