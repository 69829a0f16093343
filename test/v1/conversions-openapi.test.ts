import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

interface Doc {
  paths: Record<string, Record<string, { operationId: string; tags: string[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

describe("conversions and attribution in /api/v1/openapi.json", () => {
  it("declares the four operations with ids, tags and their error responses", async () => {
    const doc = (await (await exports.default.fetch("http://x/api/v1/openapi.json")).json()) as Doc;
    const ops = [
      ["/api/v1/conversions", "post", "recordConversions", ["200", "400", "401", "403", "413", "429"]],
      ["/api/v1/conversions", "get", "listConversions", ["200", "400", "401", "403", "404", "429"]],
      ["/api/v1/conversions/{external_id}", "delete", "voidConversion", ["204", "400", "401", "403", "429"]],
      ["/api/v1/attribution/overview", "get", "attributionOverview", ["200", "304", "400", "401", "403", "404", "429"]],
    ] as const;
    for (const [path, method, operationId, statuses] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.operationId).toBe(operationId);
      expect(op?.tags.length).toBeGreaterThan(0);
      expect(Object.keys(op?.responses ?? {}).sort()).toEqual([...statuses].sort());
    }
  });

  it("documents each posted item as ConversionInput and has no return-on-ad-spend field", async () => {
    const doc = (await (await exports.default.fetch("http://x/api/v1/openapi.json")).json()) as Doc;
    expect(Object.keys(doc.components.schemas.ConversionInput.properties ?? {})).toEqual([
      "external_id",
      "occurred_at",
      "event_name",
      "value_minor",
      "currency",
      "site",
      "attribution",
    ]);
    expect(JSON.stringify(doc.components.schemas.RecordConversionsRequest)).toContain(
      "#/components/schemas/ConversionInput",
    );
    expect(Object.keys(doc.components.schemas.AttributionOverview.properties ?? {})).not.toContain("roas");
    expect(JSON.stringify(doc.components.schemas.AttributionOverview.properties)).not.toMatch(/roas|return_on/i);
  });
});
