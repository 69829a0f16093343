import { env, exports } from "cloudflare:workers";
import { rebuildDay } from "../../shared/sessions/settle";
import type { Scope } from "../../shared/vocabulary/scopes";
import { createTestKey, type TestKey } from "../helpers/api-keys";
import { type SeedSite, seedSite as seedSiteRow } from "../helpers/seed";
import { inShard } from "../helpers/shard";

// Hand-built sessions written straight into the site's analytics shard, so the
// report tests do not depend on classification or the queue. The daily aggregates
// are produced by the rollup's own rebuildDay, exactly as the cron would.

export const BASE = "http://x/api/v1";
export const SECOND = 1_000;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const todayStart = () => Math.floor(Date.now() / DAY) * DAY;
export const iso = (ms: number) => new Date(ms).toISOString();
export const dayOf = (ms: number) => iso(ms).slice(0, 10);

let counter = 0;

export function freshKey(scopes: Scope[] = ["traffic:read"], workspace?: string): Promise<TestKey> {
  counter += 1;
  return createTestKey(env, { workspace: workspace ?? `traffic-ws-${counter}-${crypto.randomUUID()}`, scopes });
}

/** A site of `workspaceId` (test/helpers/seed.ts); returns its id. */
export async function seedSite(
  workspaceId: string,
  domain: string,
  extra: Pick<SeedSite, "coverage" | "coverageChangedAt"> = {},
): Promise<string> {
  return (await seedSiteRow(env.DB, { workspaceId, domain, ...extra })).id;
}

export interface SessionSpec {
  id?: string;
  startedAt: number;
  durationMs?: number;
  visitor?: string;
  /** null (default) for a human session. */
  platform?: string | null;
  purpose?: string | null;
  tier?: string | null;
  source?: string;
  subSource?: string | null;
  referrerHost?: string | null;
  entryUrl?: string;
  exitUrl?: string;
  pageCount?: number;
  interactionCount?: number;
  /** Settled outcome; `null` leaves the session open (unsettled). */
  outcome?: "completed" | "abandoned" | "not_attempted" | null;
  /** Evidence of an open session (defaults follow the outcome). */
  reachedCart?: boolean;
  reachedPurchase?: boolean;
  bounced?: boolean;
  signals?: string[];
  confidence?: number | null;
  /** Origin of the session's valid signature's key source (null: not signed). */
  signerOrigin?: string | null;
  /** Device detection's kind (default desktop); `bot` for a client with no browser engine. */
  deviceType?: "desktop" | "mobile" | "tablet" | "bot";
}

/** Inserts one session row (dirty, as the consumer leaves it); returns its id. */
export async function insertSession(workspaceId: string, siteId: string, s: SessionSpec): Promise<string> {
  const id = s.id ?? crypto.randomUUID();
  const duration = s.durationMs ?? 10 * SECOND;
  const outcome = s.outcome === undefined ? "not_attempted" : s.outcome;
  const cart = s.reachedCart ?? (outcome === "abandoned" || outcome === "completed");
  const purchase = s.reachedPurchase ?? outcome === "completed";
  const platform = s.platform ?? null;
  await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
    db
      .prepare(
        `INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms,
       page_count, event_count, interaction_count, entry_url, exit_url, agent_platform, purpose, tier,
       agent_confidence, detection_signals, source, sub_source, referrer_host, browser, os, device_type,
       reached_cart, reached_purchase, outcome, bounced, settled_at, signer_origin, dirty)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      )
      .bind(
        id,
        workspaceId,
        siteId,
        s.visitor ?? `v-${crypto.randomUUID()}`,
        dayOf(s.startedAt),
        s.startedAt,
        s.startedAt + duration,
        duration,
        s.pageCount ?? 1,
        (s.pageCount ?? 1) + (s.interactionCount ?? 0),
        s.interactionCount ?? 0,
        s.entryUrl ?? "/",
        s.exitUrl ?? s.entryUrl ?? "/",
        platform,
        platform === null ? null : (s.purpose ?? "unknown"),
        platform === null ? null : (s.tier ?? "declared"),
        platform === null ? null : (s.confidence ?? 0.5),
        JSON.stringify(s.signals ?? []),
        s.source ?? (platform === null ? "direct" : "ai_assistant_session"),
        s.subSource ?? null,
        s.referrerHost ?? null,
        s.deviceType === "bot" ? null : "Chrome",
        s.deviceType === "bot" ? null : "Linux",
        s.deviceType ?? "desktop",
        cart ? 1 : 0,
        purchase ? 1 : 0,
        outcome,
        outcome === null ? null : s.bounced ? 1 : 0,
        outcome === null ? null : s.startedAt + duration + 31 * MINUTE,
        s.signerOrigin ?? null,
      )
      .run(),
  );
  return id;
}

/** What the session-end cron does for one (site, day): rebuild its aggregates. */
export async function rollUp(siteId: string, ...days: number[]): Promise<void> {
  await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
    for (const d of days) await rebuildDay(db, siteId, dayOf(d));
  });
}

export function get(key: TestKey, path: string) {
  return exports.default.fetch(`${BASE}${path}`, { headers: key.headers });
}

export async function getJson<T>(key: TestKey, path: string, status = 200): Promise<T> {
  const res = await get(key, path);
  const body = await res.text();
  if (res.status !== status) throw new Error(`GET ${path}: expected ${status}, got ${res.status}: ${body}`);
  return JSON.parse(body) as T;
}

export const windowQuery = (domain: string, from: number, to: number) =>
  `?domain=${domain}&from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`;

/** The top pages of an overview or sources answer, with its previous period's (issue 29 tests). */
export interface Pages {
  top_pages?: Array<{ entry_url: string; sessions: number }>;
  top_entry_pages?: Array<{ url: string; sessions: number }>;
  top_human_entry_pages?: Array<{ url: string; visits: number }>;
  previous?: Pages;
}

/** An overview's top pages as [entry_url, sessions] pairs, in the answer's order. */
export const overviewPages = (r: Pages) => (r.top_pages ?? []).map((p) => [p.entry_url, p.sessions]);
/** A sources answer's top entry pages as [url, sessions] pairs, in the answer's order. */
export const sourcesPages = (r: Pages) => (r.top_entry_pages ?? []).map((p) => [p.url, p.sessions]);
/** A sources answer's entry pages of human visits as [url, visits] pairs, in the answer's order. */
export const humanPages = (r: Pages) => (r.top_human_entry_pages ?? []).map((p) => [p.url, p.visits]);
