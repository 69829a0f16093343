import type { SignatureOutcome } from "../classify/agent-identity";
import type { IpRangeIndex } from "../classify/ip-ranges";
import type { PageAutomation } from "../classify/page-automation";
import type { SaltSet } from "../salt/salt-schedule";
import type { DnsVerdict } from "../verification/reverse-dns";
import type { EventKind, IngestMessage } from "./queue-message";
import { acquisition } from "./steps/acquisition";
import { checkTime } from "./steps/check-time";
import { confirmDns } from "./steps/confirm-dns";
import { applyCoverage } from "./steps/coverage";
import { hashVisitor } from "./steps/hash-visitor";
import { identify } from "./steps/identify";
import { parsePage } from "./steps/parse-page";

export interface IngestSite {
  id: string;
  workspaceId: string;
  domain: string;
  coverage: string;
}

/** One request record before classification, from a beacon or a server-side record. */
export interface RawEvent {
  id: string;
  channel: "beacon" | "server";
  kind: EventKind;
  occurredAt: number;
  receivedAt: number;
  pageUrl: string;
  referrer: string | null;
  durationMs: number | null;
  target: string | null;
  userAgent: string | null;
  /** Full client IP: used in memory for range checks and hashing, never stored. */
  clientIp: string | null;
  /** What the snippet saw of automation on the page; empty for server-side records. */
  automation: PageAutomation;
  /** What forward-confirmed reverse DNS said of the client IP, when the UA's operator documents it. */
  reverseDns?: DnsVerdict;
  /** The `UCP-Agent` header as received (a declared identity), or null. */
  ucpAgent?: string | null;
  signature: SignatureOutcome;
  site: IngestSite;
}

export interface PipelineDeps {
  /** Null where the salts are out of reach (v1 Worker): the consumer hashes instead. */
  salts: SaltSet | null;
  ipRanges: IpRangeIndex;
  /**
   * Beacons only: whether a visitor hash is within its bound network's (/24 or /48)
   * daily bound of distinct visitors on the site (beacon-limits.ts); past it the event
   * gets that network's overflow visitor (hash-visitor.ts).
   */
  visitorBound?: VisitorBound;
  /** Forward-confirmed reverse DNS for one IP against an operator's domains (budgeted per request). */
  reverseDns?: (ip: string, domains: readonly string[]) => Promise<DnsVerdict>;
}

export type VisitorBound = (siteId: string, network: string, visitorHash: string, now: number) => Promise<boolean>;

export type DropReason = "stale_timestamp" | "future_timestamp" | "invalid_url" | "foreign_host" | "named_automation";

export interface Dropped {
  dropped: DropReason;
}

/** The event as it moves through the steps: the raw record plus what steps added. */
export type Draft = RawEvent & Partial<IngestMessage> & { page?: URL };

export type Step = (draft: Draft, deps: PipelineDeps) => Draft | Dropped | Promise<Draft | Dropped>;

/**
 * Named steps in order (Plausible's ingestion pipeline shape): each returns the event
 * or a typed drop reason. Nothing here touches storage; the route enqueues the result.
 */
export const steps: ReadonlyArray<[string, Step]> = [
  ["check-time", checkTime],
  ["parse-page", parsePage],
  ["confirm-dns", confirmDns],
  ["identify", identify],
  ["acquisition", acquisition],
  ["coverage", applyCoverage],
  ["hash-visitor", hashVisitor],
];

/** A step that threw: names the step; the original error is its `cause`. */
export class PipelineStepError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`ingest step "${step}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "PipelineStepError";
  }
}

export function isDropped(x: unknown): x is Dropped {
  return typeof x === "object" && x !== null && "dropped" in x;
}

export async function runPipeline(raw: RawEvent, deps: PipelineDeps): Promise<IngestMessage | Dropped> {
  let draft: Draft = raw;
  for (const [name, step] of steps) {
    let out: Draft | Dropped;
    try {
      out = await step(draft, deps);
    } catch (cause) {
      // The step's name goes into the error, so a failure in the logs says where it
      // happened without a stack trace through the queue and the router.
      throw new PipelineStepError(name, cause);
    }
    if (isDropped(out)) return out;
    draft = out;
  }
  return toMessage(draft);
}

function toMessage(d: Draft): IngestMessage {
  return {
    id: d.id,
    channel: d.channel,
    siteId: d.site.id,
    workspaceId: d.site.workspaceId,
    kind: d.kind,
    occurredAt: d.occurredAt,
    receivedAt: d.receivedAt,
    url: d.url ?? "/",
    target: d.target,
    durationMs: d.durationMs,
    visitorHash: d.visitorHash ?? "",
    altVisitorHash: d.altVisitorHash ?? null,
    platform: d.platform ?? null,
    purpose: d.purpose ?? null,
    tier: d.tier ?? null,
    confidence: d.confidence ?? null,
    signals: d.signals ?? [],
    signerOrigin: d.signerOrigin ?? null,
    source: d.source ?? "direct",
    subSource: d.subSource ?? null,
    referrerHost: d.referrerHost ?? null,
    browser: d.browser ?? null,
    os: d.os ?? null,
    deviceType: d.deviceType ?? null,
    mayStartSession: d.mayStartSession ?? true,
    pendingHash: d.pendingHash ?? null,
  };
}
