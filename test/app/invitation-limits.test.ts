import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { FormClient, uniqueEmail } from "./form-client";

// Issue 41 #5: invitation mail was an unbounded relay carrying the sender's own text.

describe("invitations", () => {
  it("are limited per sender: 30 sent at once, 20 go out and the rest are 429", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("invite-flood"));
    await owner.get("/app/settings/members");
    const csrf = owner.csrf();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        owner.post("/app/settings/members/invites", { _csrf: csrf, role: "member", email: uniqueEmail(`flood-${i}`) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("mail quotes the workspace name as the sender's words, with no live link in it (control: the invitation link works)", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("invite-words"));
    await owner.get("/app/settings/workspace");
    await owner.submit("/app/settings/workspace/name", {
      name: "URGENT: account locked - restore at https://evil.example/restore",
    });
    await owner.get("/app/settings/members");
    const to = uniqueEmail("invite-words-to");
    const res = await owner.submit("/app/settings/members/invites", { role: "member", email: to });
    expect(res.postStatus).toBe(303);
    const text = await vi.waitFor(async () => {
      const row = await env.DB.prepare("SELECT text FROM local_mailbox WHERE to_address = ?")
        .bind(to)
        .first<string>("text");
      if (!row) throw new Error("no mail yet");
      return row;
    });
    expect(text).toContain("as the person who invited you typed it");
    expect(text).not.toContain("https://evil.example");
    expect(text).toContain("https[:]//evil.example/restore");
    const link = /https:\/\/app\.test(\/app\/invite\/[0-9A-Za-z]{43})/.exec(text)?.[1] as string;
    const guest = new FormClient();
    expect((await guest.get(link)).status).toBe(200);
  });
});
