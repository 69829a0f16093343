import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { appSessions, invites, memberships, users } from "../../schema";
import { database } from "../../shared/db/client";
import { buildApp } from "../../workers/app/app";

// A deployment: no LOCAL_OWNER_SIGNUP, sign-up by invitation. Requests go straight to the app
// with this env, as the v1 tests do for production-only behaviour.
const SECRET = "b".repeat(40);
const deployed = { ...env, LOCAL_OWNER_SIGNUP: "", SIGNUP_MODE: "invite", BOOTSTRAP_SECRET: SECRET };

async function signUp(fields: Record<string, string>, environment: object = deployed) {
  const app = buildApp();
  const page = await app.request("/app/sign-up", {}, environment);
  const cookie = (page.headers.get("Set-Cookie") ?? "").split(";")[0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  return app.request(
    "/app/sign-up",
    {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "192.0.2.9" },
      body: new URLSearchParams({ _csrf: csrf, password: "owner password 1", ...fields }),
    },
    environment,
  );
}

describe("getting started in a deployment", () => {
  beforeEach(async () => {
    const db = database(env.DB);
    await db.delete(appSessions);
    await db.delete(invites);
    await db.delete(memberships);
    await db.delete(users);
  });

  it("asks for the bootstrap secret for the first account and refuses without it or with a wrong one", async () => {
    const page = await buildApp().request("/app/sign-up", {}, deployed);
    expect(await page.text()).toContain("Bootstrap secret");
    expect((await signUp({ email: "first@example.com" })).status).toBe(403);
    expect((await signUp({ email: "first@example.com", bootstrap_secret: "wrong" })).status).toBe(403);
  });

  it("refuses to bootstrap when no secret is set at all", async () => {
    const res = await signUp(
      { email: "first@example.com", bootstrap_secret: "" },
      { ...deployed, BOOTSTRAP_SECRET: undefined },
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("no bootstrap secret is set");
  });

  it("creates the owner with the secret once; afterwards sign-up needs an invitation", async () => {
    const first = await signUp({ email: "first@example.com", bootstrap_secret: SECRET, workspace: "Acme" });
    expect(first.status).toBe(303);
    const rows = await database(env.DB).select().from(memberships).all();
    expect(rows.map((r) => r.role)).toEqual(["owner"]);

    const again = await signUp({ email: "second@example.com", bootstrap_secret: SECRET });
    expect(again.status).toBe(403);
    expect(await again.text()).toContain("Sign-up is by invitation");
  });

  it("locally the first visit offers to create the owner account, without a secret", async () => {
    const local = { ...env, LOCAL_OWNER_SIGNUP: "1", SIGNUP_MODE: "invite" };
    const signIn = await buildApp().request("/app/sign-in", {}, local);
    expect(await signIn.text()).toContain("Create the owner account");
    expect((await signUp({ email: "local@example.com" }, local)).status).toBe(303);
  });
});
