import type { Purpose } from "../classify/agents";
import type { DetectionSignal, Tier } from "../classify/identity-vocabulary";
import type { Source } from "../classify/source";
import type { EventKind } from "../vocabulary/event-kinds";

export type { EventKind };

/**
 * What ingest hands to the queue for one accepted, classified event. It carries the
 * daily visitor hashes, never the raw IP (docs/privacy.md). `id` is minted at ingest
 * and makes the consumer idempotent: a redelivered message is recognised and not
 * counted twice.
 */
export interface IngestMessage {
  id: string;
  channel: "beacon" | "server";
  siteId: string;
  workspaceId: string;
  kind: EventKind;
  occurredAt: number;
  receivedAt: number;
  /** Page path (no query: queries can carry personal data). */
  url: string;
  target: string | null;
  durationMs: number | null;
  /** Hash under the salt of the event's UTC day. */
  visitorHash: string;
  /** Hash under the other kept salt, so a session crossing midnight is found. */
  altVisitorHash: string | null;
  /**
   * Server-side records are classified by the v1 Worker, which holds no salt: they
   * carry the truncated network (/24 or /64, never the full IP) and the User-Agent,
   * and the consumer hashes them before anything is stored (docs/privacy.md).
   */
  pendingHash?: { network: string; userAgent: string | null } | null;
  platform: string | null;
  purpose: Purpose | null;
  tier: Tier | null;
  confidence: number | null;
  signals: DetectionSignal[];
  /** Origin of the key source of a valid Web Bot Auth signature, listed or not; null without one. */
  signerOrigin?: string | null;
  source: Source;
  subSource: string | null;
  referrerHost: string | null;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  /** False when the site's coverage excludes this event from starting a session. */
  mayStartSession: boolean;
  /**
   * A server-side record of an AI agent's request (`POST /api/v1/events`): what its
   * `agent_requests` row needs beyond the event (the path with its query, method, status),
   * so the consumer stores it as drain lines are (docs/reports.md). Absent otherwise.
   */
  agentRequest?: AgentRequestFacts | null;
  /**
   * A snippet commerce event's own facts (shared/conversions/browser-commerce.ts): what an
   * agent-submitted form was, a purchase's value and currency. Absent otherwise.
   */
  commerce?: BeaconCommerce | null;
}

export interface BeaconCommerce {
  form: "cart" | "checkout" | "form" | null;
  /** In minor units of `currency`; null when the page gave no usable value. */
  valueMinor: number | null;
  currency: string | null;
}

export interface AgentRequestFacts {
  method: string;
  /** Path and query as requested (robots.txt rules match the query too). */
  path: string;
  status: number;
  /** The User-Agent's product token, lowercased; null when only a signature named the agent. */
  agent: string | null;
  document: 0 | 1;
  /** Set when a collector enforcing the site's agent policy answered it 403 (docs/policy.md). */
  blocked?: { reason: "policy" | "robots"; version: number };
}
