import { env } from "cloudflare:test";
import type { IngestMessage } from "../../shared/ingest/queue-message";

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

let seq = 0;

/** A site row with a workspace, as registration (v1) would create it. */
export async function seedSite(
  domain: string,
  coverage = "all_traffic",
): Promise<{ id: string; workspaceId: string; token: string; domain: string }> {
  seq += 1;
  const ws = `ws_${seq}_${crypto.randomUUID().slice(0, 8)}`;
  const id = `site_${seq}_${crypto.randomUUID().slice(0, 8)}`;
  const token = `pt_${crypto.randomUUID().replaceAll("-", "")}`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)").bind(ws, ws, now),
    env.DB.prepare(
      "INSERT INTO sites (id, workspace_id, domain, name, public_token, coverage, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).bind(id, ws, domain, domain, token, coverage, now),
  ]);
  return { id, workspaceId: ws, token, domain };
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
