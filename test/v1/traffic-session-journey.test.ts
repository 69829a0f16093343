import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inShard } from "../helpers/shard";
import { freshKey, get, getJson, HOUR, insertSession, iso, seedSite } from "./traffic-fixtures";

async function insertEvent(
  ws: string,
  siteId: string,
  sessionId: string,
  e: { kind: string; at: number; url: string; target?: string; durationMs?: number },
) {
  await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
    db
      .prepare(
        `INSERT INTO ingest_events (id, site_id, workspace_id, session_id, kind, occurred_at, received_at, url, target, duration_ms, classification)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}')`,
      )
      .bind(
        crypto.randomUUID(),
        siteId,
        ws,
        sessionId,
        e.kind,
        e.at,
        e.at,
        e.url,
        e.target ?? null,
        e.durationMs ?? null,
      )
      .run(),
  );
}

describe("GET /api/v1/traffic/sessions/{session_id}", () => {
  it("returns the journey with pages and top interactions built from the session's events", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "journey.example");
    const t0 = Date.now() - 2 * HOUR;
    const id = await insertSession(key.workspaceId, siteId, {
      startedAt: t0,
      durationMs: 12_000,
      platform: "chatgpt",
      purpose: "user_action",
      tier: "verified",
      confidence: 0.95,
      signals: ["declared_user_agent", "signature_verified"],
      outcome: "abandoned",
      pageCount: 3,
      interactionCount: 3,
      entryUrl: "/",
      exitUrl: "/cart",
    });
    const ev = (kind: string, dt: number, url: string, extra: { target?: string; durationMs?: number } = {}) =>
      insertEvent(key.workspaceId, siteId, id, { kind, at: t0 + dt, url, ...extra });
    await ev("pageview", 0, "/");
    await ev("pageview", 3_000, "/p/a");
    await ev("add_to_cart", 5_000, "/p/a", { target: "sku-1" });
    await ev("interaction", 6_000, "/p/a", { target: "size-m" });
    await ev("interaction", 7_000, "/p/a", { target: "size-m" });
    await ev("leave", 11_000, "/p/a", { durationMs: 8_000 });
    await ev("pageview", 12_000, "/cart");

    const journey = await getJson(key, `/traffic/sessions/${id}`);
    expect(journey).toEqual({
      session_id: id,
      domain: "journey.example",
      agent_platform: "chatgpt",
      agent_confidence: 0.95,
      verification: "verified",
      detection_signals: ["declared_user_agent", "signature_verified"],
      // Acting for a person, from the fixture's desktop Chrome: an agentic browser.
      agent_kind: "agentic_browser",
      // No signer origin stored for this seeded session (a valid signature would name one).
      signer_origin: null,
      outcome: "abandoned",
      outcome_settled: true,
      started_at: iso(t0),
      ended_at: iso(t0 + 12_000),
      duration_ms: 12_000,
      page_count: 3,
      event_count: 6,
      entry_url: "/",
      exit_url: "/cart",
      pages: [
        // "/" had no leave: time until the next page view
        { url: "/", at: iso(t0), duration_ms: 3_000 },
        // "/p/a" reported 8 s on leave
        { url: "/p/a", at: iso(t0 + 3_000), duration_ms: 8_000 },
        // last page, no leave
        { url: "/cart", at: iso(t0 + 12_000), duration_ms: null },
      ],
      top_interactions: [
        { type: "interaction", target: "size-m", count: 2 },
        { type: "add_to_cart", target: "sku-1", count: 1 },
      ],
      browser: "Chrome",
      os: "Linux",
      device_type: "desktop",
      // Nothing reported on the seeded site (docs/reports.md "Coverage").
      data_coverage: expect.objectContaining({ kind: "none", snippet: false, server_side: false, drains: [] }),
    });
  });

  it("gives an open session its outcome so far and says it is not settled", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "open.example");
    const id = await insertSession(key.workspaceId, siteId, {
      startedAt: Date.now() - 60_000,
      platform: "claude",
      outcome: null,
      reachedCart: true,
    });
    const j = await getJson<{ outcome: string; outcome_settled: boolean; pages: unknown[] }>(
      key,
      `/traffic/sessions/${id}`,
    );
    expect([j.outcome, j.outcome_settled, j.pages]).toEqual(["abandoned", false, []]);
  });

  it("answers 404 session_not_found for another workspace's session, a human session and an unknown id alike", async () => {
    const owner = await freshKey();
    const stranger = await freshKey();
    const siteId = await seedSite(owner.workspaceId, "private.example");
    const agent = await insertSession(owner.workspaceId, siteId, { startedAt: Date.now() - HOUR, platform: "chatgpt" });
    const human = await insertSession(owner.workspaceId, siteId, { startedAt: Date.now() - HOUR });
    expect((await get(owner, `/traffic/sessions/${agent}`)).status).toBe(200);
    const attempts: Array<[typeof owner, string]> = [
      [stranger, agent],
      [owner, human],
      [owner, crypto.randomUUID()],
    ];
    const bodies: unknown[] = [];
    for (const [key, id] of attempts) {
      const res = await get(key, `/traffic/sessions/${id}`);
      expect(res.status).toBe(404);
      bodies.push(await res.json());
    }
    expect(bodies.map((b) => (b as { code: string }).code)).toEqual(Array(3).fill("session_not_found"));
    // Indistinguishable: the same message whichever case it was.
    expect(new Set(bodies.map((b) => (b as { error: string }).error)).size).toBe(1);
    const long = await get(owner, `/traffic/sessions/${"x".repeat(65)}`);
    expect([long.status, ((await long.json()) as { code: string }).code]).toEqual([400, "invalid_request"]);
  });
});
