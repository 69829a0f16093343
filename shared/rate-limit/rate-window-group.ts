import { DurableObject } from "cloudflare:workers";
import { createHash } from "node:crypto";
import { grantLease, type Lease, type WindowSpec, windowStart } from "./window";

/** Everything one isolate asks of a group in one call (shared/rate-limit/group-batcher.ts). */
export interface GroupSync {
  /** Blocks of hits, each counted against all of its subject's windows. */
  leases: { subject: string; specs: WindowSpec[]; want: number }[];
  /** Refusals the isolate made on its own, for the record. */
  refused: { subject: string; count: number }[];
  /** Set admissions: is `member` one of the first `max` distinct ones of the window? */
  members: { subject: string; set: string; member: string; max: number; periodSeconds: number }[];
}

export interface GroupSyncResult {
  /** In the order of `GroupSync.leases`. */
  leases: Lease[];
  /** In the order of `GroupSync.members`. */
  members: boolean[];
}

// Refusals are counted per UTC day.
const REFUSED: WindowSpec = { name: "refused", limit: Number.MAX_SAFE_INTEGER, periodSeconds: 86_400 };

// Keys start with the end of their window, zero-padded, so the expired ones are one
// ordered range (`list({ end })`) and the next to expire is the first key.
const END_DIGITS = 15;
const endOf = (spec: WindowSpec, nowMs: number) => windowStart(nowMs, spec.periodSeconds) + spec.periodSeconds * 1000;
const endPrefix = (endMs: number) => String(endMs).padStart(END_DIGITS, "0");
// A subject is stored as its digest: a client network (/24, /64) is never written in
// clear (docs/privacy.md), only a one-way function of it, as the per-network object ids
// this class replaced were.
const stored = (subject: string) => createHash("sha256").update(subject).digest("base64url").slice(0, 22);
const countKey = (subject: string, spec: WindowSpec, nowMs: number) =>
  `${endPrefix(endOf(spec, nowMs))}|${stored(subject)}|n|${spec.name}`;
const memberKey = (subject: string, spec: WindowSpec, nowMs: number, member: string) =>
  `${endPrefix(endOf(spec, nowMs))}|${stored(subject)}|m|${spec.name}|${member}`;

/**
 * The fixed windows of many subjects in one Durable Object (for the beacon limits: a
 * site's token and each of its client networks, docs/ingest.md "Limits on the public
 * path"), so an isolate settles the leases, refusals and visitor admissions of every
 * network it saw in one call instead of one call per network. A Durable Object runs
 * one call at a time and the synchronous KV calls below have no await between read and
 * write, so no window is ever granted past its limit, whatever the number of callers.
 */
export class RateWindowGroup extends DurableObject {
  settle(sync: GroupSync, nowMs: number = Date.now()): GroupSyncResult {
    const kv = this.ctx.storage.kv;
    let firstEnd = Number.POSITIVE_INFINITY;
    const leases = sync.leases.map(({ subject, specs, want }) => {
      const keys = specs.map((spec) => countKey(subject, spec, nowMs));
      const used = keys.map((key) => kv.get<number>(key) ?? 0);
      const lease = grantLease(specs, used, want, nowMs);
      if (lease.granted > 0) for (const [i, key] of keys.entries()) kv.put(key, used[i] + lease.granted);
      firstEnd = Math.min(firstEnd, lease.until);
      return lease;
    });
    for (const { subject, count } of sync.refused) {
      const key = countKey(subject, REFUSED, nowMs);
      kv.put(key, (kv.get<number>(key) ?? 0) + count);
      firstEnd = Math.min(firstEnd, endOf(REFUSED, nowMs));
    }
    const members = sync.members.map(({ subject, set, member, max, periodSeconds }) => {
      const spec = { name: set, limit: max, periodSeconds };
      firstEnd = Math.min(firstEnd, endOf(spec, nowMs));
      const seen = memberKey(subject, spec, nowMs, member);
      if (kv.get<number>(seen) !== undefined) return true;
      const key = countKey(subject, spec, nowMs);
      const count = kv.get<number>(key) ?? 0;
      if (count >= max) return false;
      kv.put(seen, 1);
      kv.put(key, count + 1);
      return true;
    });
    if (firstEnd !== Number.POSITIVE_INFINITY) this.cleanupBy(firstEnd);
    return { leases, members };
  }

  /** Hits counted in each of `subject`'s windows now (tests, diagnostics). */
  used(subject: string, specs: WindowSpec[], nowMs: number = Date.now()): number[] {
    return specs.map((spec) => this.ctx.storage.kv.get<number>(countKey(subject, spec, nowMs)) ?? 0);
  }

  /** Refusals of `subject` counted in the UTC day of `nowMs`. */
  refused(subject: string, nowMs: number = Date.now()): number {
    return this.ctx.storage.kv.get<number>(countKey(subject, REFUSED, nowMs)) ?? 0;
  }

  // One alarm, at the earliest window end, drops what expired; storage holds only live
  // windows and today's visitor sets.
  private cleanupBy(endMs: number): void {
    void this.ctx.storage.getAlarm().then((at) => {
      if (at === null || at > endMs) void this.ctx.storage.setAlarm(endMs);
    });
  }

  override async alarm(): Promise<void> {
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    for (const [key] of kv.list({ end: endPrefix(now + 1) })) kv.delete(key);
    for (const [key] of kv.list({ limit: 1 })) await this.ctx.storage.setAlarm(Number(key.slice(0, END_DIGITS)));
  }
}
