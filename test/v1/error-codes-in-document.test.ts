import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { errorCatalogue } from "../../shared/result/error-codes";

// The `code` enums of /api/v1/openapi.json come from shared/result/error-codes.ts: every
// code an error response lists is a catalogue code answered with that very status, so
// the document and docs/api.md's table (test/unit/error-codes-documented.test.ts) both
// agree with the catalogue.

type Schema = { $ref?: string; properties?: Record<string, Schema>; enum?: string[] };
type Doc = {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Json> }>>;
  components?: { schemas?: Record<string, Schema> };
};
type Json = { content?: Record<string, { schema?: Schema }> };

describe("the v1 document's error codes", () => {
  it("lists only catalogue codes, each under the catalogue's status", async () => {
    const doc = (await (await exports.default.fetch("http://x/api/v1/openapi.json")).json()) as Doc;
    const resolve = (s: Schema | undefined) =>
      s?.$ref ? doc.components?.schemas?.[s.$ref.replace("#/components/schemas/", "")] : s;
    let seen = 0;
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^[45]/.test(status)) continue;
          const codes = resolve(resolve(response.content?.["application/json"]?.schema)?.properties?.code)?.enum ?? [];
          for (const code of codes) {
            seen += 1;
            expect(errorCatalogue[code as keyof typeof errorCatalogue]?.status, `${op.operationId} ${code}`).toBe(
              Number(status),
            );
          }
        }
      }
    }
    // Every authenticated operation lists at least unauthorized, insufficient_scope and rate_limited.
    expect(seen).toBeGreaterThan(3 * Object.keys(doc.paths).length);
  });
});
