import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sites, workspaces } from "../../schema";
import { database } from "../../shared/db/client";

describe("D1 through drizzle", () => {
  it("writes and reads rows of the migrated schema", async () => {
    const db = database(env.DB);
    await db.insert(workspaces).values({ id: "ws_1", name: "acme", createdAt: 1 });
    await db.insert(sites).values({
      id: "site_1",
      workspaceId: "ws_1",
      domain: "shop.example",
      name: "Shop",
      publicToken: "pt_1",
      createdAt: 2,
    });
    const [site] = await db.select().from(sites).where(eq(sites.workspaceId, "ws_1"));
    expect(site).toMatchObject({ domain: "shop.example", coverage: "all_traffic", lastEventAt: null });
  });

  it("enforces one site per normalised domain per workspace", async () => {
    const db = database(env.DB);
    await db.insert(workspaces).values({ id: "ws_2", name: "beta", createdAt: 1 });
    const row = { workspaceId: "ws_2", domain: "dup.example", name: "D", createdAt: 1 };
    await db.insert(sites).values({ ...row, id: "a", publicToken: "pa" });
    await expect(db.insert(sites).values({ ...row, id: "b", publicToken: "pb" })).rejects.toThrow();
  });
});
