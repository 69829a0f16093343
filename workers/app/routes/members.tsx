import { createInvite, listPendingInvites } from "@shared/accounts/invite-repository";
import { canInviteAs, canManageWorkspace, isWorkspaceRole, workspaceRoles } from "@shared/accounts/roles";
import { listMembers } from "@shared/accounts/workspace-repository";
import { database } from "@shared/db/client";
import type { Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { DataTable } from "../layout/data-table";
import { Notice, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { ShownOnce } from "../layout/shown-once";
import { requireRole } from "../middleware/require-role";
import { requireSignIn, requireWorkspace } from "../middleware/session";

const PATH = "/app/settings/members";

function InviteLink(props: { url: string }) {
  return (
    <ShownOnce id="invite-link" heading="Invitation link" value={props.url}>
      Send this link to the person you invite. It works once, for 7 days. The service sends no email.
    </ShownOnce>
  );
}

async function membersPage(c: Context<AppEnv>, extra: { before?: Child; status?: ContentfulStatusCode } = {}) {
  const workspace = c.get("workspace");
  const db = database(c.env.DB);
  const [members, invites] = await Promise.all([listMembers(db, workspace.id), listPendingInvites(db, workspace.id)]);
  const canManage = canManageWorkspace(workspace.role);
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
        <DataTable columns={["Email", "Role", "Joined"]}>
          {members.map((m) => (
            <tr>
              <td data-label="Email">{m.email}</td>
              <td data-label="Role">{m.role}</td>
              <td data-label="Joined">
                <Time at={m.joinedAt} />
              </td>
            </tr>
          ))}
        </DataTable>
        {canManage ? (
          <>
            <h2>Invite someone</h2>
            <PostForm action={`${PATH}/invites`} csrf={c.get("csrfToken")}>
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
              <button type="submit">Create invite link</button>
            </PostForm>
            {invites.length > 0 ? (
              <>
                <h2>Open invitations</h2>
                <ul>
                  {invites.map((i) => (
                    <li>
                      {i.role}, created <Time at={i.createdAt} />, expires <Time at={i.expiresAt} />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </>
    ),
  });
}

export function registerMembers(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());
  app.use(`${PATH}/*`, requireSignIn(), requireWorkspace());

  app.get(PATH, (c) => membersPage(c));

  app.post(`${PATH}/invites`, requireRole("admin"), async (c) => {
    const form = await c.req.parseBody();
    const role = typeof form.role === "string" && isWorkspaceRole(form.role) ? form.role : null;
    const workspace = c.get("workspace");
    if (!role || !canInviteAs(workspace.role, role)) {
      return membersPage(c, {
        before: <Notice kind="error">You cannot invite someone with that role.</Notice>,
        status: 403,
      });
    }
    const { token } = await createInvite(database(c.env.DB), {
      workspaceId: workspace.id,
      role,
      createdBy: c.get("user").userId,
    });
    const url = `${new URL(c.req.url).origin}/app/invite/${token}`;
    return membersPage(c, { before: <InviteLink url={url} />, status: 201 });
  });
}
