import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey } from "../helpers/api-keys";
import { seedSite } from "../helpers/seed";

const post = (body: unknown, headers: Record<string, string>) =>
  exports.default.fetch("https://api.example/api/v1/events", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("POST /api/v1/events", () => {
  it("accepts records for the workspace's sites and rejects the rest per item", async () => {
    const k = await createTestKey(env, { workspace: "events-ws", scopes: ["events:write"] });
    await seedSite(env.DB, { domain: "edge.example", workspaceId: k.workspaceId });
    const now = new Date().toISOString();
    const res = await post(
      {
        events: [
          {
            timestamp: now,
            domain: "edge.example",
            path: "/",
            method: "GET",
            status: 200,
            user_agent: "ClaudeBot/1.0",
            ip: "203.0.113.7",
          },
          { timestamp: now, domain: "unknown.example", path: "/", method: "GET", status: 200 },
          { timestamp: now, domain: "edge.example", path: "/", method: "GET", status: 200, ip: "999.1.1.1" },
        ],
      },
      k.headers,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      received: number;
      accepted: number;
      rejected: number;
      results: { status: string; error?: { code: string } }[];
    };
    expect(body).toMatchObject({ received: 3, accepted: 1, rejected: 2 });
    expect(body.results.map((r) => r.error?.code ?? r.status)).toEqual([
      "accepted",
      "site_not_found",
      "invalid_request",
    ]);
  });

  it("requires events:write, and bounds the batch to 1-500 records", async () => {
    const reader = await createTestKey(env, { workspace: "events-ws2", scopes: ["traffic:read"] });
    expect((await post({ events: [{}] }, reader.headers)).status).toBe(403);
    expect((await post({ events: [{}] }, {})).status).toBe(401);
    const writer = await createTestKey(env, { workspace: "events-ws2", scopes: ["events:write"] });
    const empty = await post({ events: [] }, writer.headers);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "invalid_request" });
    const tooMany = await post({ events: Array.from({ length: 501 }, () => ({})) }, writer.headers);
    expect(tooMany.status).toBe(400);
  });
});
