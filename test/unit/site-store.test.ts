import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { findSiteByToken, findSitesByDomains } from "../../shared/sites/site-store";
import { seedSite } from "../helpers/seed";

// shared/sites/site-store.ts: the reads of the `sites` table by domain (many at once)
// and by public token.

describe("findSitesByDomains", () => {
  it("finds the workspace's sites among 150 named domains in one read, and never another workspace's", async () => {
    const mine = await seedSite(env.DB, { domain: "a.store.example" });
    await seedSite(env.DB, { domain: "b.store.example", workspaceId: mine.workspaceId });
    await seedSite(env.DB, { domain: "c.store.example" }); // another workspace
    // 150 names: more than D1's 100 bound values, were each domain a placeholder.
    const asked = [
      "a.store.example",
      "b.store.example",
      "c.store.example",
      ...Array.from({ length: 147 }, (_, i) => `n${i}.example`),
    ];
    const found = await findSitesByDomains(database(env.DB), mine.workspaceId, asked);
    expect([...found.keys()].sort()).toEqual(["a.store.example", "b.store.example"]);
    expect(found.get("a.store.example")?.id).toBe(mine.id);
    expect((await findSitesByDomains(database(env.DB), mine.workspaceId, [])).size).toBe(0);
  });
});

describe("findSiteByToken", () => {
  it("finds the site owning a public token, and nothing for an unknown one", async () => {
    const site = await seedSite(env.DB, { domain: "token.store.example" });
    expect(await findSiteByToken(database(env.DB), site.token)).toMatchObject({
      id: site.id,
      workspaceId: site.workspaceId,
      domain: "token.store.example",
    });
    expect(await findSiteByToken(database(env.DB), "pt_unknown")).toBeNull();
  });
});
