import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { FormClient, uniqueEmail } from "./form-client";

// Issue 41 #3 in the app Worker itself (the edge refuses foreign hosts in front of it,
// test/edge/host-allow-list.test.ts): the local mailbox, which holds reset links, refuses
// a foreign Host and a cross-site request; links in mail and invitation links take the
// configured origin (PUBLIC_BASE_URL, https://app.test here), never the request's Host.

function mailbox(headers: Record<string, string>) {
  return exports.default.fetch("http://app.test/app/__mailbox", { headers });
}

describe("the local mailbox", () => {
  it("refuses a rebound Host and a cross-site request", async () => {
    expect((await mailbox({ Host: "rebound.example:8787" })).status).toBe(403);
    expect((await mailbox({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await mailbox({ Origin: "https://evil.example" })).status).toBe(403);
  });

  it("opens for this machine's own browser (control)", async () => {
    const res = await mailbox({ Host: "app.test", "Sec-Fetch-Site": "none" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Local mailbox");
  });
});

describe("links in mail", () => {
  it("take PUBLIC_BASE_URL even when the request came under a forged Host", async () => {
    const email = uniqueEmail("forged-host-reset");
    await new FormClient().signUp(email);
    const forger = new FormClient("http://evil.example");
    await forger.get("/app/password-reset");
    await forger.submit("/app/password-reset", { email });
    const text = await vi.waitFor(async () => {
      const row = await env.DB.prepare("SELECT text FROM local_mailbox WHERE to_address = ?")
        .bind(email)
        .first<string>("text");
      if (!row) throw new Error("no mail yet");
      return row;
    });
    expect(text).toMatch(/^https:\/\/app\.test\/app\/password-reset\/[0-9A-Za-z]{43}$/m);
    expect(text).not.toContain("evil.example");
  });

  it("and so does an invitation link shown on the page", async () => {
    const owner = new FormClient("http://evil.example");
    await owner.signUp(uniqueEmail("forged-host-invite"));
    await owner.get("/app/settings/members");
    const res = await owner.submit("/app/settings/members/invites", { role: "member" });
    expect(res.html).toMatch(/https:\/\/app\.test\/app\/invite\/[0-9A-Za-z]{43}/);
    expect(res.html).not.toContain("evil.example/app/invite");
  });
});
