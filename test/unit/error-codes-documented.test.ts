import { describe, expect, inject, it } from "vitest";
import { ERROR_TABLE_MARKER, errorCodeTable } from "../../shared/errors/error-table";
import { errorCatalogue } from "../../shared/result/error-codes";

// docs/api.md "Errors" documents every code of the one catalogue with its status, and no
// other: a code added to shared/result/error-codes.ts fails here until it is documented.
// (The OpenAPI `code` enums are built from the catalogue itself: openapi-responses.ts.)

function documentedCodes(guide: string): Record<string, number> {
  const section = guide.slice(guide.indexOf("## Errors"), guide.indexOf("\n## ", guide.indexOf("## Errors") + 1));
  const rows = [...section.matchAll(/^\| `([a-z_]+)`\s*\| (\d{3})\s*\|/gm)];
  return Object.fromEntries(rows.map((m) => [m[1], Number(m[2])]));
}

describe("the error-code table of docs/api.md", () => {
  it("lists exactly the catalogue's codes, each with the catalogue's status", () => {
    const documented = documentedCodes(inject("apiGuide"));
    const catalogue = Object.fromEntries(Object.entries(errorCatalogue).map(([code, e]) => [code, e.status]));
    expect(documented).toEqual(catalogue);
  });

  it("is the table generated from the catalogue, word for word (`npm run docs:errors` rewrites it)", () => {
    const guide = inject("apiGuide");
    const start = guide.indexOf(ERROR_TABLE_MARKER);
    expect(start, "docs/api.md keeps the marker line above the table").toBeGreaterThan(0);
    const block = guide.slice(start + ERROR_TABLE_MARKER.length + 1).split("\n\n")[0];
    expect(block).toBe(errorCodeTable());
  });
});
