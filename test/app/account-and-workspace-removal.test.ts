import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { findActiveKey } from "../../shared/auth/key-repository";
import { database } from "../../shared/db/client";
import { seedSite } from "../helpers/seed";
import { elementText, FormClient, uniqueEmail } from "./form-client";

const PASSWORD = "correct horse battery";
const MEMBERS = "/app/settings/members";

function one<T>(sql: string, ...params: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
}

async function newestMailTo(address: string): Promise<string> {
  return vi.waitFor(async () => {
    const row = await one<{ text: string }>(
      "SELECT text FROM local_mailbox WHERE to_address = ? ORDER BY sent_at DESC LIMIT 1",
      address,
    );
    if (!row) throw new Error("no mail yet");
    return row.text;
  });
}

async function ownerWithKey() {
  const owner = new FormClient();
  const email = uniqueEmail("ws-owner");
  await owner.signUp(email);
  await owner.get("/app/settings/api-keys");
  const created = await owner.submit("/app/settings/api-keys", { name: "k", preset: "full" });
  const key = elementText(created.html, "new-key") as string;
  const row = await one<{ workspace_id: string }>(
    "SELECT workspace_id FROM memberships WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    email,
  );
  return { owner, email, key, workspaceId: row?.workspace_id as string };
}

describe("renaming and deleting a workspace (owners only)", () => {
  it("an owner renames the workspace; an admin may not", async () => {
    const { owner } = await ownerWithKey();
    const page = await owner.get("/app/settings/workspace");
    expect(page.status).toBe(200);
    const name = `Renamed ${crypto.randomUUID().slice(0, 8)}`;
    const res = await owner.post("/app/settings/workspace/name", { name });
    expect(res.status).toBe(303);
    expect((await owner.get(res.location as string)).html).toContain(`value="${name}"`);
    expect((await owner.post("/app/settings/workspace/name", { name: "   " })).status).toBe(400);

    await owner.get(MEMBERS);
    const invite = await owner.submit(`${MEMBERS}/invites`, { role: "admin" });
    const path = new URL(elementText(invite.html, "invite-link") as string).pathname;
    const admin = new FormClient();
    await admin.get(path);
    await admin.post("/app/sign-up", {
      email: uniqueEmail("ws-admin"),
      password: PASSWORD,
      invite: path.split("/").at(-1) as string,
    });
    expect((await admin.get("/app/settings/workspace")).status).toBe(403);
    await admin.get("/app/settings");
    expect((await admin.post("/app/settings/workspace/name", { name: "Taken over" })).status).toBe(403);
  });

  it("deletes after the name is typed: keys stop working, members lose it; a wrong name deletes nothing", async () => {
    const { owner, key, workspaceId } = await ownerWithKey();
    const name = (await one<{ name: string }>("SELECT name FROM workspaces WHERE id = ?", workspaceId))?.name as string;
    const confirm = await owner.get("/app/settings/workspace/delete");
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Type the workspace name to confirm");
    expect((await owner.post("/app/settings/workspace/delete", { confirm_name: "nope" })).status).toBe(400);
    expect(await findActiveKey(database(env.DB), key)).not.toBeNull();

    const deleted = await owner.post("/app/settings/workspace/delete", { confirm_name: name });
    expect(deleted.status).toBe(303);
    expect(await one("SELECT id FROM workspaces WHERE id = ?", workspaceId)).toBeNull();
    expect(await findActiveKey(database(env.DB), key)).toBeNull();
    // The owner had no other workspace: the next page offers to create one.
    expect((await owner.get("/app")).location).toBe("/app/workspaces/new");
  });

  it("refuses while the workspace has sites (their traffic goes with each site's own removal)", async () => {
    const { owner, workspaceId } = await ownerWithKey();
    const domain = `${crypto.randomUUID().slice(0, 8)}.example`;
    await seedSite(env.DB, { domain, workspaceId });
    const page = await owner.get("/app/settings/workspace/delete");
    expect(page.status).toBe(409);
    expect(page.html).toContain("Remove them first");
    const name = (await one<{ name: string }>("SELECT name FROM workspaces WHERE id = ?", workspaceId))?.name;
    await owner.get("/app/settings/workspace");
    expect((await owner.post("/app/settings/workspace/delete", { confirm_name: name as string })).status).toBe(409);
    expect(await one("SELECT id FROM workspaces WHERE id = ?", workspaceId)).not.toBeNull();
  });
});

describe("email change, confirmed from the new address", () => {
  it("asks for the password, mails the new address, and changes the sign-in name only when the link is used", async () => {
    const email = uniqueEmail("move-from");
    const next = uniqueEmail("move-to");
    const client = new FormClient();
    await client.signUp(email);
    await client.get("/app/settings/email");
    expect((await client.post("/app/settings/email", { new_email: next, current_password: "wrong one" })).status).toBe(
      401,
    );
    await client.get("/app/settings/email");
    const sent = await client.post("/app/settings/email", { new_email: next, current_password: PASSWORD });
    expect(sent.status).toBe(303);
    const text = await newestMailTo(next);
    const link = /https:\/\/app\.test(\/app\/settings\/email\/confirm\/[0-9A-Za-z]{43})/.exec(text)?.[1] as string;
    expect(link).toBeDefined();
    expect(await newestMailTo(email)).toContain(`to ${next}`);
    // Nothing changed yet.
    expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(303);

    const confirmer = new FormClient();
    expect((await confirmer.get(link)).status).toBe(200);
    expect((await confirmer.post(link, {})).status).toBe(303);
    expect((await new FormClient().signIn(next, PASSWORD)).status).toBe(303);
    expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(401);
    expect((await new FormClient().get(link)).status).toBe(404);
  }, 120_000);

  it("refuses at confirmation an address that another account took meanwhile", async () => {
    const email = uniqueEmail("move-a");
    const taken = uniqueEmail("move-taken");
    const client = new FormClient();
    await client.signUp(email);
    await client.get("/app/settings/email");
    await client.post("/app/settings/email", { new_email: taken, current_password: PASSWORD });
    const link = /(\/app\/settings\/email\/confirm\/[0-9A-Za-z]{43})/.exec(await newestMailTo(taken))?.[1] as string;
    await new FormClient().signUp(taken);
    const confirmer = new FormClient();
    await confirmer.get(link);
    expect((await confirmer.post(link, {})).status).toBe(409);
    expect((await new FormClient().signIn(email, PASSWORD)).status).toBe(303);
  }, 120_000);
});

describe("account deletion", () => {
  it("a sole member's workspace goes with the account; sessions end; the email can sign up again", async () => {
    const { owner, email, key, workspaceId } = await ownerWithKey();
    const page = await owner.get("/app/settings/account/delete");
    expect(page.html).toContain("which are deleted with the account");
    expect((await owner.post("/app/settings/account/delete", { current_password: "not it" })).status).toBe(401);
    await owner.get("/app/settings/account/delete");
    const done = await owner.post("/app/settings/account/delete", { current_password: PASSWORD });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/app/sign-in?deleted=1");
    expect(await one("SELECT id FROM users WHERE email = ?", email)).toBeNull();
    expect(await one("SELECT id FROM workspaces WHERE id = ?", workspaceId)).toBeNull();
    expect(await findActiveKey(database(env.DB), key)).toBeNull();
    expect((await owner.get("/app/settings")).status).toBe(303);
  });

  it("the last owner of a workspace with other members must hand it over first", async () => {
    const { owner, email } = await ownerWithKey();
    await owner.get(MEMBERS);
    const invite = await owner.submit(`${MEMBERS}/invites`, { role: "member" });
    const path = new URL(elementText(invite.html, "invite-link") as string).pathname;
    const member = new FormClient();
    await member.get(path);
    await member.post("/app/sign-up", {
      email: uniqueEmail("stays"),
      password: PASSWORD,
      invite: path.split("/").at(-1) as string,
    });
    const page = await owner.get("/app/settings/account/delete");
    expect(page.html).toContain("You are the last owner of");
    expect(page.html).not.toContain("Delete my account");
    await owner.get("/app/settings");
    expect((await owner.post("/app/settings/account/delete", { current_password: PASSWORD })).status).toBe(409);
    expect(await one("SELECT id FROM users WHERE email = ?", email)).not.toBeNull();
  });
});

describe("account deletion racing a co-owner's leave", () => {
  it("an owner deleting the account while the other owner leaves at once leaves the workspace one owner", async () => {
    const first = new FormClient();
    await first.signUp(uniqueEmail("race-first"));
    const workspaceId = first.workspace as string;
    const join = async (role: string, label: string) => {
      await first.get(MEMBERS);
      const invite = await first.submit(`${MEMBERS}/invites`, { role });
      const path = new URL(elementText(invite.html, "invite-link") as string).pathname;
      const client = new FormClient();
      await client.get(path);
      const joined = await client.post("/app/sign-up", {
        email: uniqueEmail(label),
        password: PASSWORD,
        invite: path.split("/").at(-1) as string,
      });
      expect(joined.status).toBe(303);
      return client;
    };
    const second = await join("owner", "race-second");
    await join("member", "race-member");

    // Each rule alone allows its action (the other owner remains); together they would not.
    await first.get("/app/settings/account/delete");
    await second.get(`${MEMBERS}/leave`);
    const [deleted, left] = await Promise.all([
      first.post("/app/settings/account/delete", { current_password: PASSWORD }),
      second.post(`${MEMBERS}/leave`, {}),
    ]);
    expect([deleted.status, left.status].sort()).toEqual([303, 409]);
    const owners = await one<{ n: number }>(
      "SELECT count(*) AS n FROM memberships WHERE workspace_id = ? AND role = 'owner'",
      workspaceId,
    );
    expect(owners?.n).toBe(1);
  });
});
