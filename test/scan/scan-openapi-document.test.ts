import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET /api/scan/openapi.json (the Scan API's own document)", () => {
  it("is OpenAPI 3.1 at version 2.0.0 with both scan operations and the ScanResult schema", async () => {
    const res = await exports.default.fetch("http://scan.local/api/scan/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("2.0.0");
    expect(doc.paths["/api/scan"].post.operationId).toBe("createScan");
    expect(doc.paths["/api/scan/{id}"].get.operationId).toBe("getScan");
    // Both are public, and say so (redocly's security-defined rule).
    expect(doc.paths["/api/scan"].post.security).toEqual([]);
    expect(doc.paths["/api/scan/{id}"].get.security).toEqual([]);
    expect(doc.components.schemas.ScanResult.required).toEqual(
      expect.arrayContaining(["id", "domain", "overallScore", "layerScores", "checkResults", "seenCount"]),
    );
  });

  it("does not shadow GET /api/scan/{id}: another id is still looked up", async () => {
    const res = await exports.default.fetch("http://scan.local/api/scan/not-a-uuid");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid scan ID" });
  });
});
