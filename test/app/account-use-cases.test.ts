import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { joinByInvitation, openInvitation } from "../../shared/accounts/invitations";
import { changeSeat, inviteToWorkspace, memberSeat } from "../../shared/accounts/member-seats";
import { setPasswordHashParams } from "../../shared/accounts/password-hash";
import { openFlash, sealFlash } from "../../shared/accounts/session-flash";
import { createAccount, signUpAsExisting } from "../../shared/accounts/sign-up";
import type { AppContext } from "../../shared/context/app-context";
import { grantHelpers } from "../../shared/oauth/authorization-server";
import type { Result } from "../../shared/result/result";
import { testContext } from "../helpers/test-context";
import { uniqueEmail } from "./form-client";
import { TEST_PASSWORD_HASH_PARAMS } from "./password-cost";

// The app's account use cases called as functions with a test context, as the app calls
// them through appContext/pageContext (workers/app/request-context.ts). The pages' own
// tests (members, passkeys, sign-in...) keep the transport: forms, redirects, statuses.

setPasswordHashParams(TEST_PASSWORD_HASH_PARAMS);

const T0 = Date.UTC(2026, 10, 20, 12);
const app = (nowMs = T0): AppContext => ({ env: { DB: env.DB }, nowMs, baseUrl: "https://app.test" });

function valueIn<T>(result: Result<T, never>): T {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.value;
}

/** A new account owning a new workspace. */
async function owner(label: string) {
  const email = uniqueEmail(label);
  const join = { workspaceName: `${label} ${email}` };
  const made = valueIn(await createAccount(app(), { email, password: "a long enough password", join }));
  if (!made) throw new Error("address taken");
  return { ...made, email };
}

/** A member's context in `workspaceId`, with the OAuth grants a seat change revokes. */
const inWorkspace = (workspaceId: string, userId: string, nowMs = T0) => ({
  ...testContext({ workspaceId, nowMs, actor: { kind: "member", userId } }),
  grants: grantHelpers(env),
});

describe("sign-up as a use case", () => {
  it("creates nothing for an address that already has an account, and the existing account then lands in its workspace", async () => {
    const first = await owner("taken");
    const again = valueIn(
      await createAccount(app(), {
        email: first.email,
        password: "another long password",
        join: { workspaceName: "x" },
      }),
    );
    expect(again).toBeNull();
    expect(valueIn(await signUpAsExisting(app(), { userId: first.userId, invite: null }))).toEqual({
      workspaceId: first.workspaceId,
    });
  });
});

describe("invitations as use cases", () => {
  it("a link joins once: the second use finds no open invitation and changes nothing", async () => {
    const host = await owner("host");
    const guest = await owner("guest");
    const ctx = inWorkspace(host.workspaceId, host.userId);
    const { token } = valueIn(await inviteToWorkspace(ctx, { role: "member", createdBy: host.userId }));
    expect(valueIn(await openInvitation(app(), { token }))?.workspaceId).toBe(host.workspaceId);

    // The guest needs a session row for the session's workspace to move.
    const joined = await joinByInvitation(app(), { token, userId: guest.userId, sessionId: "no-such-session" });
    expect(valueIn(joined)).toEqual({ workspaceId: host.workspaceId });
    expect(valueIn(await memberSeat(ctx, { userId: guest.userId }))?.role).toBe("member");

    expect(valueIn(await openInvitation(app(), { token }))).toBeNull();
    const third = await owner("third");
    expect(valueIn(await joinByInvitation(app(), { token, userId: third.userId, sessionId: "x" }))).toBeNull();
    expect(valueIn(await memberSeat(ctx, { userId: third.userId }))).toBeNull();
  });
});

describe("seat changes as a use case", () => {
  it("refuses the last owner's leaving, refuses an unknown member, and changes a member's role", async () => {
    const host = await owner("seats");
    const ctx = inWorkspace(host.workspaceId, host.userId);
    const me = { userId: host.userId, role: "owner" as const };

    const leave = valueIn(await changeSeat(ctx, { actor: me, targetId: host.userId, change: { kind: "leave" } }));
    expect(leave).toMatchObject({ ok: false, reason: "last_owner" });

    const nobody = valueIn(await changeSeat(ctx, { actor: me, targetId: "user_nobody", change: { kind: "remove" } }));
    expect(nobody).toMatchObject({ ok: false, reason: "no_member" });

    const guest = await owner("seat-guest");
    const { token } = valueIn(await inviteToWorkspace(ctx, { role: "member", createdBy: host.userId }));
    await joinByInvitation(app(), { token, userId: guest.userId, sessionId: "x" });
    const promoted = valueIn(
      await changeSeat(ctx, { actor: me, targetId: guest.userId, change: { kind: "role", role: "admin" } }),
    );
    expect(promoted).toEqual({ ok: true, email: guest.email, disconnectedApps: 0 });
    expect(valueIn(await memberSeat(ctx, { userId: guest.userId }))?.role).toBe("admin");
  });

  it("another workspace's member is no member here", async () => {
    const here = await owner("here");
    const there = await owner("there");
    const ctx = inWorkspace(here.workspaceId, here.userId);
    const me = { userId: here.userId, role: "owner" as const };
    const outcome = valueIn(await changeSeat(ctx, { actor: me, targetId: there.userId, change: { kind: "remove" } }));
    expect(outcome).toMatchObject({ ok: false, reason: "no_member" });
    expect(
      valueIn(await memberSeat(inWorkspace(there.workspaceId, there.userId), { userId: there.userId }))?.role,
    ).toBe("owner");
  });
});

describe("one-time flashes as use cases", () => {
  /** A live session row of a new account (flashes belong to a session). */
  async function sessionOf(label: string): Promise<string> {
    const { userId } = await owner(label);
    const id = `sess-${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO app_sessions (id, user_id, workspace_id, created_at, expires_at) VALUES (?, ?, NULL, ?, ?)",
    )
      .bind(id, userId, T0, T0 + 86_400_000)
      .run();
    return id;
  }

  it("opens once, for its own session only, and not after five minutes", async () => {
    const mine = await sessionOf("flash-mine");
    const theirs = await sessionOf("flash-theirs");
    const payload = { kind: "success", text: "Saved." };

    const token = valueIn(await sealFlash(app(), { sessionId: mine, payload }));
    expect(valueIn(await openFlash(app(), { sessionId: theirs, token }))).toBeNull();
    expect(valueIn(await openFlash(app(), { sessionId: mine, token }))).toEqual(payload);
    expect(valueIn(await openFlash(app(), { sessionId: mine, token }))).toBeNull();

    const late = valueIn(await sealFlash(app(), { sessionId: mine, payload }));
    // 5 minutes is the flash's life (session-flash.ts FLASH_TTL_MS): one millisecond more reads nothing.
    expect(valueIn(await openFlash(app(T0 + 5 * 60_000 + 1), { sessionId: mine, token: late }))).toBeNull();
    expect(valueIn(await openFlash(app(), { sessionId: mine, token: "x".repeat(65) }))).toBeNull();
  });
});
