// The shapes the ingest pipeline's steps share (shared/ingest/pipeline.ts runs them):
// apart from the runner so a step imports its input's shape without importing the runner
// that imports every step.

import type { IpRangeIndex } from "../classify/ip-ranges";
import type { PageAutomation } from "../classify/page-automation";
import type { SaltSet } from "../salt/salt-schedule";
import type { DnsVerdict } from "../verification/reverse-dns";
import type { SignatureOutcome } from "../verification/signature-outcome";
import type { EventKind, IngestMessage } from "./queue-message";

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
