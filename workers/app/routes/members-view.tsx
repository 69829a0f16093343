import { decideRemoval, decideRoleChange, type MemberSeat, workspaceRoles } from "@shared/accounts/roles";
import type { MemberRow, PendingInviteRow } from "@shared/accounts/workspace-members";
import { DataTable } from "../layout/data-table";
import { ConfirmActions, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";

/** Where the members routes are declared; links use `appHref(c, "/settings/members")`. */
export const MEMBERS_PATH = "/app/settings/members";

// The buttons follow what the viewer's role allows; the last-owner rule depends on the
// other owners at the moment of the write, so it is not guessed here: the form is shown
// and the answer says "make someone else owner first" (409). Any owner count above one
// stands for "not the last owner" below.
const NOT_LAST = 2;

/** Roles the viewer may give this member (the current one included), or none to offer. */
function roleChoices(me: MemberSeat, member: MemberSeat) {
  const choices = workspaceRoles.filter(
    (to) => to === member.role || decideRoleChange({ actor: me, target: member, to, ownerCount: NOT_LAST }).ok,
  );
  return choices.length > 1 ? choices : [];
}

function RoleForm(props: { base: string; csrf: string; member: MemberRow; choices: readonly string[] }) {
  const { member } = props;
  const id = `role-${member.userId}`;
  return (
    <PostForm action={`${props.base}/${member.userId}/role`} csrf={props.csrf} class="inline-form">
      <label for={id} class="visually-hidden">
        Role of {member.email}
      </label>
      <select id={id} name="role">
        {props.choices.map((r) => (
          <option value={r} selected={r === member.role}>
            {r}
          </option>
        ))}
      </select>
      <button type="submit" class="secondary" aria-describedby={`email-${member.userId}`}>
        Change role
      </button>
    </PostForm>
  );
}

/** A GET form to a confirmation page (like Revoke on the API keys page). */
function ConfirmLink(props: { action: string; label: string; describedBy: string }) {
  return (
    <form method="get" action={props.action} class="inline-form">
      <button type="submit" class="danger" aria-describedby={props.describedBy}>
        {props.label}
      </button>
    </form>
  );
}

function MemberActions(props: { base: string; csrf: string; me: MemberSeat; member: MemberRow }) {
  const { me, member } = props;
  const describedBy = `email-${member.userId}`;
  const choices = roleChoices(me, member);
  // Your own row: step down (owners and admins) and leave; removing yourself is leaving.
  const own = member.userId === me.userId;
  const mayRemove = !own && decideRemoval({ actor: me, target: member, ownerCount: NOT_LAST }).ok;
  return (
    <>
      {choices.length > 0 ? <RoleForm base={props.base} csrf={props.csrf} member={member} choices={choices} /> : null}
      {own ? <ConfirmLink action={`${props.base}/leave`} label="Leave workspace" describedBy={describedBy} /> : null}
      {mayRemove ? (
        <ConfirmLink action={`${props.base}/${member.userId}/remove`} label="Remove" describedBy={describedBy} />
      ) : null}
    </>
  );
}

export function MemberTable(props: { base: string; csrf: string; me: MemberSeat; members: MemberRow[] }) {
  return (
    <DataTable
      caption={{ text: "Members of this workspace, in the order they joined", visible: false }}
      columns={["Email", "Role", "Joined", "Actions"]}
    >
      {props.members.map((m) => (
        <tr data-member-id={m.userId}>
          <td data-label="Email" id={`email-${m.userId}`}>
            {m.email}
            {m.userId === props.me.userId ? " (you)" : ""}
          </td>
          <td data-label="Role">{m.role}</td>
          <td data-label="Joined">
            <Time at={m.joinedAt} />
          </td>
          <td data-label="Actions">
            <MemberActions base={props.base} csrf={props.csrf} me={props.me} member={m} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function OpenInvites(props: { base: string; csrf: string; invites: PendingInviteRow[] }) {
  if (props.invites.length === 0) return null;
  return (
    <>
      <h2>Open invitations</h2>
      <ul>
        {props.invites.map((i) => (
          <li data-invite-id={i.id}>
            <span id={`invite-${i.id}`}>
              {i.role}, created <Time at={i.createdAt} />, expires <Time at={i.expiresAt} />
            </span>
            <PostForm action={`${props.base}/invites/${i.id}/withdraw`} csrf={props.csrf} class="inline-form">
              <button type="submit" class="secondary" aria-describedby={`invite-${i.id}`}>
                Withdraw
              </button>
            </PostForm>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ConfirmRemove(props: {
  base: string;
  csrf: string;
  member: { userId: string; email: string; role: string };
}) {
  return (
    <>
      <p>
        Remove <strong>{props.member.email}</strong> ({props.member.role}) from this workspace? They lose access from
        their next request on. API keys they created belong to the workspace and keep working until revoked.
      </p>
      <ConfirmActions
        action={`${props.base}/${props.member.userId}/remove`}
        csrf={props.csrf}
        label="Confirm remove"
        cancelHref={props.base}
      />
    </>
  );
}

export function ConfirmLeave(props: { base: string; csrf: string; workspaceName: string }) {
  return (
    <>
      <p>
        Leave <strong>{props.workspaceName}</strong>? You lose access at once; only a new invitation brings you back.
      </p>
      <ConfirmActions action={`${props.base}/leave`} csrf={props.csrf} label="Confirm leave" cancelHref={props.base} />
    </>
  );
}
