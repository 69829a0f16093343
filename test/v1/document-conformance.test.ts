import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/v1/index";
import { createTestKey } from "../helpers/api-keys";
import { takeDocumentViolations, withDocumentCheck } from "./document-conformance";

// The check that runs under every v1 test (document-conformance-setup.ts) is live and
// would catch an answer that breaks the document.

describe("every v1 answer is checked against /api/v1/openapi.json", () => {
  it("checks the answers the tests produce, success and refusal alike", async () => {
    takeDocumentViolations();
    const k = await createTestKey(env, { workspace: "conformance-ws", scopes: ["traffic:read"] });
    expect((await exports.default.fetch("http://x/api/v1/whoami", { headers: k.headers })).status).toBe(200);
    expect((await exports.default.fetch("http://x/api/v1/sites?limit=0", { headers: k.headers })).status).toBe(400);
    expect((await exports.default.fetch("http://x/api/v1/conversions", { headers: k.headers })).status).toBe(403);
    expect((await exports.default.fetch("http://x/api/v1/whoami")).status).toBe(401);
    expect(takeDocumentViolations()).toEqual({ violations: [], checked: 4 });
  });

  it("records an answer that breaks the document: an undeclared field type, code and status", async () => {
    takeDocumentViolations();
    const broken = withDocumentCheck({
      fetch: (request, e, ctx) => {
        const path = new URL(request.url).pathname;
        if (path === "/api/v1/whoami") return Response.json({ workspace_id: 7, scopes: [] });
        if (path === "/api/v1/sites") return Response.json({ error: "no", code: "teapot" }, { status: 400 });
        if (path === "/api/v1/conversions") return new Response(null, { status: 418 });
        return (worker.fetch as NonNullable<typeof worker.fetch>)(request, e, ctx);
      },
    });
    const call = (path: string) =>
      (broken.fetch as NonNullable<typeof broken.fetch>)(new Request(`http://x${path}`), env, createExecutionContext());
    await call("/api/v1/whoami");
    await call("/api/v1/sites");
    await call("/api/v1/conversions");
    const { violations, checked } = takeDocumentViolations();
    expect(checked).toBe(3);
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/v1\/whoami -> 200: body\/workspace_id must be string/),
        expect.stringMatching(/^GET \/api\/v1\/whoami -> 200: body must have required property 'key_id'/),
        expect.stringMatching(/^GET \/api\/v1\/sites -> 400: body\/code must be equal to one of the allowed values/),
        expect.stringMatching(/^GET \/api\/v1\/conversions -> 418: status 418 is not declared/),
      ]),
    );
  });
});
