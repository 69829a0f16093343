import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { snippetBuild } from "../../workers/ingest/snippet/snippet-build.generated";
import { inShard } from "../helpers/shard";
import { seedSite } from "./helpers";

const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";

function beacon(body: unknown, headers: Record<string, string> = {}) {
  return exports.default.fetch("https://ingest.example/ingest/e", {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function waitFor<T>(read: () => Promise<T | null | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function sessionsOf(siteId: string) {
  const { results } = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
    db
      .prepare("SELECT * FROM sessions WHERE site_id = ? ORDER BY started_at")
      .bind(siteId)
      .all<Record<string, unknown>>(),
  );
  return results;
}

describe("beacon endpoint", () => {
  it("accepts a page view from the registered origin and rolls it into a session via the queue", async () => {
    const site = await seedSite("shop-a.example");
    const res = await beacon(
      {
        s: site.token,
        k: "pageview",
        u: "https://www.shop-a.example/products/1?utm_source=chatgpt.com",
        r: "https://chatgpt.com/",
      },
      {
        Origin: "https://www.shop-a.example",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
        "CF-Connecting-IP": "198.51.100.23",
      },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("https://www.shop-a.example");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const [session] = await waitFor(async () => {
      const rows = await sessionsOf(site.id);
      return rows.length ? rows : null;
    }, "session");
    expect(session).toMatchObject({
      entry_url: "/products/1",
      page_count: 1,
      event_count: 1,
      agent_platform: null,
      source: "ai_assistant_link",
      sub_source: "chatgpt",
      browser: "Firefox",
    });
    const row = await env.DB.prepare("SELECT last_accept_at, snippet_installed_at FROM sites WHERE id = ?")
      .bind(site.id)
      .first<{ last_accept_at: number; snippet_installed_at: number }>();
    expect(row?.last_accept_at).toBeGreaterThan(0);
    expect(row?.snippet_installed_at).toBeGreaterThan(0);
  });

  it("classifies a ChatGPT-User visit as chatgpt / user_action / declared, and verified inside the published range", async () => {
    const site = await seedSite("shop-b.example");
    const send = (ip: string) =>
      beacon(
        { s: site.token, k: "pageview", u: "https://shop-b.example/" },
        { Origin: "https://shop-b.example", "User-Agent": CHATGPT_USER, "CF-Connecting-IP": ip },
      );
    expect((await send("203.0.113.50")).status).toBe(202);
    // 23.98.142.180 lies in the bundled ChatGPT-User range 23.98.142.176/28.
    expect((await send("23.98.142.180")).status).toBe(202);
    const rows = await waitFor(async () => {
      const r = await sessionsOf(site.id);
      return r.length === 2 ? r : null;
    }, "two sessions");
    const tiers = rows.map((r) => [r.agent_platform, r.purpose, r.tier, r.source, r.detection_signals]).sort();
    expect(tiers).toEqual([
      ["chatgpt", "user_action", "declared", "ai_assistant_session", '["declared_user_agent","verification_failed"]'],
      ["chatgpt", "user_action", "verified", "ai_assistant_session", '["declared_user_agent","known_ip_range"]'],
    ]);
  });

  it("never writes the raw client IP to D1", async () => {
    const site = await seedSite("shop-c.example");
    const ip = "192.0.2.171";
    await beacon(
      { s: site.token, k: "pageview", u: "https://shop-c.example/x" },
      { Origin: "https://shop-c.example", "CF-Connecting-IP": ip, "User-Agent": "UA" },
    );
    await waitFor(async () => ((await sessionsOf(site.id)).length ? true : null), "session");
    const { results: sites } = await env.DB.prepare("SELECT * FROM sites").all();
    expect(JSON.stringify(sites), "sites").not.toContain("192.0.2");
    for (const table of ["sessions", "ingest_events", "traffic_daily", "entry_pages_daily", "visitors_daily"]) {
      const { results } = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
        db.prepare(`SELECT * FROM ${table}`).all(),
      );
      expect(JSON.stringify(results), table).not.toContain("192.0.2");
    }
  });

  it("refuses a foreign Origin and an unknown token with the same answer, recording only the known site's refusal", async () => {
    const site = await seedSite("shop-d.example");
    const foreign = await beacon(
      { s: site.token, k: "pageview", u: "https://shop-d.example/" },
      { Origin: "https://evil.example" },
    );
    const unknown = await beacon(
      { s: "pt_doesnotexist", k: "pageview", u: "https://shop-d.example/" },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(unknown.status).toBe(403);
    expect(await foreign.json()).toEqual(await unknown.json());
    expect(foreign.headers.get("Access-Control-Allow-Origin")).toBe(unknown.headers.get("Access-Control-Allow-Origin"));
    // The refusal is recorded after the answer (waitUntil).
    const row = await waitFor(
      () =>
        env.DB.prepare(
          "SELECT last_reject_reason, last_reject_origin FROM sites WHERE id = ? AND last_reject_at IS NOT NULL",
        )
          .bind(site.id)
          .first<{ last_reject_reason: string; last_reject_origin: string }>(),
      "recorded refusal",
    );
    expect(row).toMatchObject({ last_reject_reason: "origin_mismatch", last_reject_origin: "https://evil.example" });
  });

  it("refuses http, other ports, lookalike hosts and a missing Origin", async () => {
    const site = await seedSite("shop-e.example");
    for (const origin of [
      "http://shop-e.example",
      "https://shop-e.example:8443",
      "https://shop-e.example.evil.example",
      "https://xshop-e.example",
      null,
    ]) {
      const headers: Record<string, string> = origin ? { Origin: origin } : {};
      const res = await beacon({ s: site.token, k: "pageview", u: "https://shop-e.example/" }, headers);
      expect(res.status, String(origin)).toBe(403);
    }
    const row = await waitFor(
      () =>
        env.DB.prepare("SELECT last_reject_reason FROM sites WHERE id = ? AND last_reject_at IS NOT NULL")
          .bind(site.id)
          .first<{ last_reject_reason: string }>(),
      "recorded refusal",
    );
    expect(["missing_origin", "origin_mismatch"]).toContain(row?.last_reject_reason);
  });

  it("answers bad bodies with 400 invalid_request naming the field, and oversized ones with 413", async () => {
    const site = await seedSite("shop-f.example");
    const origin = { Origin: "https://shop-f.example" };
    const notJson = await beacon("{nope", origin);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: "invalid_request" });
    const badKind = await beacon({ s: site.token, k: "explode", u: "https://shop-f.example/" }, origin);
    expect(badKind.status).toBe(400);
    const body = (await badKind.json()) as { code: string; details: { field: string }[] };
    expect(body.details.map((d) => d.field)).toContain("json.k");
    const extra = await beacon({ s: site.token, k: "pageview", u: "https://shop-f.example/", ip: "1.2.3.4" }, origin);
    expect(extra.status).toBe(400);
    const big = await beacon({ s: site.token, k: "pageview", u: `https://shop-f.example/${"a".repeat(5000)}` }, origin);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("drops a page URL on another host without recording it", async () => {
    const site = await seedSite("shop-g.example");
    const res = await beacon(
      { s: site.token, k: "pageview", u: "https://elsewhere.example/" },
      { Origin: "https://shop-g.example" },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: false, reason: "foreign_host" });
  });

  it("answers CORS preflight for fetch-based senders", async () => {
    const res = await exports.default.fetch("https://ingest.example/ingest/e", {
      method: "OPTIONS",
      headers: {
        Origin: "https://shop.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("https://shop.example");
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(res.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });
});

describe("snippet script", () => {
  it("serves the moving alias with a short cache and the versioned file as immutable with its integrity", async () => {
    const alias = await exports.default.fetch("https://ingest.example/sdk/v1/agent.js");
    expect(alias.status).toBe(200);
    expect(alias.headers.get("Content-Type")).toContain("javascript");
    expect(alias.headers.get("Cache-Control")).toBe("public, max-age=300");
    const code = await alias.text();
    const pinned = await exports.default.fetch(`https://ingest.example/sdk/v1/agent.${snippetBuild.version}.js`);
    expect(pinned.headers.get("Cache-Control")).toContain("immutable");
    expect(await pinned.text()).toBe(code);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code)));
    expect(`sha256-${btoa(String.fromCharCode(...digest))}`).toBe(snippetBuild.integrity);
    expect(pinned.headers.get("X-Snippet-Integrity")).toBe(snippetBuild.integrity);
    expect((await exports.default.fetch("https://ingest.example/sdk/v1/agent.0000.js")).status).toBe(404);
  });

  it("contains no storage, cookie or fingerprinting API", async () => {
    const code = await (await exports.default.fetch("https://ingest.example/sdk/v1/agent.js")).text();
    for (const api of [
      "cookie",
      "localStorage",
      "sessionStorage",
      "indexedDB",
      "toDataURL",
      "getContext",
      "AudioContext",
      "fonts",
    ]) {
      expect(code, api).not.toContain(api);
    }
  });
});
