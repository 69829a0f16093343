import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET /ingest/openapi.json (the ingest Worker's own document)", () => {
  it("declares POST /ingest/e with its text/plain beacon body and its error codes (429 past the beacon limits)", async () => {
    const res = await exports.default.fetch("https://ingest.example/ingest/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody: { content: object }; responses: object }>
      >;
    };
    const op = doc.paths["/ingest/e"].post;
    expect(op.operationId).toBe("sendBeacon");
    expect(Object.keys(op.requestBody.content)).toEqual(["text/plain"]);
    expect(Object.keys(op.responses).sort()).toEqual(["202", "400", "403", "413", "429"]);
  });
});
