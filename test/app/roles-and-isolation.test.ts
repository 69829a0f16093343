import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findActiveKey } from "../../shared/auth/key-repository";
import { database } from "../../shared/db/client";
import { elementText, FormClient, uniqueEmail } from "./form-client";

async function ownerWithKey() {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("owner"));
  await owner.get("/app/settings/api-keys");
  const created = await owner.submit("/app/settings/api-keys", { name: "Owner key", preset: "full" });
  const keyId = /data-key-id="([^"]+)"/.exec(created.html)?.[1] as string;
  return { owner, keyId, key: elementText(created.html, "new-key") as string };
}

async function invite(owner: FormClient, role: string): Promise<string> {
  await owner.get("/app/settings/members");
  const res = await owner.submit("/app/settings/members/invites", { role });
  expect(res.postStatus).toBe(303);
  const link = elementText(res.html, "invite-link") as string;
  return new URL(link).pathname;
}

describe("roles and workspaces", () => {
  it("a member joins by invitation link, sees the keys but cannot create or revoke them", async () => {
    const { owner, keyId, key } = await ownerWithKey();
    const path = await invite(owner, "member");
    const member = new FormClient();
    const landing = await member.get(path);
    expect(landing.html).toContain("You are invited to");
    const joined = await member.post("/app/sign-up", {
      email: uniqueEmail("member"),
      password: "another long password",
      invite: path.split("/").at(-1) as string,
    });
    expect(joined.status).toBe(303);

    const page = await member.get("/app/settings/api-keys");
    expect(page.html).toContain("Owner key");
    expect(page.html).toContain("read-only");
    expect(page.html).not.toContain("Create key");
    expect(page.html).not.toContain(">Revoke<");

    const create = await member.post("/app/settings/api-keys", { name: "sneaky", preset: "full" });
    expect(create.status).toBe(403);
    expect((await member.get(`/app/settings/api-keys/${keyId}/revoke`)).status).toBe(403);
    await member.get("/app/settings/api-keys");
    expect((await member.post(`/app/settings/api-keys/${keyId}/revoke`, {})).status).toBe(403);
    expect(await findActiveKey(database(env.DB), key)).not.toBeNull();
    // The link was single use.
    expect((await new FormClient().get(path)).status).toBe(404);
  });

  it("an admin may revoke; a user of another workspace sees none of the keys and cannot touch them", async () => {
    const { owner, keyId, key } = await ownerWithKey();
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("stranger"));
    const page = await stranger.get("/app/settings/api-keys");
    expect(page.html).not.toContain("Owner key");
    expect(page.html).not.toContain(keyId);
    expect((await stranger.get(`/app/settings/api-keys/${keyId}/revoke`)).status).toBe(404);
    await stranger.get("/app/settings/api-keys");
    expect((await stranger.post(`/app/settings/api-keys/${keyId}/revoke`, {})).status).toBe(404);
    expect(await findActiveKey(database(env.DB), key)).not.toBeNull();

    // Switching to a workspace one does not belong to is refused.
    const ownerWorkspace = /<option value="([^"]+)" selected/.exec((await owner.get("/app")).html)?.[1] as string;
    await stranger.get("/app");
    expect((await stranger.post("/app/workspaces/switch", { workspace_id: ownerWorkspace })).status).toBe(404);

    const path = await invite(owner, "admin");
    const admin = new FormClient();
    await admin.get(path);
    await admin.post("/app/sign-up", {
      email: uniqueEmail("admin"),
      password: "admin long password",
      invite: path.split("/").at(-1) as string,
    });
    await admin.get(`/app/settings/api-keys/${keyId}/revoke`);
    expect((await admin.post(`/app/settings/api-keys/${keyId}/revoke`, {})).status).toBe(303);
    expect(await findActiveKey(database(env.DB), key)).toBeNull();
  });

  it("a user in two workspaces switches between them and sees each one's keys", async () => {
    const { owner } = await ownerWithKey();
    await owner.get("/app/workspaces/new");
    expect((await owner.post("/app/workspaces", { name: `Second ${Math.random()}` })).status).toBe(303);
    const second = await owner.get("/app/settings/api-keys");
    expect(second.html).not.toContain("Owner key");
    const first = /<option value="([^"]+)">/.exec(second.html)?.[1] as string;
    expect((await owner.post("/app/workspaces/switch", { workspace_id: first })).status).toBe(303);
    expect((await owner.get("/app/settings/api-keys")).html).toContain("Owner key");
  });
});
