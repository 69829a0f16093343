import type { GroupSync, GroupSyncResult } from "./rate-window-group";
import type { Lease, WindowSpec } from "./window";

/** The call the batcher makes on a group's object (a `RateWindowGroup` stub). */
export interface GroupCalls {
  settle(sync: GroupSync, nowMs: number): Promise<GroupSyncResult>;
}

interface OpenBatch {
  sync: GroupSync;
  /** The latest `now` of the requests in it: the object settles them at that time. */
  now: number;
  answer: Promise<GroupSyncResult>;
}

/**
 * One isolate's calls to one group object (shared/rate-limit/rate-window-group.ts),
 * gathered: what the requests ask in `delayMs` (the leases of every network that
 * needed a block, refusals, unseen visitors) goes in one call, so the object is asked
 * at most once per `delayMs` per isolate while no request waits for it. Each request's
 * promise settles with its own part of the answer; all reject together when the object
 * does not answer.
 *
 * A request that must wait (its credit spent) asks `now` instead, in a call of its own.
 * It cannot send the open batch early: the batch belongs to the request that opened it
 * (its timer and promise), and workerd refuses to settle a promise of one request from
 * another ("Cannot perform I/O on behalf of a different request"), while awaiting one
 * is allowed.
 */
export class GroupBatcher {
  private open?: OpenBatch;

  constructor(
    private readonly object: () => GroupCalls,
    private readonly delayMs: number,
  ) {}

  lease(subject: string, specs: WindowSpec[], want: number, now: number, urgent = false): Promise<Lease> {
    if (urgent)
      return this.now({ leases: [{ subject, specs, want }], refused: [], members: [] }, now).then((r) => r.leases[0]);
    const batch = this.batch(now);
    const i = batch.sync.leases.push({ subject, specs, want }) - 1;
    return batch.answer.then((r) => r.leases[i]);
  }

  /** Adds refusals to the record; an outage loses them (they are a count, not a limit). */
  noteRefused(subject: string, count: number, now: number): Promise<void> {
    const batch = this.batch(now);
    const same = batch.sync.refused.find((r) => r.subject === subject);
    if (same) same.count += count;
    else batch.sync.refused.push({ subject, count });
    return batch.answer.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Set admissions, answered in order. */
  admitMembers(ops: GroupSync["members"], now: number, urgent = false): Promise<boolean[]> {
    if (urgent) return this.now({ leases: [], refused: [], members: ops }, now).then((r) => r.members);
    const batch = this.batch(now);
    const first = batch.sync.members.push(...ops) - ops.length;
    return batch.answer.then((r) => r.members.slice(first, first + ops.length));
  }

  /** One call of its own, sent at once from the calling request. */
  private now(sync: GroupSync, now: number): Promise<GroupSyncResult> {
    return this.object().settle(sync, now);
  }

  private batch(now: number): OpenBatch {
    const open = this.open;
    if (open) {
      open.now = Math.max(open.now, now);
      return open;
    }
    const due = new Promise<void>((resolve) => setTimeout(resolve, this.delayMs));
    const batch: OpenBatch = {
      sync: { leases: [], refused: [], members: [] },
      now,
      answer: due.then(() => {
        // Requests from here on open the next batch.
        if (this.open === batch) this.open = undefined;
        return this.object().settle(batch.sync, batch.now);
      }),
    };
    this.open = batch;
    return batch;
  }
}
