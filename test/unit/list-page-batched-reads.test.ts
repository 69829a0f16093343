import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { installCheck, installChecks } from "../../shared/sessions/install-check";
import { seedSite } from "../helpers/seed";

const BASE = "https://service.example";
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

describe("install checks of several sites in one read", () => {
  it("equals the single-site install check for each domain, only the workspace's own", async () => {
    const quiet = await seedSite(env.DB, { domain: "quiet.install.example" });
    const live = await seedSite(env.DB, { domain: "live.install.example", workspaceId: quiet.workspaceId });
    const foreign = await seedSite(env.DB, { domain: "foreign.install.example" });
    await env.DB.prepare("UPDATE sites SET last_accept_at = ?, last_event_at = ? WHERE id = ?")
      .bind(NOW - HOUR, NOW - HOUR, live.id)
      .run();
    const domains = [quiet.domain, live.domain, foreign.domain];
    const got = await installChecks(env.DB, quiet.workspaceId, domains, BASE, NOW);
    expect([...got.keys()].sort()).toEqual([live.domain, quiet.domain]);
    expect(got.get(live.domain)?.status).toBe("receiving");
    expect(got.get(quiet.domain)?.status).toBe("awaiting_first_event");
    for (const d of [quiet.domain, live.domain]) {
      expect(got.get(d)).toEqual(await installCheck(env.DB, quiet.workspaceId, d, BASE, NOW));
    }
    expect(await installCheck(env.DB, quiet.workspaceId, foreign.domain, BASE, NOW)).toBeNull();
  });
});
