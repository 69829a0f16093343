import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listWorkspaceKeys } from "../../shared/auth/key-repository";
import { database } from "../../shared/db/client";
import { FormClient, uniqueEmail } from "./form-client";

// Issue 25 #10: the workspace is in the URL (docs/app.md "Addresses"), so a tab acts on
// the workspace of its own address whatever another tab or a sign-in chose.

/** A signed-up user with a second workspace; the session's last workspace is the second. */
async function userWithTwoWorkspaces() {
  const client = new FormClient();
  await client.signUp(uniqueEmail("two"));
  const first = client.workspace as string;
  await client.get("/app/workspaces/new");
  const created = await client.post("/app/workspaces", { name: `Second ${Math.random().toString(36).slice(2, 8)}` });
  expect(created.status).toBe(303);
  const second = client.workspace as string;
  expect(second).not.toBe(first);
  expect(created.location).toBe(`/app/w/${second}`);
  return { client, first, second };
}

const keyNames = async (workspaceId: string) =>
  (await listWorkspaceKeys(database(env.DB), workspaceId)).map((k) => k.name);

describe("the workspace in the URL", () => {
  it("a form of workspace A's tab acts on A while the session's workspace is B", async () => {
    const { client, first, second } = await userWithTwoWorkspaces();
    // Tab 1 opened A's keys page; tab 2 then went to B (the session's last workspace).
    await client.requestRaw(`/app/w/${first}/settings/api-keys`);
    const csrf = client.csrf();
    await client.requestRaw(`/app/w/${second}/sites`);
    const body = new URLSearchParams({ _csrf: csrf, name: "made in tab A", preset: "full" });
    const posted = await client.requestRaw(`/app/w/${first}/settings/api-keys`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(new RegExp(`^/app/w/${first}/settings/api-keys\\?flash=`));
    expect(await keyNames(first)).toEqual(["made in tab A"]);
    expect(await keyNames(second)).toEqual([]);
  });

  it("checks the role in the workspace of the URL, not in the session's", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("owner"));
    const shared = owner.workspace as string;
    await owner.get("/app/settings/members");
    const invited = await owner.submit("/app/settings/members/invites", { role: "member" });
    const link = /id="invite-link">([^<]+)</.exec(invited.html)?.[1] as string;

    const member = new FormClient();
    await member.signUp(uniqueEmail("member"));
    const own = member.workspace as string;
    await member.get(new URL(link).pathname);
    const joined = await member.post(new URL(link).pathname, {});
    expect(joined.location).toBe(`/app/w/${shared}`);
    // Back in their own workspace, where they are owner, the session's choice is `own`.
    await member.requestRaw(`/app/w/${own}/settings/api-keys`);
    const csrf = member.csrf();
    const form = (name: string) => ({
      method: "POST",
      body: new URLSearchParams({ _csrf: csrf, name, preset: "full" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect((await member.requestRaw(`/app/w/${shared}/settings/api-keys`, form("sneaky"))).status).toBe(403);
    expect(await keyNames(shared)).toEqual([]);
    expect((await member.requestRaw(`/app/w/${own}/settings/api-keys`, form("mine"))).status).toBe(303);
    expect(await keyNames(own)).toEqual(["mine"]);
  });

  it("a workspace the user does not belong to is 404 at its address, for pages and forms", async () => {
    const { first } = await userWithTwoWorkspaces();
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("stranger"));
    expect((await stranger.requestRaw(`/app/w/${first}/sites`)).status).toBe(404);
    expect((await stranger.requestRaw(`/app/w/${first}`)).status).toBe(404);
    await stranger.get("/app/settings/api-keys");
    const posted = await stranger.requestRaw(`/app/w/${first}/settings/api-keys`, {
      method: "POST",
      body: new URLSearchParams({ _csrf: stranger.csrf(), name: "intruder", preset: "full" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(404);
    expect(await keyNames(first)).toEqual([]);
  });

  it("a short address (bookmark, email) opens the same page in the session's last workspace", async () => {
    const { client, first, second } = await userWithTwoWorkspaces();
    const toSecond = await client.requestRaw("/app/conversions?include_voided=1");
    expect(toSecond.status).toBe(303);
    expect(toSecond.location).toBe(`/app/w/${second}/conversions?include_voided=1`);
    // Showing a page of the first workspace makes it the last one.
    await client.requestRaw(`/app/w/${first}/monitors`);
    expect((await client.requestRaw("/app/settings/members")).location).toBe(`/app/w/${first}/settings/members`);
    expect((await client.requestRaw("/app")).location).toBe(`/app/w/${first}`);
    // Account pages belong to no workspace and stay where they are.
    expect((await client.requestRaw("/app/settings/password")).status).toBe(200);
  });

  it("a form posted to a short address is refused and changes nothing", async () => {
    const { client, first, second } = await userWithTwoWorkspaces();
    await client.get("/app/settings/api-keys");
    const posted = await client.requestRaw("/app/settings/api-keys", {
      method: "POST",
      body: new URLSearchParams({ _csrf: client.csrf(), name: "which one?", preset: "full" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(400);
    expect(posted.html).toContain("does not say which workspace");
    expect(await keyNames(first)).toEqual([]);
    expect(await keyNames(second)).toEqual([]);
  });

  it("every link and form of the workspace pages carries the page's workspace", async () => {
    const { client, first } = await userWithTwoWorkspaces();
    await client.requestRaw(`/app/w/${first}/sites`);
    await client.post("/app/sites", { domain: "addresses.example", name: "Addresses" });
    const short =
      /(?:href|action)="\/app(?:\/(?:sites|conversions|monitors|scans|sessions|settings\/(?:api-keys|members|workspace|connected-apps))[^"]*|\/settings)?"/g;
    for (const page of [
      "",
      "/sites",
      "/sites/addresses.example",
      "/sites/addresses.example/traffic",
      "/sites/addresses.example/sessions",
      "/conversions",
      "/monitors",
      "/scans",
      "/scans/addresses.example",
      "/settings",
      "/settings/api-keys",
      "/settings/members",
      "/settings/workspace",
      // Connected apps answer only on the service's own origin: oauth-consent.test.ts.
    ]) {
      const res = await client.requestRaw(`/app/w/${first}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.html.match(short) ?? [], page).toEqual([]);
      expect(res.html, page).toContain(`href="/app/w/${first}/sites"`);
    }
  });

  it("signing in from a tab of workspace B comes back to B and starts the session there", async () => {
    const { client, first, second } = await userWithTwoWorkspaces();
    const email = /class="email">([^<]+)</.exec((await client.requestRaw(`/app/w/${first}`)).html)?.[1] as string;
    await client.post("/app/sign-out", {});
    const asked = await client.requestRaw(`/app/w/${second}/sites`);
    expect(asked.location).toBe(`/app/sign-in?next=${encodeURIComponent(`/app/w/${second}/sites`)}`);
    await client.requestRaw(asked.location as string);
    const signedIn = await client.post("/app/sign-in", {
      email,
      password: "correct horse battery",
      next: `/app/w/${second}/sites`,
    });
    expect(signedIn.location).toBe(`/app/w/${second}/sites`);
    expect((await client.requestRaw("/app")).location).toBe(`/app/w/${second}`);
  });
});
