import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordRescanScore } from "../../shared/monitors/record-rescan-score";

async function monitor(id: string, domain: string, lastScore: number | null) {
  await env.DB.prepare("INSERT OR IGNORE INTO workspaces (id, name, created_at) VALUES ('ws_u', 'ws_u', 0)").run();
  await env.DB.prepare(
    "INSERT INTO monitors (id, workspace_id, domain, webhook_url, secret_sealed, created_at, last_score) VALUES (?, 'ws_u', ?, ?, 'x', 0, ?)",
  )
    .bind(id, domain, `https://hooks.example.com/${id}`, lastScore)
    .run();
}

const scoreOf = async (id: string) =>
  (await env.DB.prepare("SELECT last_score FROM monitors WHERE id = ?").bind(id).first<{ last_score: number | null }>())
    ?.last_score;

const deliveriesOf = async (id: string) =>
  (
    await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE monitor_id = ?")
      .bind(id)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload));

describe("recording a rescan's score", () => {
  it("sets a missing baseline silently, announces a move per monitor with its own old score, and ignores an equal score", async () => {
    await monitor("m_new", "a.example.com", null);
    await monitor("m_50", "a.example.com", 50);
    await monitor("m_62", "a.example.com", 62);
    const at = Date.UTC(2026, 10, 22, 8, 40);
    const created = await recordRescanScore(env.DB, "a.example.com", 62, at, {
      scanId: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
      baseUrl: "https://agents.example",
    });

    expect(created.map((d) => d.monitorId)).toEqual(["m_50"]);
    expect(await scoreOf("m_new")).toBe(62);
    expect(await scoreOf("m_50")).toBe(62);
    expect(await deliveriesOf("m_new")).toEqual([]);
    expect(await deliveriesOf("m_62")).toEqual([]);
    expect(await deliveriesOf("m_50")).toEqual([
      {
        event: "score.changed",
        domain: "a.example.com",
        oldScore: 50,
        newScore: 62,
        timestamp: "2026-11-22T08:40:00.000Z",
        scanId: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
        scanUrl: "https://agents.example/api/scan/0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
        // No changes given (a domain without an earlier scan): null, never absent.
        changes: null,
      },
    ]);
  });

  it("announces one change once when two rescans of the domain race", async () => {
    await monitor("m_race", "race.example.com", 40);
    const [a, b] = await Promise.all([
      recordRescanScore(env.DB, "race.example.com", 45, 1),
      recordRescanScore(env.DB, "race.example.com", 45, 2),
    ]);
    expect(a.length + b.length).toBe(1);
    expect(await deliveriesOf("m_race")).toHaveLength(1);
    expect(await scoreOf("m_race")).toBe(45);
  });
});
