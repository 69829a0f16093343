import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedSite } from "../helpers/seed";
import { completeOf, postScan } from "./scan-client";

describe("a scan feeds the robots.txt history", () => {
  it("keeps the robots.txt a scan fetched for a registered domain, and nothing for an unregistered one", async () => {
    await seedSite(env.DB, { domain: "good-shop.test" });
    completeOf((await postScan("good-shop.test", "192.0.2.90")).events);
    const kept = await env.DB.prepare(
      "SELECT kind, status, body, seen_count FROM robots_versions WHERE domain = 'good-shop.test'",
    ).all<{ kind: string; status: number; body: string; seen_count: number }>();
    expect(kept.results).toHaveLength(1);
    expect(kept.results[0]).toMatchObject({ kind: "rules", status: 200, seen_count: 1 });
    expect(kept.results[0].body.toLowerCase()).toContain("user-agent");
    const check = await env.DB.prepare(
      "SELECT status, error FROM robots_checks WHERE domain = 'good-shop.test'",
    ).first();
    expect(check).toEqual({ status: 200, error: null });

    completeOf((await postScan("js-shell.test", "192.0.2.91")).events);
    const none = await env.DB.prepare(
      "SELECT count(*) AS n FROM robots_versions WHERE domain = 'js-shell.test'",
    ).first();
    expect(none).toEqual({ n: 0 });
  });
});
