import type { Defer } from "./lease-pool";
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
  /** Each ask's callback, given the answer (undefined: the object did not answer). */
  answers: ((result: GroupSyncResult | undefined) => void)[];
}

/**
 * One isolate's calls to one group object (shared/rate-limit/rate-window-group.ts),
 * gathered: what the requests ask in the background in `delayMs` (the blocks of every
 * network that needed one, refusals, unseen visitors) goes in one call, so the object
 * is asked at most once per `delayMs` per isolate for them.
 *
 * The request that opens a batch sends it (its timer) and keeps itself alive for it
 * (`defer`); the answer is handed to each ask's callback from there. Asks joining an
 * open batch get no promise: workerd cancels a request whose `waitUntil` awaits a
 * promise that only another request's I/O settles ("Promise will never complete"), and
 * refuses to settle one request's promise from another ("Cannot perform I/O on behalf
 * of a different request"), so nothing crosses requests but plain callbacks. A request
 * that must wait asks `now`, in a call of its own.
 */
export class GroupBatcher {
  private open?: OpenBatch;

  constructor(
    private readonly object: () => GroupCalls,
    private readonly delayMs: number,
  ) {}

  /** A block asked at once, in a call of this request's own. */
  lease(subject: string, specs: WindowSpec[], want: number, now: number): Promise<Lease> {
    return this.now({ leases: [{ subject, specs, want }], refused: [], members: [] }, now).then((r) => r.leases[0]);
  }

  leaseLater(
    subject: string,
    specs: WindowSpec[],
    want: number,
    now: number,
    apply: (lease: Lease | undefined) => void,
    defer: Defer,
  ): void {
    const batch = this.batch(now, defer);
    const i = batch.sync.leases.push({ subject, specs, want }) - 1;
    batch.answers.push((r) => apply(r?.leases[i]));
  }

  /** Adds refusals to the record; an outage loses them (they are a count, not a limit). */
  noteRefused(subject: string, count: number, now: number, defer: Defer): void {
    const batch = this.batch(now, defer);
    const same = batch.sync.refused.find((r) => r.subject === subject);
    if (same) same.count += count;
    else batch.sync.refused.push({ subject, count });
  }

  /** Set admissions asked at once, answered in order. */
  admitMembers(ops: GroupSync["members"], now: number): Promise<boolean[]> {
    return this.now({ leases: [], refused: [], members: ops }, now).then((r) => r.members);
  }

  admitMembersLater(
    ops: GroupSync["members"],
    now: number,
    apply: (admitted: boolean[] | undefined) => void,
    defer: Defer,
  ): void {
    const batch = this.batch(now, defer);
    const first = batch.sync.members.push(...ops) - ops.length;
    batch.answers.push((r) => apply(r?.members.slice(first, first + ops.length)));
  }

  private now(sync: GroupSync, now: number): Promise<GroupSyncResult> {
    return this.object().settle(sync, now);
  }

  private batch(now: number, defer: Defer): OpenBatch {
    const open = this.open;
    if (open) {
      open.now = Math.max(open.now, now);
      return open;
    }
    const batch: OpenBatch = { sync: { leases: [], refused: [], members: [] }, now, answers: [] };
    this.open = batch;
    const sent = new Promise<void>((resolve) => setTimeout(resolve, this.delayMs))
      .then(() => {
        // Asks from here on open the next batch.
        if (this.open === batch) this.open = undefined;
        return this.object().settle(batch.sync, batch.now);
      })
      .then(
        (result) => result,
        () => undefined,
      )
      .then((result) => {
        for (const answer of batch.answers) answer(result);
      });
    defer(sent);
    return batch;
  }
}
