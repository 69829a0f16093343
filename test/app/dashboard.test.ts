import { describe, expect, it } from "vitest";
import { FormClient, uniqueEmail } from "./form-client";

// The dashboard pages in workerd: workspaces stay apart, changes need an admin and the
// CSRF token, and the install-status JSON is the API's install check.

async function ownerWithSite(domain: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("dash-owner"));
  await owner.get("/app/sites");
  const added = await owner.post("/app/sites", { domain: `https://${domain}/products/x`, name: "Shop" });
  expect(added.status).toBe(303);
  expect(added.location).toBe(owner.here(`/app/sites/${domain}`));
  return owner;
}

describe("dashboard pages", () => {
  it("Add site keeps a pasted URL's host and refuses a public suffix with the API's message", async () => {
    const owner = await ownerWithSite("pasted.example");
    const list = await owner.get("/app/sites");
    expect(list.html).toContain('data-domain="pasted.example"');
    const refused = await owner.post("/app/sites", { domain: "co.uk", name: "" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('role="alert"');
  });

  it("the install-status JSON is the install check of the site, awaiting its first event", async () => {
    const owner = await ownerWithSite("status.example");
    const res = await owner.get("/app/sites/status.example/install-status");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = JSON.parse(res.html) as { domain: string; status: string; status_label: string; snippet: string };
    expect(body).toMatchObject({
      domain: "status.example",
      status: "awaiting_first_event",
      status_label: "Waiting for the first request",
    });
    expect(body.snippet).toContain('data-privacy="storage-free"');
  });

  it("another workspace's site answers 404 on every page, as in the API", async () => {
    await ownerWithSite("private-shop.example");
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("stranger"));
    for (const path of ["", "/install-status", "/traffic", "/sessions"]) {
      const res = await stranger.get(`/app/sites/private-shop.example${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it("a bad custom window is the API's 400, shown as a page", async () => {
    const owner = await ownerWithSite("window.example");
    const res = await owner.get("/app/sites/window.example/traffic?from=2999-01-01");
    expect(res.status).toBe(400);
    expect(res.html).toContain("in the future");
  });

  it("changing coverage needs the CSRF token", async () => {
    const owner = await ownerWithSite("coverage.example");
    await owner.get("/app/sites/coverage.example");
    const forged = await owner.post("/app/sites/coverage.example/coverage", {
      _csrf: "forged",
      coverage: "ai_and_tagged",
    });
    expect(forged.status).toBe(403);
    await owner.get("/app/sites/coverage.example");
    const ok = await owner.post("/app/sites/coverage.example/coverage", { coverage: "ai_and_tagged" });
    expect(ok.status).toBe(303);
    expect((await owner.get("/app/sites/coverage.example")).html).toContain("AI and tagged traffic only:");
  });

  it("signed-out visitors are sent to sign in", async () => {
    const res = await new FormClient().get("/app/sites");
    expect(res.status).toBe(303);
    expect(res.location).toContain("/app/sign-in");
  });
});

describe("monitor actions: Send test event and Rescan now", () => {
  async function ownerWithMonitor() {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("mon-owner"));
    await owner.get("/app/monitors");
    const created = await owner.submit("/app/monitors", {
      domain: "monitored.example",
      webhook_url: "https://hooks.example.com/agent-readiness",
    });
    expect(created.postStatus).toBe(303);
    expect(created.html).toMatch(/id="new-secret"[^>]*>whsec_/);
    const id = /data-monitor="([^"]+)"/.exec(created.html)?.[1] as string;
    expect(id).toBeTruthy();
    return { owner, id, html: created.html };
  }

  it("an owner sees both buttons on each monitor row, as CSRF-protected forms", async () => {
    const { owner, id, html } = await ownerWithMonitor();
    for (const action of ["test", "rescan"]) {
      const form = new RegExp(
        `<form method="post" action="${owner.here("/app/monitors")}/${id}/${action}"><input type="hidden" name="_csrf" value="[^"]+"`,
      );
      expect(html, action).toMatch(form);
    }
    expect(html).toContain(">Send test event<");
    expect(html).toContain(">Rescan now<");
  });

  it("refuses both actions without the CSRF token, before anything is queued", async () => {
    const { owner, id } = await ownerWithMonitor();
    for (const action of ["test", "rescan"]) {
      expect((await owner.post(`/app/monitors/${id}/${action}`, { _csrf: "" })).status, action).toBe(403);
    }
  });

  it("a member sees no buttons and is refused; another workspace gets 404 as for a missing monitor", async () => {
    const { owner, id } = await ownerWithMonitor();
    await owner.get("/app/settings/members");
    const invited = await owner.submit("/app/settings/members/invites", { role: "member" });
    const link = /id="invite-link"[^>]*>([^<]*)</.exec(invited.html)?.[1] as string;
    const path = new URL(link).pathname;
    const member = new FormClient();
    await member.get(path);
    const joined = await member.post("/app/sign-up", {
      email: uniqueEmail("mon-member"),
      password: "another long password",
      invite: path.split("/").at(-1) as string,
    });
    expect(joined.status).toBe(303);
    const seen = await member.get("/app/monitors");
    expect(seen.html).toContain(`data-monitor="${id}"`);
    expect(seen.html).not.toContain("Send test event");
    expect(seen.html).not.toContain("Rescan now");
    for (const action of ["test", "rescan"]) {
      expect((await member.post(`/app/monitors/${id}/${action}`, {})).status, action).toBe(403);
    }

    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("mon-stranger"));
    await stranger.get("/app/monitors");
    for (const action of ["test", "rescan"]) {
      expect((await stranger.post(`/app/monitors/${id}/${action}`, {})).status, action).toBe(404);
    }
    expect((await stranger.post("/app/monitors/no-such-monitor/test", {})).status).toBe(404);
    // Nothing was recorded for the refused test events.
    const log = await owner.get(`/app/monitors/${id}`);
    expect(log.html).toContain("No deliveries yet");
  });
});
