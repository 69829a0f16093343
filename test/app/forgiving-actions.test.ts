import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findActiveKey } from "../../shared/auth/key-repository";
import { recordConversions } from "../../shared/conversions/record-conversions";
import { database } from "../../shared/db/client";
import { SITES_PER_WORKSPACE } from "../../shared/sites/site-limits";
import { elementText, FormClient, uniqueEmail } from "./form-client";

// Issue 25 #7-#9, #11 and issue 24's ceiling bug, through the app's own forms: every
// POST answers 303 and a reload repeats nothing, a secret is shown once, irreversible
// actions are confirmed first, and sites and monitors can be renamed and removed.

async function owner(label: string) {
  const client = new FormClient();
  const email = uniqueEmail(label);
  await client.signUp(email);
  const row = await env.DB.prepare(
    "SELECT m.workspace_id AS id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ?",
  )
    .bind(email)
    .first<{ id: string }>();
  return { client, email, workspaceId: row?.id as string };
}

const count = async (sql: string, ...binds: unknown[]) =>
  (
    (await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()) ?? { n: -1 }
  ).n;

describe("Post/Redirect/Get and one-time secrets", () => {
  it("shows a new key once after the redirect; reloading that page creates no key and shows none", async () => {
    const { client, workspaceId } = await owner("prg-key");
    await client.get("/app/settings/api-keys");
    const shown = await client.submit("/app/settings/api-keys", {
      name: "Backend",
      scopes: ["sites:write", "traffic:read"],
    });
    expect(shown.postStatus).toBe(303);
    expect(shown.location).toMatch(/^\/app\/w\/ws_\w+\/settings\/api-keys\?flash=[0-9A-Za-z]{43}$/);
    const key = elementText(shown.html, "new-key") as string;
    expect(key).toMatch(/^ar_live_/);
    expect(shown.headers.get("Cache-Control")).toBe("no-store");

    const reload = await client.get(shown.location as string);
    expect(reload.status).toBe(200);
    expect(reload.html).not.toContain(key);
    expect(elementText(reload.html, "new-key")).toBeNull();
    expect(await count("SELECT count(*) AS n FROM api_keys WHERE workspace_id = ?", workspaceId)).toBe(1);
    // The flash table keeps neither the token nor the key in clear.
    const rows = await env.DB.prepare("SELECT id, sealed FROM app_flashes").all<{ id: string; sealed: string }>();
    expect(JSON.stringify(rows.results)).not.toContain(key);
  });

  it("a flash is readable only by the session that made it", async () => {
    const { client, email } = await owner("prg-owner");
    await client.get("/app/settings/api-keys");
    const posted = await client.post("/app/settings/api-keys", { name: "Mine", scopes: "traffic:read" });
    expect(posted.status).toBe(303);
    const { client: other } = await owner("prg-thief");
    // The flash's address is in the owner's workspace: another user finds nothing there.
    const stolen = await other.get(posted.location as string);
    expect(stolen.status).toBe(404);
    // A second session of the owner's own account gets nothing from it either.
    const secondSession = new FormClient();
    await secondSession.signIn(email);
    const again = await secondSession.get(posted.location as string);
    expect(again.status).toBe(200);
    expect(elementText(again.html, "new-key")).toBeNull();
    expect(elementText(stolen.html, "new-key")).toBeNull();
    // ...and the owner still sees it (the thief's attempt did not consume it).
    expect(elementText((await client.get(posted.location as string)).html, "new-key")).toMatch(/^ar_live_/);
  });

  it("shows a new monitor's signing secret once; a reload shows the list without it", async () => {
    const { client, workspaceId } = await owner("prg-monitor");
    await client.get("/app/monitors");
    const created = await client.submit("/app/monitors", {
      domain: "prg-monitored.example",
      webhook_url: "https://hooks.example.com/prg",
    });
    expect(created.postStatus).toBe(303);
    const secret = elementText(created.html, "new-secret") as string;
    expect(secret).toMatch(/^whsec_/);
    const reload = await client.get(created.location as string);
    expect(reload.html).not.toContain(secret);
    expect(await count("SELECT count(*) AS n FROM monitors WHERE workspace_id = ?", workspaceId)).toBe(1);
  });
});

describe("API key scopes: the ticks are the one control", () => {
  it("creates the key with exactly the ticked scopes, and refuses ticks that contradict a named preset", async () => {
    const { client } = await owner("ticks");
    await client.get("/app/settings/api-keys");
    const page = await client.get("/app/settings/api-keys");
    expect(page.html).not.toContain('name="preset"');
    // Provisioning is ticked by default, and each preset button names its ticks.
    expect(page.html).toMatch(/name="scopes" value="sites:write" checked/);
    expect(page.html).toContain('data-fill-scopes="sites:write traffic:read"');

    const ticked = await client.submit("/app/settings/api-keys", { name: "Events", scopes: ["events:write"] });
    const key = elementText(ticked.html, "new-key") as string;
    expect((await findActiveKey(database(env.DB), key))?.scopes).toEqual(["events:write"]);

    await client.get("/app/settings/api-keys");
    const conflict = await client.post("/app/settings/api-keys", {
      name: "Mixed",
      preset: "provisioning",
      scopes: ["events:write"],
    });
    expect(conflict.status).toBe(400);
    expect(conflict.html).toContain("are not the provisioning preset");
    // The refused form keeps the ticks as they were.
    expect(conflict.html).toMatch(/name="scopes" value="events:write" checked/);
    expect(conflict.html).not.toMatch(/name="scopes" value="sites:write" checked/);
  });
});

describe("Void asks first", () => {
  it("the Void button opens a confirmation page; only its POST voids, once", async () => {
    const { client, workspaceId } = await owner("void");
    const recorded = await recordConversions(
      database(env.DB),
      workspaceId,
      [{ external_id: "order-77", value_minor: 4990, currency: "EUR", occurred_at: new Date().toISOString() }],
      Date.now(),
    );
    expect(recorded.results[0]?.status).toBe("accepted");
    const list = await client.get("/app/conversions");
    expect(list.html).toContain(`<form method="get" action="${client.here("/app/conversions")}/order-77/void">`);
    expect(list.html).not.toMatch(/method="post" action="[^"]*\/conversions[^"]*void"/);

    const confirm = await client.get("/app/conversions/order-77/void");
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Confirm void");
    const voidedAt = "SELECT voided_at AS n FROM conversions WHERE workspace_id = ? AND external_id = 'order-77'";
    expect(await count(voidedAt, workspaceId)).toBeNull();

    const done = await client.submit("/app/conversions/order-77/void", {});
    expect(done.postStatus).toBe(303);
    expect(done.html).toContain("Order order-77 voided");
    expect(await count(voidedAt, workspaceId)).toBeGreaterThan(0);
    // The old one-click endpoint is gone.
    await client.get("/app/conversions");
    expect((await client.post("/app/conversions/void", { external_id: "order-77" })).status).toBe(404);
  });
});

describe("sites: the ceiling, rename and delete", () => {
  it("at the 1,000-site ceiling, Add site says the workspace is full and creates nothing", async () => {
    const { client, workspaceId } = await owner("ceiling");
    await env.DB.prepare(
      `INSERT INTO sites (id, workspace_id, domain, name, public_token, coverage, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       SELECT 'site_fill' || ?1 || i, ?1, 'fill' || i || '.example', 'fill', 'pt_fill' || ?1 || i, 'all_traffic', 0 FROM n`,
    )
      .bind(workspaceId, SITES_PER_WORKSPACE)
      .run();
    await client.get("/app/sites");
    const refused = await client.post("/app/sites", { domain: "one-too-many.example", name: "" });
    expect(refused.status).toBe(403);
    expect(refused.location).toBeNull();
    expect(refused.html).toContain('role="alert"');
    expect(refused.html).toContain("1000 sites, the ceiling");
    expect(await count("SELECT count(*) AS n FROM sites WHERE workspace_id = ?", workspaceId)).toBe(
      SITES_PER_WORKSPACE,
    );
    expect((await client.get("/app/sites/one-too-many.example")).status).toBe(404);
  });

  it("renames a site (not its domain) and deletes it after a confirmation page", async () => {
    const { client, workspaceId } = await owner("site-admin");
    await client.get("/app/sites");
    expect((await client.post("/app/sites", { domain: "renamed.example", name: "Old" })).status).toBe(303);
    await client.get("/app/sites/renamed.example");
    const renamed = await client.submit("/app/sites/renamed.example/name", { name: "New name" });
    expect(renamed.postStatus).toBe(303);
    expect(renamed.html).toContain("Renamed to “New name”");
    expect(renamed.html).toContain('value="New name"');

    const confirm = await client.get("/app/sites/renamed.example/delete");
    expect(confirm.html).toContain("Confirm delete");
    expect(await count("SELECT count(*) AS n FROM sites WHERE workspace_id = ?", workspaceId)).toBe(1);
    const deleted = await client.submit("/app/sites/renamed.example/delete", {});
    expect(deleted.location).toMatch(/^\/app\/w\/ws_\w+\/sites\?flash=/);
    expect(deleted.html).toContain("renamed.example and its traffic were deleted");
    expect(await count("SELECT count(*) AS n FROM sites WHERE workspace_id = ?", workspaceId)).toBe(0);
    expect((await client.get("/app/sites/renamed.example")).status).toBe(404);
  });
});

describe("monitors: delete", () => {
  it("deletes a monitor after a confirmation page; another workspace gets 404", async () => {
    const { client, workspaceId } = await owner("mon-delete");
    await client.get("/app/monitors");
    const created = await client.submit("/app/monitors", {
      domain: "deleted-monitor.example",
      webhook_url: "https://hooks.example.com/del",
    });
    const id = /data-monitor="([^"]+)"/.exec(created.html)?.[1] as string;
    expect(created.html).toContain(`action="${client.here("/app/monitors")}/${id}/delete"`);

    const { client: stranger } = await owner("mon-stranger");
    expect((await stranger.get(`/app/monitors/${id}/delete`)).status).toBe(404);

    const confirm = await client.get(`/app/monitors/${id}/delete`);
    expect(confirm.html).toContain("Confirm delete");
    const deleted = await client.submit(`/app/monitors/${id}/delete`, {});
    expect(deleted.postStatus).toBe(303);
    expect(deleted.html).toContain("Monitor of deleted-monitor.example deleted");
    expect(await count("SELECT count(*) AS n FROM monitors WHERE workspace_id = ?", workspaceId)).toBe(0);
  });
});
