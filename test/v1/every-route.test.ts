import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey } from "../helpers/api-keys";

// Cross-cutting guarantees, checked on every operation the OpenAPI document declares,
// so a route added later is covered without touching this file.

type Operation = { operationId: string; description?: string; security?: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>>; security?: unknown[] };

async function operations() {
  const doc = (await (await exports.default.fetch("http://x/api/v1/openapi.json")).json()) as Doc;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      // Any value will do for path parameters: auth and scope are decided before lookup.
      url: `http://x${path.replace(/\{[^}]+\}/g, "placeholder")}`,
      op,
    })),
  );
}

function scopeOf(op: Operation): string | null {
  return /Scope: `([a-z]+:[a-z]+)`/.exec(op.description ?? "")?.[1] ?? null;
}

// The full list, written out: adding, renaming or dropping an operation is a contract
// change, so it must be a visible edit here too (40 operations).
const EXPECTED_OPERATIONS = [
  "DELETE /api/v1/conversions/{external_id} voidConversion",
  "DELETE /api/v1/monitors/{monitor_id} deleteMonitor",
  "DELETE /api/v1/sites/{site_id} deleteSite",
  "GET /api/v1/attribution/channels conversionChannels",
  "GET /api/v1/attribution/overview attributionOverview",
  "GET /api/v1/conversions listConversions",
  "GET /api/v1/drains/{drain_id} getDrain",
  "GET /api/v1/monitors listMonitors",
  "GET /api/v1/monitors/{monitor_id} getMonitor",
  "GET /api/v1/monitors/{monitor_id}/deliveries listMonitorDeliveries",
  "GET /api/v1/policy/agents listPolicyAgents",
  "GET /api/v1/sites listSites",
  "GET /api/v1/sites/check-install checkInstall",
  "GET /api/v1/sites/{site_id}/drains listDrains",
  "GET /api/v1/sites/{site_id}/policy getSitePolicy",
  "GET /api/v1/sites/{site_id}/policy/collector getCollectorPolicy",
  "GET /api/v1/sites/{site_id}/policy/costs getPolicyCosts",
  "GET /api/v1/sites/{site_id}/policy/robots.txt getManagedRobotsTxt",
  "GET /api/v1/traffic/agent-errors agentErrors",
  "GET /api/v1/traffic/blocked-requests blockedRequests",
  "GET /api/v1/traffic/crawl-to-referral crawlToReferral",
  "GET /api/v1/traffic/failing-sessions failingSessions",
  "GET /api/v1/traffic/overview trafficOverview",
  "GET /api/v1/traffic/purpose-split trafficPurposeSplit",
  "GET /api/v1/traffic/robots-compliance robotsCompliance",
  "GET /api/v1/traffic/sessions listSessions",
  "GET /api/v1/traffic/sessions/{session_id} sessionJourney",
  "GET /api/v1/traffic/sources trafficSources",
  "GET /api/v1/traffic/verification trafficVerification",
  "GET /api/v1/whoami whoami",
  "PATCH /api/v1/sites/{site_id} updateSite",
  "POST /api/v1/conversions recordConversions",
  "POST /api/v1/drains/{drain_id}/revoke revokeDrain",
  "POST /api/v1/events recordServerEvents",
  "POST /api/v1/monitors createMonitor",
  "POST /api/v1/monitors/{monitor_id}/deliveries/{delivery_id}/redeliver redeliverMonitorDelivery",
  "POST /api/v1/monitors/{monitor_id}/rescan rescanMonitor",
  "POST /api/v1/monitors/{monitor_id}/test testMonitor",
  "POST /api/v1/sites registerSite",
  "POST /api/v1/sites/{site_id}/drains createDrain",
  "PUT /api/v1/sites/{site_id}/policy putSitePolicy",
];

describe("every declared v1 operation", () => {
  it("is exactly the pinned list of operations", async () => {
    const doc = (await (await exports.default.fetch("http://x/api/v1/openapi.json")).json()) as Doc;
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(listed.toSorted()).toEqual(EXPECTED_OPERATIONS);
  });

  it("declares an operationId, bearer security and its scope (or 'Any valid API key')", async () => {
    const ops = await operations();
    expect(ops.length).toBe(EXPECTED_OPERATIONS.length);
    for (const { op } of ops) {
      expect(op.operationId, JSON.stringify(op)).toBeTruthy();
      expect(op.security, op.operationId).toEqual([{ bearerAuth: [] }]);
      const described = scopeOf(op) !== null || (op.description ?? "").includes("Any valid API key");
      expect(described, op.operationId).toBe(true);
    }
  });

  it("answers 401 unauthorized with WWW-Authenticate and X-Request-Id without a key", async () => {
    for (const { method, url, op } of await operations()) {
      const res = await exports.default.fetch(url, { method });
      expect(res.status, op.operationId).toBe(401);
      expect(res.headers.get("WWW-Authenticate"), op.operationId).toContain("Bearer");
      expect(res.headers.get("X-Request-Id"), op.operationId).toBeTruthy();
      expect(await res.json(), op.operationId).toMatchObject({ code: "unauthorized" });
    }
  }, 60_000);

  it("answers 403 insufficient_scope to a key without the operation's scope", async () => {
    const k = await createTestKey(env, { workspace: "every-route", scopes: [] });
    for (const { method, url, op } of await operations()) {
      if (scopeOf(op) === null) continue;
      const res = await exports.default.fetch(url, { method, headers: k.headers });
      expect(res.status, op.operationId).toBe(403);
      expect(await res.json(), op.operationId).toMatchObject({ code: "insufficient_scope" });
      expect(res.headers.get("X-RateLimit-Limit"), op.operationId).toMatch(/^\d+$/);
    }
    // One request per operation, each through the key check and a rate-limit Durable
    // Object: seconds on a loaded machine, beyond vitest's 5 s default.
  }, 60_000);
});
