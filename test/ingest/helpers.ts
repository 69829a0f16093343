import { env } from "cloudflare:workers";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import { acceptServerEvents, type ServerEventsOutcome } from "../../shared/ways-in/server-events";
import { seedSite as seedSiteRow } from "../helpers/seed";
import { testContextWith } from "../helpers/test-context";

/** Registers a fixture answer for `host+path` in the Node-side outbound stand-in. */
export async function setFixture(
  key: string,
  fixture: { status: number; headers?: Record<string, string>; body: string } | null,
): Promise<void> {
  await fetch("http://fixtures.control/", {
    method: "POST",
    body: JSON.stringify({ key, fixture: fixture && { headers: {}, ...fixture } }),
  });
}

export async function fixtureHits(key: string): Promise<number> {
  const res = await fetch(`http://fixtures.control/__hits?key=${encodeURIComponent(key)}`);
  return (await res.json()) as number;
}

/** A site row with a fresh workspace, as registration (v1) would create it (test/helpers/seed.ts). */
export function seedSite(domain: string) {
  return seedSiteRow(env.DB, { domain });
}

/** A classified message as the pipeline would produce it; override what the test is about. */
export function message(over: Partial<IngestMessage> & Pick<IngestMessage, "id" | "occurredAt">): IngestMessage {
  return {
    channel: "beacon",
    siteId: "site_x",
    workspaceId: "ws_x",
    kind: "pageview",
    receivedAt: over.occurredAt,
    url: "/",
    target: null,
    durationMs: null,
    visitorHash: "v1",
    altVisitorHash: null,
    platform: null,
    purpose: null,
    tier: null,
    confidence: null,
    signals: [],
    source: "direct",
    subSource: null,
    referrerHost: null,
    browser: null,
    os: null,
    deviceType: null,
    mayStartSession: true,
    ...over,
  };
}

/**
 * POST /api/v1/events's use case called as a function: `events` for the workspace at
 * `nowMs`, through this Worker's D1 and events queue (the v1 Worker's in production).
 */
export async function acceptedServerEvents(
  workspaceId: string,
  events: readonly unknown[],
  nowMs: number,
): Promise<ServerEventsOutcome> {
  const ctx = testContextWith({ EVENTS: env.EVENTS }, { workspaceId, nowMs });
  const accepted = await acceptServerEvents(ctx, { events });
  if (!accepted.ok) throw new Error(`acceptServerEvents refused: ${accepted.code}`);
  return accepted.value;
}
