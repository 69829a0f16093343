import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { createDrain, drainOfWorkspace, revokeDrain } from "../../shared/drains/drain-store";
import { HOUR_MS, MINUTE_MS } from "../../shared/time/durations";
import type { DrainFormat } from "../../shared/vocabulary/drain-formats";
import {
  gzip,
  logpushLine,
  ndjson,
  ndjsonLine,
  UA,
  vercelLine,
  vercelSignature,
} from "../fixtures/drains/vendor-lines";
import { inShard } from "../helpers/shard";
import { seedSite } from "./helpers";

async function drainFor(domain: string, format: DrainFormat, vercelVerify: string | null = null) {
  const site = await seedSite(domain);
  const created = await createDrain(database(env.DB), env, {
    workspaceId: site.workspaceId,
    siteId: site.id,
    format,
    vercelVerify,
  });
  if (!created.ok) throw new Error(created.code);
  return { site, drain: created.value.drain, secret: created.value.secret };
}

function post(drainId: string, body: BodyInit, headers: Record<string, string> = {}) {
  return exports.default.fetch(`https://ingest.example/ingest/drains/${drainId}`, { method: "POST", headers, body });
}

async function counts(siteId: string) {
  return inShard(env.ANALYTICS_SHARD, siteId, async (db) => ({
    events: (await db.prepare("SELECT count(*) AS n FROM ingest_events").first<{ n: number }>())?.n,
    requests: (await db.prepare("SELECT count(*) AS n FROM agent_requests").first<{ n: number }>())?.n,
    sessions: (await db.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>())?.n,
  }));
}

describe("Cloudflare Logpush drain", () => {
  // Ten lines: 1-3 stored, 4-5 skipped, 6-10 rejected (each with its line number).
  function batch(now: number, domain: string) {
    return ndjson([
      logpushLine({ ray: "8f1a0001", at: now - 60_000, host: domain, uri: "/products/mug", ua: UA.gptbot }),
      logpushLine({
        ray: "8f1a0002",
        at: now - 59_000,
        host: domain,
        uri: "/img/mug.png",
        type: "image/png",
        ua: UA.gptbot,
      }),
      logpushLine({ ray: "8f1a0003", at: now - 58_000, host: `www.${domain}`, uri: "/cart" }),
      logpushLine({ ray: "8f1a0004", at: now - 57_000, host: domain, uri: "/app.js", type: "text/javascript" }),
      logpushLine({ ray: "8f1a0005", at: now - 56_000, host: domain, uri: "/", ua: UA.googlebot }),
      "{not json",
      { ...logpushLine({ ray: "8f1a0007", at: now, host: domain }), ClientRequestURI: undefined },
      logpushLine({ ray: "8f1a0008", at: now, host: "other.example" }),
      logpushLine({ ray: "8f1a0009", at: now - 72 * HOUR_MS, host: domain }),
      logpushLine({ ray: "8f1a0010", at: now + 30 * MINUTE_MS, host: domain }),
    ]);
  }

  it("reads a gzip batch: each line accepted, skipped or rejected with its reason, nothing stored twice on redelivery", async () => {
    const { site, drain, secret } = await drainFor("logpush-shop.example", "cloudflare_logpush");
    const body = await gzip(batch(Date.now(), site.domain));
    const auth = { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", "Content-Encoding": "gzip" };

    const first = await post(drain.id, body, auth);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Request-Id")).toBeTruthy();
    const result = await first.json<Record<string, unknown>>();
    expect(result).toMatchObject({
      lines: 10,
      accepted: 3,
      skipped: 2,
      rejected: 5,
      page_views: 2, // GPTBot's page and the human's /cart (no snippet on this site)
      agent_requests: 2, // GPTBot's page and its image
      duplicates: 0,
      reasons: {
        not_a_page_view: 1,
        named_automation: 1,
        invalid_json: 1,
        invalid_record: 1,
        foreign_host: 1,
        stale_timestamp: 1,
        future_timestamp: 1,
      },
    });
    expect((result.rejected_lines as Array<{ line: number; code: string }>).map((l) => [l.line, l.code])).toEqual([
      [6, "invalid_json"],
      [7, "invalid_record"],
      [8, "foreign_host"],
      [9, "stale_timestamp"],
      [10, "future_timestamp"],
    ]);
    expect(await counts(site.id)).toEqual({ events: 2, requests: 2, sessions: 2 });

    // Logpush retries a batch it got no 2xx for: the same lines are stored once.
    const again = await post(drain.id, body, auth);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ accepted: 3, duplicates: 3 });
    expect(await counts(site.id)).toEqual({ events: 2, requests: 2, sessions: 2 });

    const status = await drainOfWorkspace(database(env.DB), site.workspaceId, drain.id);
    expect(status).toMatchObject({ lastBatchLines: 10, lastBatchAccepted: 3, lastBatchRejected: 5 });
    expect(JSON.parse(status?.lastBatchReasons ?? "{}")).toMatchObject({ invalid_json: 1, stale_timestamp: 1 });
    expect(status?.lastAcceptAt).toBeGreaterThan(0);
  });

  // Issue 41, lower findings: a drain line chooses its own client address, so a line with
  // GPTBot's User-Agent and an address in OpenAI's published range came out verified.
  it("leaves a logged address in the operator's range declared, labelled as the merchant's logs' word", async () => {
    const { site, drain, secret } = await drainFor("logged-range.example", "cloudflare_logpush");
    const now = Date.now();
    const res = await post(
      drain.id,
      ndjson([
        logpushLine({ ray: "lr1", at: now - 1000, host: site.domain, uri: "/p", ua: UA.gptbot, ip: "52.230.152.9" }),
      ]),
      { Authorization: `Bearer ${secret}` },
    );
    expect(res.status).toBe(200);
    const rows = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      db.prepare("SELECT platform, tier FROM agent_requests").all(),
    );
    expect(rows.results).toEqual([{ platform: "chatgpt", tier: "declared" }]);
    let session: { tier: string; detection_signals: string } | null = null;
    for (let i = 0; i < 200 && !session; i++) {
      session = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
        db.prepare("SELECT tier, detection_signals FROM sessions WHERE site_id = ?").bind(site.id).first(),
      );
      if (!session) await new Promise((r) => setTimeout(r, 50));
    }
    expect(session?.tier).toBe("declared");
    expect(JSON.parse(session?.detection_signals ?? "[]")).toEqual(
      expect.arrayContaining(["known_ip_range", "address_from_merchant_logs"]),
    );
  });

  it("stores an agent's request row with its status, token, purpose and whether it was a document", async () => {
    const { site, drain, secret } = await drainFor("rows-shop.example", "cloudflare_logpush");
    const now = Date.now();
    await post(
      drain.id,
      ndjson([
        logpushLine({
          ray: "r1",
          at: now - 1000,
          host: site.domain,
          uri: "/old-page?x=1",
          status: 404,
          ua: UA.claudebot,
        }),
        logpushLine({
          ray: "r2",
          at: now - 900,
          host: site.domain,
          uri: "/robots.txt",
          type: "text/plain",
          ua: UA.claudebot,
        }),
      ]),
      { Authorization: `Bearer ${secret}` },
    );
    const rows = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      db
        .prepare(
          "SELECT path, status, agent, platform, purpose, document, via FROM agent_requests ORDER BY occurred_at",
        )
        .all(),
    );
    expect(rows.results).toEqual([
      {
        path: "/old-page?x=1",
        status: 404,
        agent: "claudebot",
        platform: "claude",
        purpose: "crawl",
        document: 1,
        via: drain.id,
      },
      {
        path: "/robots.txt",
        status: 200,
        agent: "claudebot",
        platform: "claude",
        purpose: "crawl",
        document: 0,
        via: drain.id,
      },
    ]);
    // A 404 is no page view: no event, no session.
    expect(await counts(site.id)).toMatchObject({ events: 0, sessions: 0 });
  });

  it("refuses a wrong, missing or revoked secret with 401 and records why on the drain", async () => {
    const { site, drain, secret } = await drainFor("auth-shop.example", "cloudflare_logpush");
    const body = ndjson([logpushLine({ ray: "a1", at: Date.now(), host: site.domain })]);
    const wrong = await post(drain.id, body, { Authorization: "Bearer ar_drain_wrong" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: "invalid_drain_secret" });
    expect((await post(drain.id, body)).status).toBe(401);
    const unknown = await post("drn_doesnotexist", body, { Authorization: `Bearer ${secret}` });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: "invalid_drain_secret" });
    expect(await counts(site.id)).toMatchObject({ events: 0 });

    await revokeDrain(database(env.DB), site.workspaceId, drain.id);
    const revoked = await post(drain.id, body, { Authorization: `Bearer ${secret}` });
    expect(revoked.status).toBe(401);
    expect((await revoked.json<{ error: string }>()).error).toMatch(/revoked/);
    const status = await drainOfWorkspace(database(env.DB), site.workspaceId, drain.id);
    expect(status?.lastRefusalReason).toMatch(/revoked|invalid_drain_secret/);
  });

  it("rejects an oversize line by number and keeps its neighbours; corrupt gzip is a 400, never a 5xx", async () => {
    const { site, drain, secret } = await drainFor("big-shop.example", "cloudflare_logpush");
    const now = Date.now();
    const huge = logpushLine({ ray: "b2", at: now, host: site.domain, uri: `/${"a".repeat(70_000)}`, ua: UA.gptbot });
    const res = await post(
      drain.id,
      await gzip(
        ndjson([
          logpushLine({ ray: "b1", at: now, host: site.domain, ua: UA.gptbot }),
          huge,
          logpushLine({ ray: "b3", at: now, host: site.domain, uri: "/about", ua: UA.gptbot }),
        ]),
      ),
      { Authorization: `Bearer ${secret}` },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      lines: 3,
      accepted: 2,
      rejected: 1,
      rejected_lines: [{ line: 2, code: "line_too_long" }],
    });

    const corrupt = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8]);
    const bad = await post(drain.id, corrupt, { Authorization: `Bearer ${secret}` });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request" });
  });

  it("stores a batch of hundreds of agent requests in one commit, and knows all of them on redelivery", async () => {
    const { site, drain, secret } = await drainFor("many-shop.example", "cloudflare_logpush");
    const now = Date.now();
    const lines = Array.from({ length: 300 }, (_, i) =>
      logpushLine({ ray: `m${i}`, at: now - 10_000 + i, host: site.domain, uri: `/p/${i}`, ua: UA.gptbot }),
    );
    const body = await gzip(ndjson(lines));
    const auth = { Authorization: `Bearer ${secret}` };
    expect(await (await post(drain.id, body, auth)).json()).toMatchObject({
      accepted: 300,
      page_views: 300,
      duplicates: 0,
    });
    expect(await (await post(drain.id, body, auth)).json()).toMatchObject({ accepted: 300, duplicates: 300 });
    expect(await counts(site.id)).toMatchObject({ events: 300, requests: 300 });
  });

  it("answers Logpush's check line (no request fields) as skipped, so the job can be created", async () => {
    const { drain, secret } = await drainFor("check-shop.example", "cloudflare_logpush");
    const res = await post(drain.id, await gzip('{"content":"test"}\n'), { Authorization: `Bearer ${secret}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lines: 1, skipped: 1, rejected: 0, reasons: { not_a_request: 1 } });
  });
});

describe("Vercel drain", () => {
  it("verifies x-vercel-signature over the raw body, counts each request once however many lines it logged", async () => {
    const { site, drain, secret } = await drainFor("vercel-shop.example", "vercel", "verify-abc123");
    const now = Date.now();
    const body = JSON.stringify([
      vercelLine({
        id: "1",
        requestId: "req-1",
        at: now - 5000,
        host: site.domain,
        path: "/products/lamp",
        ua: UA.chatgptUser,
      }),
      // The same request's function log line repeats its proxy record.
      vercelLine({
        id: "2",
        host: site.domain,
        requestId: "req-1",
        at: now - 5000,
        path: "/products/lamp",
        ua: UA.chatgptUser,
        source: "lambda",
        message: "rendered",
      }),
      {
        id: "3",
        source: "build",
        timestamp: now,
        projectId: "p",
        deploymentId: "d",
        host: "x.vercel.app",
        level: "info",
        message: "Build done",
      },
      vercelLine({
        id: "4",
        at: now - 4000,
        host: site.domain,
        path: "/_next/static/chunks/app.js",
        ua: UA.chatgptUser,
      }),
    ]);
    const res = await post(drain.id, body, { "x-vercel-signature": await vercelSignature(secret, body) });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-vercel-verify")).toBe("verify-abc123");
    expect(await res.json()).toMatchObject({
      lines: 4,
      accepted: 3,
      skipped: 1,
      rejected: 0,
      page_views: 2,
      agent_requests: 3,
      reasons: { not_a_request: 1 },
    });
    expect(await counts(site.id)).toEqual({ events: 1, requests: 2, sessions: 1 });

    const forged = await post(drain.id, body, { "x-vercel-signature": await vercelSignature("not-the-secret", body) });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: "invalid_signature" });
    expect((await post(drain.id, body)).status).toBe(401);
  });

  it("takes the NDJSON delivery too, and answers the endpoint check with x-vercel-verify", async () => {
    const { site, drain, secret } = await drainFor("vercel-nd-shop.example", "vercel", "verify-xyz");
    const body = ndjson([vercelLine({ id: "n1", at: Date.now() - 1000, host: site.domain, path: "/", ua: UA.gptbot })]);
    const res = await post(drain.id, body, { "x-vercel-signature": await vercelSignature(secret, body) });
    expect(await res.json()).toMatchObject({ lines: 1, accepted: 1, page_views: 1 });
    expect(await counts(site.id)).toMatchObject({ events: 1 });

    const check = await exports.default.fetch(`https://ingest.example/ingest/drains/${drain.id}`);
    expect(check.status).toBe(200);
    expect(check.headers.get("x-vercel-verify")).toBe("verify-xyz");
  });
});

describe("generic NDJSON drain", () => {
  it("reads /api/v1/events records; without an id a redelivered line is known by its content", async () => {
    const { site, drain, secret } = await drainFor("generic-shop.example", "ndjson");
    const now = Date.now();
    const body = ndjson([
      ndjsonLine({ at: now - 2000, domain: site.domain, path: "/", ua: UA.gptbot }),
      ndjsonLine({ at: now - 1000, domain: site.domain, path: "/style.css", type: "text/css", ua: UA.firefox }),
      ndjsonLine({ at: now - 500, domain: site.domain, path: "/faq", id: "fastly-req-77" }),
      { ...ndjsonLine({ at: now, domain: site.domain }), status: "ok" },
    ]);
    const auth = { Authorization: `Bearer ${secret}` };
    expect(await (await post(drain.id, body, auth)).json()).toMatchObject({
      lines: 4,
      accepted: 2,
      skipped: 1,
      rejected: 1,
      rejected_lines: [{ line: 4, code: "invalid_record" }],
    });
    expect(await (await post(drain.id, await gzip(body), auth)).json()).toMatchObject({ accepted: 2, duplicates: 2 });
    expect(await counts(site.id)).toEqual({ events: 2, requests: 1, sessions: 2 });
  });

  it("counts an imported log's lines of ten days ago (X-Log-Import) under that day's own salt, refuses them on a live delivery and past 90 days", async () => {
    const { site, drain, secret } = await drainFor("import-old.example", "ndjson");
    const now = Date.now();
    const old = Math.floor(now / (24 * HOUR_MS)) * 24 * HOUR_MS - 10 * 24 * HOUR_MS + 9 * HOUR_MS;
    const body = ndjson([
      ndjsonLine({ at: old, domain: site.domain, path: "/", ua: UA.gptbot }),
      ndjsonLine({ at: old + MINUTE_MS, domain: site.domain, path: "/faq", ua: UA.gptbot }),
      ndjsonLine({ at: old - 85 * 24 * HOUR_MS, domain: site.domain, path: "/older", ua: UA.gptbot }),
    ]);
    const auth = { Authorization: `Bearer ${secret}` };
    // A live drain's late lines stay refused: stale, nothing stored, no past salt minted.
    expect(await (await post(drain.id, body, auth)).json()).toMatchObject({
      accepted: 0,
      rejected: 3,
      reasons: { stale_timestamp: 3 },
    });
    expect(await counts(site.id)).toEqual({ events: 0, requests: 0, sessions: 0 });

    const imported = { ...auth, "X-Log-Import": "1" };
    expect(await (await post(drain.id, body, imported)).json()).toMatchObject({
      lines: 3,
      accepted: 2,
      rejected: 1,
      rejected_lines: [{ line: 3, code: "too_old" }],
    });
    // The two page views of one visitor are one session on that day; imported again, stored once.
    expect(await (await post(drain.id, await gzip(body), imported)).json()).toMatchObject({
      accepted: 2,
      duplicates: 2,
    });
    expect(await counts(site.id)).toEqual({ events: 2, requests: 2, sessions: 1 });
    const day = new Date(old).toISOString().slice(0, 10);
    const session = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      db.prepare("SELECT day, page_count FROM sessions").first<{ day: string; page_count: number }>(),
    );
    expect(session).toEqual({ day, page_count: 2 });
  });

  it("leaves humans to the snippet on a site where it is installed, and still keeps agents", async () => {
    const { site, drain, secret } = await drainFor("both-shop.example", "ndjson");
    await env.DB.prepare("UPDATE sites SET snippet_installed_at = ? WHERE id = ?")
      .bind(Date.now() - HOUR_MS, site.id)
      .run();
    const now = Date.now();
    const res = await post(
      drain.id,
      ndjson([
        ndjsonLine({ at: now - 2000, domain: site.domain, path: "/", ua: UA.firefox }),
        ndjsonLine({ at: now - 1000, domain: site.domain, path: "/", ua: UA.gptbot }),
      ]),
      { Authorization: `Bearer ${secret}` },
    );
    expect(await res.json()).toMatchObject({ accepted: 1, skipped: 1, reasons: { seen_by_snippet: 1 } });
    expect(await counts(site.id)).toEqual({ events: 1, requests: 1, sessions: 1 });
  });
});
