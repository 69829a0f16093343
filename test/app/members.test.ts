import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { changeMemberRole, listMembers } from "../../shared/accounts/workspace-repository";
import { findActiveKey } from "../../shared/auth/key-repository";
import { database } from "../../shared/db/client";
import { elementText, FormClient, uniqueEmail } from "./form-client";

const MEMBERS = "/app/settings/members";

/** Creates an invitation link in the owner's current workspace; returns its path. */
async function invitePath(inviter: FormClient, role: string): Promise<string> {
  await inviter.get(MEMBERS);
  const res = await inviter.submit(`${MEMBERS}/invites`, { role });
  expect(res.postStatus).toBe(303);
  return new URL(elementText(res.html, "invite-link") as string).pathname;
}

/** A new account that joins through the invitation link (and has no other workspace). */
async function joinAs(inviter: FormClient, role: string, label = role) {
  const path = await invitePath(inviter, role);
  const client = new FormClient();
  const email = uniqueEmail(label);
  await client.get(path);
  const joined = await client.post("/app/sign-up", {
    email,
    password: "a long enough password",
    invite: path.split("/").at(-1) as string,
  });
  expect(joined.status).toBe(303);
  return { client, email };
}

/** The user id of the members-table row showing `email`. */
function memberId(html: string, email: string): string {
  const match = new RegExp(`id="email-([^"]+)">${email.replace(/[.+]/g, "\\$&")}`).exec(html);
  if (!match) throw new Error(`no member row for ${email}`);
  return match[1];
}

function workspaceIdOf(html: string): string {
  return /<option value="([^"]+)" selected/.exec(html)?.[1] as string;
}

async function newOwner() {
  const owner = new FormClient();
  const email = uniqueEmail("owner");
  await owner.signUp(email);
  const page = await owner.get(MEMBERS);
  return { owner, email, workspaceId: workspaceIdOf(page.html), ownerId: memberId(page.html, email) };
}

async function idOf(viewer: FormClient, email: string): Promise<string> {
  return memberId((await viewer.get(MEMBERS)).html, email);
}

describe("managing members", () => {
  it("an owner removes a member: the member's next request to the workspace is refused; keys they made keep working", async () => {
    const { owner, workspaceId } = await newOwner();
    const { client: admin, email } = await joinAs(owner, "admin");
    await admin.get("/app/settings/api-keys");
    const created = await admin.submit("/app/settings/api-keys", { name: "Made by the admin", preset: "full" });
    const key = elementText(created.html, "new-key") as string;
    expect((await admin.get(MEMBERS)).status).toBe(200);

    const id = await idOf(owner, email);
    const confirm = await owner.get(`${MEMBERS}/${id}/remove`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Confirm remove");
    const removed = await owner.submit(`${MEMBERS}/${id}/remove`, {});
    expect(removed.postStatus).toBe(303);
    expect(removed.html).toContain(`Removed ${email}`);
    expect(removed.html).not.toContain(`id="email-${id}"`);

    // The removed person had no other workspace: every workspace page sends them to create one.
    // At the workspace's own address the removed person finds nothing.
    expect((await admin.get(MEMBERS)).status).toBe(404);
    for (const path of [MEMBERS, "/app/settings/api-keys", "/app"]) {
      const res = await admin.requestRaw(path);
      expect(res.status).toBe(303);
      expect(res.location).toBe("/app/workspaces/new");
    }
    await admin.get("/app/workspaces/new");
    expect((await admin.post("/app/workspaces/switch", { workspace_id: workspaceId })).status).toBe(404);
    expect((await admin.post(`${MEMBERS}/invites`, { role: "member" })).status).toBe(404);
    // The key belongs to the workspace, not to the person: it works until revoked.
    expect(await findActiveKey(database(env.DB), key)).not.toBeNull();
  });

  it("a removed member who has a workspace of their own lands there, not in the one they left", async () => {
    const { owner, email: ownerEmail } = await newOwner();
    const { client: member, email } = await joinAs(owner, "member");
    await member.get("/app/workspaces/new");
    const ownName = `Own ${Math.random().toString(36).slice(2)}`;
    expect((await member.post("/app/workspaces", { name: ownName })).status).toBe(303);
    // Switch back to the shared workspace so the session remembers it, then get removed.
    const shared = /<option value="([^"]+)">/.exec((await member.get("/app")).html)?.[1] as string;
    expect((await member.post("/app/workspaces/switch", { workspace_id: shared })).status).toBe(303);
    expect((await member.get(MEMBERS)).html).toContain(ownerEmail);

    const id = await idOf(owner, email);
    await owner.get(`${MEMBERS}/${id}/remove`);
    expect((await owner.submit(`${MEMBERS}/${id}/remove`, {})).postStatus).toBe(303);

    // The shared workspace's address is gone for them; the short address finds their own.
    expect((await member.get(MEMBERS)).status).toBe(404);
    const back = await member.requestRaw(MEMBERS);
    expect(back.status).toBe(303);
    const after = await member.get(back.location as string);
    expect(after.status).toBe(200);
    expect(after.html).toContain(ownName);
    expect(after.html).not.toContain(ownerEmail);
    expect(after.html).not.toContain(`value="${shared}"`);
  });

  it("an admin cannot remove or demote an owner, nor make anyone owner (403)", async () => {
    const { owner, ownerId } = await newOwner();
    const { client: admin } = await joinAs(owner, "admin");
    const { email: memberEmail } = await joinAs(owner, "member");
    const page = await admin.get(MEMBERS);
    // No controls on the owner's row for an admin.
    expect(page.html).not.toContain(`${MEMBERS}/${ownerId}/remove`);
    expect(page.html).not.toContain(`${MEMBERS}/${ownerId}/role`);

    expect((await admin.get(`${MEMBERS}/${ownerId}/remove`)).status).toBe(403);
    await admin.get(MEMBERS);
    const remove = await admin.post(`${MEMBERS}/${ownerId}/remove`, {});
    expect(remove.status).toBe(403);
    expect(remove.html).toContain("Only an owner can change or remove an owner.");
    const demote = await admin.post(`${MEMBERS}/${ownerId}/role`, { role: "member" });
    expect(demote.status).toBe(403);

    const memberId_ = await idOf(admin, memberEmail);
    const promote = await admin.post(`${MEMBERS}/${memberId_}/role`, { role: "owner" });
    expect(promote.status).toBe(403);
    expect(promote.html).toContain("Only an owner can make someone owner.");
    // An admin may make a member admin.
    const ok = await admin.submit(`${MEMBERS}/${memberId_}/role`, { role: "admin" });
    expect(ok.postStatus).toBe(303);
    expect(ok.html).toContain(`${memberEmail} is now admin.`);
    expect((await owner.get(MEMBERS)).status).toBe(200);
  });

  it("a member manages nobody (403) but may leave", async () => {
    const { owner, ownerId } = await newOwner();
    const { client: member, email } = await joinAs(owner, "member");
    const page = await member.get(MEMBERS);
    expect(page.html).not.toContain("Change role");
    expect(page.html).not.toContain(">Remove<");
    expect(page.html).toContain("Leave workspace");
    expect((await member.post(`${MEMBERS}/${ownerId}/remove`, {})).status).toBe(403);
    expect((await member.post(`${MEMBERS}/${await idOf(member, email)}/role`, { role: "admin" })).status).toBe(403);

    expect((await member.get(`${MEMBERS}/leave`)).html).toContain("Confirm leave");
    const left = await member.post(`${MEMBERS}/leave`, {});
    expect(left.status).toBe(303);
    expect((await member.get(MEMBERS)).location).toBe("/app/workspaces/new");
    expect((await owner.get(MEMBERS)).html).not.toContain(email);
  });

  it("the last owner can neither leave nor step down (409) until someone else is owner", async () => {
    const { owner, ownerId, email: ownerEmail } = await newOwner();
    const page = await owner.get(MEMBERS);
    expect(page.html).toContain("Leave workspace");
    // The own row offers stepping down too; the answer says why not.
    expect(page.html).toContain(`${owner.here(MEMBERS)}/${ownerId}/role`);
    const leave = await owner.post(`${MEMBERS}/leave`, {});
    expect(leave.status).toBe(409);
    expect(leave.html).toContain("Make someone else owner first");
    const stepDown = await owner.post(`${MEMBERS}/${ownerId}/role`, { role: "admin" });
    expect(stepDown.status).toBe(409);
    expect(stepDown.html).toContain("Make someone else owner first");
    expect((await owner.post(`${MEMBERS}/${ownerId}/remove`, {})).status).toBe(409);

    const { client: next, email } = await joinAs(owner, "admin", "next-owner");
    const promoted = await owner.submit(`${MEMBERS}/${await idOf(owner, email)}/role`, { role: "owner" });
    expect(promoted.postStatus).toBe(303);
    // Now the first owner may step down, and the page shows them as admin at once.
    const down = await owner.submit(`${MEMBERS}/${ownerId}/role`, { role: "admin" });
    expect(down.postStatus).toBe(303);
    expect(down.html).toContain(`${ownerEmail} is now admin.`);
    // The new owner is now the last one.
    await next.get(MEMBERS);
    expect((await next.post(`${MEMBERS}/leave`, {})).status).toBe(409);
    expect((await owner.post(`${MEMBERS}/leave`, {})).status).toBe(303);
  });

  it("two last owners stepping down at once leave one owner: the count is checked inside the write", async () => {
    const { owner, workspaceId, ownerId } = await newOwner();
    const { email } = await joinAs(owner, "owner", "second-owner");
    const secondId = await idOf(owner, email);
    const db = database(env.DB);
    // Both decisions were made while there were two owners; each write counts again.
    const stepDown = (userId: string) => {
      const seat = { userId, role: "owner" as const };
      return changeMemberRole(db, { workspaceId, actor: seat, target: seat, to: "member" });
    };
    const results = await Promise.all([stepDown(ownerId), stepDown(secondId)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const owners = (await listMembers(db, workspaceId)).filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("withdrawing an invitation: its link stops working at once", async () => {
    const { owner } = await newOwner();
    const path = await invitePath(owner, "member");
    expect((await new FormClient().get(path)).status).toBe(200);
    const page = await owner.get(MEMBERS);
    const inviteId = /data-invite-id="([^"]+)"/.exec(page.html)?.[1] as string;
    const withdrawn = await owner.submit(`${MEMBERS}/invites/${inviteId}/withdraw`, {});
    expect(withdrawn.postStatus).toBe(303);
    expect(withdrawn.html).toContain("Invitation withdrawn");
    expect(withdrawn.html).not.toContain(inviteId);
    expect((await new FormClient().get(path)).status).toBe(404);
    // Withdrawn twice: nothing left to withdraw.
    expect((await owner.post(`${MEMBERS}/invites/${inviteId}/withdraw`, {})).status).toBe(404);
  });

  it("a removed admin cannot rejoin through an invitation they made before the removal", async () => {
    const { owner } = await newOwner();
    const { client: admin, email } = await joinAs(owner, "admin", "rejoiner");
    const ownLink = await invitePath(admin, "admin");
    expect((await owner.get(MEMBERS)).html).toMatch(/data-invite-id=/);

    const id = await idOf(owner, email);
    await owner.get(`${MEMBERS}/${id}/remove`);
    expect((await owner.submit(`${MEMBERS}/${id}/remove`, {})).postStatus).toBe(303);

    // The link is gone: opening it or posting "Join" is the unknown-link page, and the
    // owner's page no longer lists it.
    await admin.get("/app/workspaces/new");
    expect((await admin.get(ownLink)).status).toBe(404);
    expect((await admin.post(ownLink, {})).status).toBe(404);
    expect((await owner.get(MEMBERS)).html).not.toMatch(/data-invite-id=/);
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM invites WHERE token_hash IS NOT NULL AND created_by = (SELECT id FROM users WHERE email = ?)",
      )
        .bind(email)
        .first<number>("n"),
    ).toBe(0);
  });

  it("a demotion withdraws the invitations the new role could not make", async () => {
    const { owner, email: ownerEmail } = await newOwner();
    const { client: second, email: secondEmail } = await joinAs(owner, "owner", "second-owner");
    const ownerLink = await invitePath(second, "owner");
    const adminLink = await invitePath(second, "admin");
    const memberLink = await invitePath(second, "member");

    await owner.get(MEMBERS);
    const secondId = await idOf(owner, secondEmail);
    expect((await owner.submit(`${MEMBERS}/${secondId}/role`, { role: "admin" })).postStatus).toBe(303);
    // An admin may still invite admins and members, not owners.
    expect((await new FormClient().get(ownerLink)).status).toBe(404);
    expect((await new FormClient().get(adminLink)).status).toBe(200);

    await owner.get(MEMBERS);
    expect((await owner.submit(`${MEMBERS}/${secondId}/role`, { role: "member" })).postStatus).toBe(303);
    // A member invites nobody: every link they made is withdrawn.
    expect((await new FormClient().get(adminLink)).status).toBe(404);
    expect((await new FormClient().get(memberLink)).status).toBe(404);
    expect(ownerEmail).not.toBe(secondEmail);
  });

  it("an invitation whose creator lost the right to make it is refused at acceptance too", async () => {
    const { owner } = await newOwner();
    const { client: admin, email } = await joinAs(owner, "admin", "creator");
    const link = await invitePath(admin, "member");
    // The membership changes behind the app's back (no withdrawal ran): the link still
    // exists but no longer stands.
    await env.DB.prepare(
      "UPDATE memberships SET role = 'member' WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(email)
      .run();
    const joiner = new FormClient();
    expect((await joiner.get(link)).status).toBe(404);
    await joiner.get("/app/sign-up");
    const signUp = await joiner.post("/app/sign-up", {
      email: uniqueEmail("late-joiner"),
      password: "a long enough password",
      invite: link.split("/").at(-1) as string,
    });
    expect(signUp.status).not.toBe(303);
  });

  it("an invitation with an email address is mailed there, with the same link the page shows", async () => {
    const { owner } = await newOwner();
    await owner.get(MEMBERS);
    const invitee = uniqueEmail("invited-by-mail");
    const res = await owner.submit(`${MEMBERS}/invites`, { role: "admin", email: invitee.toUpperCase() });
    expect(res.postStatus).toBe(303);
    const link = elementText(res.html, "invite-link") as string;
    const mail = await vi.waitFor(async () => {
      const row = await env.DB.prepare("SELECT subject, text FROM local_mailbox WHERE to_address = ?")
        .bind(invitee)
        .first<{ subject: string; text: string }>();
      if (!row) throw new Error("no invitation mail yet");
      return row;
    });
    expect(mail.subject).toBe("You are invited to a workspace on Agent Readiness");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("as admin");

    await owner.get(MEMBERS);
    expect((await owner.submit(`${MEMBERS}/invites`, { role: "member", email: "not an address" })).status).toBe(400);
  });

  it("ids of another workspace's members and invitations answer 404 and change nothing", async () => {
    const { owner, ownerId, workspaceId } = await newOwner();
    const { email } = await joinAs(owner, "member");
    const memberOfOwner = await idOf(owner, email);
    await invitePath(owner, "member");
    const inviteId = /data-invite-id="([^"]+)"/.exec((await owner.get(MEMBERS)).html)?.[1] as string;

    const { owner: stranger } = await newOwner();
    const page = await stranger.get(MEMBERS);
    expect(page.html).not.toContain(memberOfOwner);
    expect(page.html).not.toContain(inviteId);
    expect((await stranger.get(`${MEMBERS}/${memberOfOwner}/remove`)).status).toBe(404);
    await stranger.get(MEMBERS);
    for (const [path, fields] of [
      [`${MEMBERS}/${memberOfOwner}/remove`, {}],
      [`${MEMBERS}/${ownerId}/remove`, {}],
      [`${MEMBERS}/${memberOfOwner}/role`, { role: "owner" }],
      [`${MEMBERS}/invites/${inviteId}/withdraw`, {}],
    ] as const) {
      const res = await stranger.post(path, fields);
      expect(res.status, path).toBe(404);
    }
    const members = await listMembers(database(env.DB), workspaceId);
    expect(members.map((m) => m.role).sort()).toEqual(["member", "owner"]);
    expect((await owner.get(MEMBERS)).html).toContain(inviteId);
  });

  it("refuses every members form without its CSRF token", async () => {
    const { owner, ownerId } = await newOwner();
    const { email } = await joinAs(owner, "member");
    const id = await idOf(owner, email);
    await invitePath(owner, "member");
    const inviteId = /data-invite-id="([^"]+)"/.exec((await owner.get(MEMBERS)).html)?.[1] as string;
    for (const [path, fields] of [
      [`${MEMBERS}/${id}/remove`, {}],
      [`${MEMBERS}/${id}/role`, { role: "admin" }],
      [`${MEMBERS}/${ownerId}/role`, { role: "member" }],
      [`${MEMBERS}/leave`, {}],
      [`${MEMBERS}/invites/${inviteId}/withdraw`, {}],
    ] as const) {
      expect((await owner.post(path, { ...fields, _csrf: "" })).status, path).toBe(403);
      expect((await owner.post(path, { ...fields, _csrf: "x".repeat(43) })).status, path).toBe(403);
    }
    const page = await owner.get(MEMBERS);
    expect(page.html).toContain(`id="email-${id}"`);
    expect(page.html).toContain(inviteId);
  });
});
