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

/**
 * The calls the pool makes on a subject's windows (through a `GroupBatcher`). A
 * background ask hands over a callback rather than returning a promise: the batch it
 * joins may be sent by another request, and workerd cancels a request whose
 * `waitUntil` awaits a promise only another request's I/O settles ("Promise will never
 * complete"), so the request that sends the batch applies every answer in it.
 */
export interface LeaseSource {
  /** A block asked at once, by a request that waits for it. */
  lease(want: number, nowMs: number): Promise<Lease>;
  /** A block asked in the background: `apply` gets it, or undefined if the object did not answer. */
  leaseLater(want: number, nowMs: number, apply: (lease: Lease | undefined) => void, defer: Defer): void;
  noteRefused(count: number, nowMs: number, defer: Defer): void;
}

/** The invocation's waitUntil. */
export type Defer = (p: Promise<unknown>) => void;

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
  /** A background block is on its way. */
  pending: boolean;
  /** A block asked for at once because requests wait for it; resolves to whether the object answered. */
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
    defer: Defer,
  ): Promise<LimitVerdict> {
    let state = this.subjects.get(subject);
    if (!state) {
      state = {
        held: 0,
        heldUntil: 0,
        owed: 0,
        fullUntil: 0,
        waiting: 0,
        pending: false,
        unreported: 0,
        reported: false,
      };
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
          this.refillLater(state, terms, source, now, defer);
        return { allowed: true };
      }
      if (state.fullUntil !== 0) return this.refuse(state, source, now, defer);
      if (state.owed < terms.credit) {
        state.owed++;
        if (!state.pending && !state.urgent) this.refillLater(state, terms, source, now, defer);
        return { allowed: true };
      }
      // The background block may be gathered with other asks and sent later: waiting
      // requests ask at once, once per subject.
      const pending = state.urgent ?? this.refillNow(state, terms, source, now);
      state.waiting++;
      const answered = await pending;
      state.waiting--;
      // The object did not answer (an outage, not a refusal): the beacon passes, since
      // analytics must not fail because its guard did; the next beacon asks again.
      if (!answered) return { allowed: true };
    }
  }

  /** One block, plus what is owed and what waits (up to MAX_BLOCKS blocks in all). */
  private want(state: SubjectState, terms: LeaseTerms): number {
    return Math.min(terms.size * MAX_BLOCKS, terms.size + terms.credit + state.waiting);
  }

  /** Takes in a block (undefined: the object did not answer); whether it answered. */
  private apply(state: SubjectState, want: number, now: number, lease: Lease | undefined): boolean {
    if (!lease) {
      state.owed = 0;
      return false;
    }
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
  }

  private refillLater(state: SubjectState, terms: LeaseTerms, source: () => LeaseSource, now: number, defer: Defer) {
    const want = this.want(state, terms);
    state.pending = true;
    source().leaseLater(
      want,
      now,
      (lease) => {
        state.pending = false;
        this.apply(state, want, now, lease);
      },
      defer,
    );
  }

  private refillNow(state: SubjectState, terms: LeaseTerms, source: () => LeaseSource, now: number): Promise<boolean> {
    const want = this.want(state, terms);
    const urgent: Promise<boolean> = source()
      .lease(want, now)
      .then(
        (lease) => this.apply(state, want, now, lease),
        () => this.apply(state, want, now, undefined),
      )
      .finally(() => {
        if (state.urgent === urgent) state.urgent = undefined;
      });
    state.urgent = urgent;
    return urgent;
  }

  private refuse(state: SubjectState, source: () => LeaseSource, now: number, defer: Defer): LimitVerdict {
    state.unreported++;
    if (state.unreported >= REPORT_EVERY || !state.reported) {
      state.reported = true;
      const n = state.unreported;
      state.unreported = 0;
      source().noteRefused(n, now, defer);
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((state.fullUntil - now) / 1000)) };
  }
}
