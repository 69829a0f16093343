import { normalizeEmail } from "@shared/accounts/email";
import {
  changeSeat,
  inviteToWorkspace,
  memberSeat,
  NO_MEMBER,
  type SeatChangeOutcome,
  withdrawInvitation,
} from "@shared/accounts/member-seats";
import {
  canInviteAs,
  canManageWorkspace,
  decideRemoval,
  isWorkspaceRole,
  type MemberSeat,
  workspaceRoles,
} from "@shared/accounts/roles";
import { workspaceMembers } from "@shared/accounts/workspace-members";
import { hitSubjects } from "@shared/rate-limit/hit-subjects";
import { subjectName } from "@shared/rate-limit/subject-name";
import type { Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { grantsContext } from "../account-context";
import type { AppEnv } from "../app-env";
import { type Flash, redirectWithFlash, takeFlash } from "../flash";
import { appHref } from "../layout/app-href";
import { FlashNotice } from "../layout/flash-notice";
import { Notice, PostForm } from "../layout/form";
import { renderPage } from "../layout/render";
import { linkOrigin, sendAfterAnswer } from "../mail-links";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { tryAgainIn } from "../throttle";
import { ConfirmLeave, ConfirmRemove, MemberTable, OpenInvites, MEMBERS_PATH as PATH } from "./members-view";

/** The new invitation's link, shown once on the members page after the redirect. */
function inviteLinkFlash(url: string, mailedTo: string | null): Flash {
  const how = mailedTo
    ? `We are emailing this link to ${mailedTo}. You can also send it yourself.`
    : "Send this link to the person you invite.";
  return {
    kind: "secret",
    id: "invite-link",
    heading: "Invitation link",
    text: `${how} It works once, for 7 days.`,
    value: url,
  };
}

// Invitations per sender and per workspace (issue 41 #5: 30 went out in 3 s): each may
// mail an address the sender chooses, from this service's own sender.
const INVITE_LIMITS = {
  sender: [{ name: "invitations", limit: 20, periodSeconds: 3600 }],
  workspace: [{ name: "invitations", limit: 50, periodSeconds: 24 * 3600 }],
};

/**
 * The invitation mail. The workspace name is the sender's own text: it stays out of the
 * subject and of any line a mail client could take for a link or an instruction, quoted
 * on a line of its own and said to be the sender's words (issue 41 #5).
 */
function inviteMail(to: string, workspaceName: string, role: string, url: string) {
  const quoted = workspaceName.replace(/[\r\n]+/g, " ").replace(/(https?):\/\//gi, "$1[:]//");
  return {
    to,
    subject: "You are invited to a workspace on Agent Readiness",
    text: [
      `You are invited to join a workspace on Agent Readiness as ${role}. Its name, as the person who invited you typed it:`,
      `    "${quoted}"`,
      "Agent Readiness did not write that name; nothing in it is a message from us.",
      "",
      "Accept here (the link works once, for 7 days):",
      url,
      "",
      "If you do not expect this invitation, ignore this mail.",
    ].join("\n"),
  };
}

async function membersPage(c: Context<AppEnv>, extra: { before?: Child; status?: ContentfulStatusCode } = {}) {
  const workspace = c.get("workspace");
  const { members, invites } = pageValue(await workspaceMembers(pageContext(c), {}));
  const canManage = canManageWorkspace(workspace.role);
  const csrf = c.get("csrfToken");
  const base = appHref(c, "/settings/members");
  return renderPage(c, {
    title: "Members",
    status: extra.status,
    body: (
      <>
        <p>
          Members of <strong>{workspace.name}</strong>. Owners and admins manage keys and members; members can look but
          not change anything.
        </p>
        {extra.before}
        <MemberTable base={base} csrf={csrf} me={me(c)} members={members} />
        {canManage ? (
          <>
            <h2>Invite someone</h2>
            <PostForm action={`${base}/invites`} csrf={csrf}>
              <div class="field">
                <label for="invite-role">Role</label>
                <select id="invite-role" name="role">
                  {workspaceRoles
                    .filter((r) => canInviteAs(workspace.role, r))
                    .map((r) => (
                      <option value={r} selected={r === "member"}>
                        {r}
                      </option>
                    ))}
                </select>
              </div>
              <div class="field">
                <label for="invite-email">Email (optional)</label>
                <input
                  id="invite-email"
                  name="email"
                  type="email"
                  autocomplete="off"
                  aria-describedby="invite-email-hint"
                />
                <p class="hint" id="invite-email-hint">
                  With an address, the link is also emailed to it. The link is shown to you either way.
                </p>
              </div>
              <button type="submit">Create invite link</button>
            </PostForm>
            <OpenInvites base={base} csrf={csrf} invites={invites} />
          </>
        ) : null}
      </>
    ),
  });
}

const membersHref = (c: Context<AppEnv>) => appHref(c, "/settings/members");

/** The signed-in person's own seat in the current workspace. */
function me(c: Context<AppEnv>): MemberSeat {
  return { userId: c.get("user").userId, role: c.get("workspace").role };
}

function refuse(c: Context<AppEnv>, status: ContentfulStatusCode, message: string) {
  return membersPage(c, { before: <Notice kind="error">{message}</Notice>, status });
}

const statusOf = { no_member: 404, not_allowed: 403, last_owner: 409, changed_meanwhile: 409 } as const;

/** A refused seat change: the members page again, with why and its status. */
function refuseSeat(c: Context<AppEnv>, refused: Extract<SeatChangeOutcome, { ok: false }>) {
  return refuse(c, statusOf[refused.reason], refused.message);
}

export function registerMembers(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => membersPage(c, { before: <FlashNotice flash={await takeFlash(c)} /> }));

  app.post(`${PATH}/invites`, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody();
    const role = typeof form.role === "string" && isWorkspaceRole(form.role) ? form.role : null;
    const workspace = c.get("workspace");
    if (!role || !canInviteAs(workspace.role, role)) {
      return refuse(c, 403, "You cannot invite someone with that role.");
    }
    const typedEmail = typeof form.email === "string" ? form.email.trim().slice(0, 320) : "";
    const mailTo = typedEmail ? normalizeEmail(typedEmail) : null;
    if (typedEmail && !mailTo)
      return refuse(c, 400, "Enter an email address such as name@example.com, or leave it empty.");
    const retryAfter = await hitSubjects(c.env.LOGIN_THROTTLE, [
      { name: await subjectName("invite-sender", c.get("user").userId), specs: INVITE_LIMITS.sender },
      { name: await subjectName("invite-workspace", workspace.id), specs: INVITE_LIMITS.workspace },
    ]);
    if (retryAfter > 0) {
      c.header("Retry-After", String(retryAfter));
      return refuse(c, 429, `Too many invitations. ${tryAgainIn(retryAfter)}`);
    }
    const { token } = pageValue(await inviteToWorkspace(pageContext(c), { role, createdBy: c.get("user").userId }));
    const url = `${linkOrigin(c)}/app/invite/${token}`;
    if (mailTo) sendAfterAnswer(c, async () => inviteMail(mailTo, workspace.name, role, url));
    // Post/Redirect/Get: a reload of the members page creates no second invitation.
    return redirectWithFlash(c, membersHref(c), inviteLinkFlash(url, mailTo));
  });

  // Another workspace's invitation id finds no row here, exactly like an unknown id (404).
  app.post(`${PATH}/invites/:inviteId/withdraw`, requireRole("admin"), async (c) => {
    if (!pageValue(await withdrawInvitation(pageContext(c), { inviteId: c.req.param("inviteId") }))) {
      return refuse(c, 404, "No open invitation with that id in this workspace.");
    }
    return redirectWithFlash(c, membersHref(c), {
      kind: "success",
      text: "Invitation withdrawn: its link no longer works.",
    });
  });

  app.get(`${PATH}/leave`, (c) =>
    renderPage(c, {
      title: "Leave workspace",
      body: <ConfirmLeave base={membersHref(c)} csrf={c.get("csrfToken")} workspaceName={c.get("workspace").name} />,
    }),
  );

  // After leaving, the next page resolves another workspace of the user's, or offers to create one.
  app.post(`${PATH}/leave`, async (c) => {
    const left = pageValue(
      await changeSeat(grantsContext(c), { actor: me(c), targetId: me(c).userId, change: { kind: "leave" } }),
    );
    if (!left.ok) return refuseSeat(c, left);
    // The apps this person connected to the workspace went with the seat (issue 41 #1).
    // The left workspace is no longer the user's: /app resolves another one, or offers a new one.
    return c.redirect("/app", 303);
  });

  app.post(`${PATH}/:userId/role`, async (c) => {
    const form = await c.req.parseBody();
    const to = typeof form.role === "string" && isWorkspaceRole(form.role) ? form.role : null;
    if (!to) return refuse(c, 400, "Choose a role: owner, admin or member.");
    const change = { kind: "role", role: to } as const;
    const changed = pageValue(
      await changeSeat(grantsContext(c), { actor: me(c), targetId: c.req.param("userId"), change }),
    );
    if (!changed.ok) return refuseSeat(c, changed);
    return redirectWithFlash(c, membersHref(c), { kind: "success", text: `${changed.email} is now ${to}.` });
  });

  app.get(`${PATH}/:userId/remove`, async (c) => {
    const targetId = c.req.param("userId");
    const seat = pageValue(await memberSeat(pageContext(c), { userId: targetId }));
    if (!seat) return refuse(c, 404, NO_MEMBER);
    const decision = decideRemoval({
      actor: me(c),
      target: { userId: targetId, role: seat.role },
      ownerCount: seat.ownerCount,
    });
    if (!decision.ok) return refuse(c, statusOf[decision.reason], decision.message);
    return renderPage(c, {
      title: "Remove member",
      body: (
        <ConfirmRemove
          base={membersHref(c)}
          csrf={c.get("csrfToken")}
          member={{ userId: targetId, email: seat.email, role: seat.role }}
        />
      ),
    });
  });

  app.post(`${PATH}/:userId/remove`, async (c) => {
    const change = { kind: "remove" } as const;
    const removed = pageValue(
      await changeSeat(grantsContext(c), { actor: me(c), targetId: c.req.param("userId"), change }),
    );
    if (!removed.ok) return refuseSeat(c, removed);
    // Their connected apps (OAuth grants) for this workspace went with the seat, so a
    // refresh token cannot outlive it (issue 41 #1).
    const apps = removed.disconnectedApps;
    return redirectWithFlash(c, membersHref(c), {
      kind: "success",
      text: `Removed ${removed.email}. Their next request to this workspace is refused${apps > 0 ? `, and the ${apps === 1 ? "app" : `${apps} apps`} they connected to it ${apps === 1 ? "is" : "are"} disconnected` : ""}.`,
    });
  });
}
