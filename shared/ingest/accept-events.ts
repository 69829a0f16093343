import type { z } from "zod";
import { ipRangeIndex } from "../classify/ip-range-cache";
import type { SaltSet } from "../salt/salt-schedule";
import { DNS_LOOKUPS_PER_REQUEST, reverseDnsFor } from "../verification/reverse-dns";
import type { SignedMessage } from "../verification/signature-base";
import { requestKeyLookup, verifyRequestSignature } from "../verification/verify-request";
import { runPipeline } from "./pipeline";
import type { DropReason, IngestSite, PipelineDeps, RawEvent, VisitorBound } from "./pipeline-types";
import type { IngestMessage } from "./queue-message";

/** Queue `sendBatch` takes at most 100 messages. */
const SEND_CHUNK = 100;

/**
 * How one way in (a beacon, a server-side record) brings its events: the shape an event
 * arrives in, who may send events to which site, the request whose Web Bot Auth headers
 * count, and the raw event. Everything after that is the same for every way in
 * (`acceptEvents`).
 */
export interface IngestChannel<Item, Refusal> {
  /** One event as sent. */
  schema: z.ZodType<Item>;
  /** For each valid item, in order, its site, or why the sender may not write to one. */
  admit(items: readonly Item[]): Promise<Array<{ site: IngestSite } | { refused: Refusal }>>;
  /** The request to verify Web Bot Auth on: the beacon's own, or the forwarded record. */
  signed(item: Item, site: IngestSite): SignedMessage;
  /** The request record before classification. */
  raw(item: Item, site: IngestSite): Omit<RawEvent, "id" | "receivedAt" | "signature" | "site">;
  /** The channel's bound on distinct visitors per network, if it has one (beacons). */
  visitorBound?: VisitorBound;
  /**
   * The event's id when the way in knows the record's own identity (a log drain's line):
   * a redelivered record then gets the same id and is stored once. Omitted, a fresh UUID.
   */
  eventId?(item: Item, site: IngestSite): string;
}

/** What became of one event; the Worker's edge turns it into its answer. */
export type Acceptance<Refusal> =
  | { outcome: "accepted"; message: IngestMessage }
  | { outcome: "dropped"; reason: DropReason }
  | { outcome: "refused"; refusal: Refusal }
  | { outcome: "invalid"; error: z.ZodError };

export interface AcceptEnv {
  DB: D1Database;
  EVENTS: Queue;
  ACCEPT_TEST_SIGNATURE_KEYS?: string;
  OUTBOUND_RESOLVE?: string;
}

export interface AcceptOptions {
  /**
   * The kept salts (ingest Worker, from its isolate cache), or null where they are out
   * of reach (v1 Worker): the consumer hashes then. Asked for once, when the first
   * event is admitted.
   */
  salts: () => Promise<SaltSet | null>;
  now: number;
  /** Where accepted messages go: the events queue, unless the way in commits them itself (drains). */
  deliver?: (messages: IngestMessage[]) => Promise<void>;
}

/**
 * The one acceptance path for every event (docs/ingest.md): validation → site and
 * sender check (the channel's) → Web Bot Auth → classification and visitor hash (the
 * pipeline's named steps) → one queue message per accepted event. Returns one outcome
 * per input, in order; nothing here knows HTTP. The raw IP goes no further than the
 * pipeline: messages carry visitor hashes (or the /24 or /64 network, without salts).
 */
export async function acceptEvents<Item, Refusal>(
  env: AcceptEnv,
  channel: IngestChannel<Item, Refusal>,
  inputs: readonly unknown[],
  { salts, now, deliver }: AcceptOptions,
): Promise<Acceptance<Refusal>[]> {
  const parsed = inputs.map((input) => channel.schema.safeParse(input));
  const valid: Item[] = [];
  for (const p of parsed) if (p.success) valid.push(p.data);
  const admitted = valid.length ? await channel.admit(valid) : [];
  let deps: Promise<PipelineDeps> | undefined;
  const out: Acceptance<Refusal>[] = [];
  const messages: IngestMessage[] = [];
  let v = 0;
  // One fetch budget for the whole call: a batch is one request (verify-request.ts).
  const keys = requestKeyLookup(env);
  for (const p of parsed) {
    if (!p.success) {
      out.push({ outcome: "invalid", error: p.error });
      continue;
    }
    const item = p.data;
    const admission = admitted[v++];
    if ("refused" in admission) {
      out.push({ outcome: "refused", refusal: admission.refused });
      continue;
    }
    const { site } = admission;
    deps ??= Promise.all([salts(), ipRangeIndex(env.DB, now)]).then(([s, ipRanges]) => ({
      salts: s,
      ipRanges,
      visitorBound: channel.visitorBound,
      reverseDns: reverseDnsFor(env.OUTBOUND_RESOLVE).budgeted(DNS_LOOKUPS_PER_REQUEST),
    }));
    const signature = await verifyRequestSignature(env, channel.signed(item, site), now, keys);
    const result = await runPipeline(
      {
        ...channel.raw(item, site),
        id: channel.eventId?.(item, site) ?? crypto.randomUUID(),
        receivedAt: now,
        signature,
        site,
      },
      await deps,
    );
    if ("dropped" in result) {
      out.push({ outcome: "dropped", reason: result.dropped });
      continue;
    }
    messages.push(result);
    out.push({ outcome: "accepted", message: result });
  }
  await (deliver ?? ((m) => sendToQueue(env.EVENTS, m)))(messages);
  return out;
}

/** Accepted messages onto the events queue, 100 per `sendBatch`. */
export async function sendToQueue(queue: Queue, messages: IngestMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += SEND_CHUNK) {
    await queue.sendBatch(messages.slice(i, i + SEND_CHUNK).map((body) => ({ body, contentType: "json" })));
  }
}
