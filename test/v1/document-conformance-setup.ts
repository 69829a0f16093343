import { afterEach, expect } from "vitest";
import { takeDocumentViolations } from "./document-conformance";

// Every v1 answer a test produced must match /api/v1/openapi.json (document-conformance.ts).
afterEach(() => {
  expect(takeDocumentViolations().violations, "answers that break /api/v1/openapi.json").toEqual([]);
});
