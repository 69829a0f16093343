import { OpenApiResponseCheck } from "../helpers/openapi-response-check";

// The v1 Worker as its tests run it, with every answer checked against the Worker's own
// /api/v1/openapi.json the way a validating proxy (Prism) would check it. A mismatch is
// recorded, not thrown, so the test that caused it fails in afterEach
// (document-conformance-setup.ts) with the request named. The record lives on
// globalThis: the Worker and the tests run in the same isolate.

const RECORD = Symbol.for("agent-readiness.v1.document-violations");
type Store = { violations: string[]; checked: number };
const store = (): Store => {
  const g = globalThis as { [RECORD]?: Store };
  g[RECORD] ??= { violations: [], checked: 0 };
  return g[RECORD];
};

/** The violations recorded since the last call, cleared; and how many answers were checked. */
export function takeDocumentViolations(): { violations: string[]; checked: number } {
  const s = store();
  const taken = { violations: s.violations, checked: s.checked };
  s.violations = [];
  s.checked = 0;
  return taken;
}

export function withDocumentCheck(worker: ExportedHandler<V1Env>): ExportedHandler<V1Env> {
  let check: Promise<OpenApiResponseCheck> | undefined;
  const fetch = worker.fetch as NonNullable<ExportedHandler<V1Env>["fetch"]>;
  return {
    ...worker,
    async fetch(request, env, ctx) {
      const res = await fetch(request, env, ctx);
      check ??= Promise.resolve(fetch(new Request("http://v1.local/api/v1/openapi.json"), env, ctx)).then(
        async (doc) => new OpenApiResponseCheck(await doc.json()),
      );
      const checker = await check;
      // Only answers of documented operations: their bodies are finite JSON (never a stream).
      if (!checker.operationOf(request.method, request.url)) return res;
      const body = request.method === "HEAD" ? "" : await res.clone().text();
      const violations = checker.check({
        method: request.method,
        url: request.url,
        status: res.status,
        headers: res.headers,
        body,
      });
      const s = store();
      s.checked++;
      if (violations?.length) s.violations.push(...violations);
      return res;
    },
  };
}
