import { env, exports } from "cloudflare:workers";
import type { Scope } from "../../shared/vocabulary/scopes";
import { createTestKey, type TestKey } from "../helpers/api-keys";
import { seedSite as seedSiteRow } from "../helpers/seed";

export const BASE = "http://x/api/v1";
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

let workspaceCounter = 0;

/** A key in a fresh workspace (storage is per test file, so names must not repeat). */
export function freshKey(
  scopes: Scope[] = ["conversions:read", "conversions:write"],
  workspace?: string,
): Promise<TestKey> {
  workspaceCounter += 1;
  return createTestKey(env, { workspace: workspace ?? `conv-ws-${workspaceCounter}-${crypto.randomUUID()}`, scopes });
}

/** Registers a site row directly, so these tests do not depend on the sites routes. */
export async function seedSite(workspaceId: string, domain: string): Promise<string> {
  return (await seedSiteRow(env.DB, { workspaceId, domain })).id;
}

export const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

export function order(externalId: string, extra: Record<string, unknown> = {}) {
  return { external_id: externalId, occurred_at: isoAgo(HOUR), value_minor: 1000, currency: "EUR", ...extra };
}

export function post(key: TestKey, conversions: unknown[]) {
  return exports.default.fetch(`${BASE}/conversions`, {
    method: "POST",
    headers: { ...key.headers, "Content-Type": "application/json" },
    body: JSON.stringify({ conversions }),
  });
}

export function get(key: TestKey, path: string) {
  return exports.default.fetch(`${BASE}${path}`, { headers: key.headers });
}

export function remove(key: TestKey, externalId: string) {
  return exports.default.fetch(`${BASE}/conversions/${encodeURIComponent(externalId)}`, {
    method: "DELETE",
    headers: key.headers,
  });
}

export interface RecordBody {
  received: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  results: {
    external_id: string | null;
    status: "accepted" | "duplicate" | "rejected";
    conversion_id?: string;
    attribution?: { attributed: boolean; platform: string; basis: string };
    error?: { code: string; message: string };
  }[];
}

export interface ListBody {
  results: {
    conversion_id: string;
    external_id: string;
    event_name: string;
    value_minor: number;
    currency: string;
    domain: string | null;
    attributed_platform: string;
    attribution_basis: string;
    voided: boolean;
  }[];
  next_cursor: string;
  has_more: boolean;
}
