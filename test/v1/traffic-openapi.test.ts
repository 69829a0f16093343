import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

interface Operation {
  operationId: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema?: { maximum?: number; default?: unknown; enum?: string[] };
  }[];
  responses: Record<string, unknown>;
}

describe("traffic operations in /api/v1/openapi.json", () => {
  it("declares the six traffic operations with their ids, parameters and error responses", async () => {
    const doc = (await (await exports.default.fetch("http://x/api/v1/openapi.json")).json()) as {
      paths: Record<string, { get?: Operation }>;
    };
    const expected: Record<string, [string, string[]]> = {
      "/api/v1/traffic/overview": ["trafficOverview", ["400", "401", "403", "404", "429"]],
      "/api/v1/traffic/purpose-split": ["trafficPurposeSplit", ["400", "401", "403", "404", "429"]],
      "/api/v1/traffic/sources": ["trafficSources", ["400", "401", "403", "404", "429"]],
      "/api/v1/traffic/verification": ["trafficVerification", ["400", "401", "403", "404", "429"]],
      "/api/v1/traffic/failing-sessions": ["failingSessions", ["400", "401", "403", "404", "429"]],
      "/api/v1/traffic/sessions/{session_id}": ["sessionJourney", ["400", "401", "403", "404", "429"]],
    };
    for (const [path, [operationId, statuses]] of Object.entries(expected)) {
      const op = doc.paths[path]?.get;
      expect(op?.operationId, path).toBe(operationId);
      // 304: the reports answer If-None-Match (ETag).
      expect(Object.keys(op?.responses ?? {}).sort(), path).toEqual(["200", "304", ...statuses].sort());
    }
    const failing = doc.paths["/api/v1/traffic/failing-sessions"].get as Operation;
    const limit = failing.parameters?.find((p) => p.name === "limit");
    expect([limit?.schema?.maximum, limit?.schema?.default]).toEqual([50, 20]);
    const overview = doc.paths["/api/v1/traffic/overview"].get as Operation;
    // The traffic filters (docs/reports.md "Filters") are on every grouped report.
    const FILTERS = [
      "agent_platform",
      "entry_page",
      "outcome",
      "purpose",
      "referrer_host",
      "source",
      "sub_source",
      "tier",
    ];
    expect(overview.parameters?.map((p) => p.name).sort()).toEqual(
      ["compare", "domain", "from", "interval", "period", "timezone", "to", ...FILTERS].sort(),
    );
    expect(overview.parameters?.find((p) => p.name === "domain")?.required).toBe(true);
    // The series interval belongs to the two reports with a time series only.
    const interval = overview.parameters?.find((p) => p.name === "interval");
    expect([interval?.required ?? false, interval?.schema?.enum]).toEqual([false, ["hour", "day"]]);
    const purpose = doc.paths["/api/v1/traffic/purpose-split"].get as Operation;
    expect(purpose.parameters?.map((p) => p.name).sort()).toEqual(
      ["compare", "domain", "from", "period", "timezone", "to", ...FILTERS].sort(),
    );
    // compare=previous is optional and additive: the answer gains `previous`, of the report's own shape.
    const compare = overview.parameters?.find((p) => p.name === "compare");
    expect([compare?.required ?? false, compare?.schema?.enum]).toEqual([false, ["previous"]]);
    // timezone is optional, UTC by default: without it every answer is as before.
    const timezone = purpose.parameters?.find((p) => p.name === "timezone");
    expect([timezone?.required ?? false, timezone?.schema?.default]).toEqual([false, "UTC"]);
  });
});
