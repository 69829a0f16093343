import { invites } from "@schema";
import { and, eq, isNull, not, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { canInviteAs, type WorkspaceRole, workspaceRoles } from "./roles";

/** The roles a creator must still hold for an invitation of `role` to stand. */
export function rolesThatMayInviteAs(role: WorkspaceRole): WorkspaceRole[] {
  return workspaceRoles.filter((held) => canInviteAs(held, role));
}

/**
 * An invitation stands only while its creator could still make it (issue 25 #3: a removed
 * admin rejoined through a link made before the removal): the creator is a member of the
 * workspace with a role that may invite as the invitation's role. Checked when the link is
 * opened and again inside the accepting UPDATE; the membership writes also delete the
 * invitations that stop standing (`withdrawInvitesOf`), so the Members page stops listing them.
 */
export function creatorStillMayInvite(): SQL {
  // One CASE arm per invitation role, generated from the role rule; the outer table is
  // named in full because drizzle writes columns unqualified in UPDATE statements.
  const arms = workspaceRoles.map(
    (role) =>
      sql`WHEN ${role} THEN m.role IN (${sql.join(
        rolesThatMayInviteAs(role).map((held) => sql`${held}`),
        sql`, `,
      )})`,
  );
  return sql`EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = "invites"."workspace_id"
    AND m.user_id = "invites"."created_by" AND CASE "invites"."role" ${sql.join(arms, sql` `)} ELSE 0 END)`;
}

/**
 * Deletes the open invitations `userId` made in this workspace that no longer stand
 * (`creatorStillMayInvite`): after a removal, a leave or a demotion, in the same batch as
 * the membership write. Reads the membership as it is after that write, so when the write
 * changed nothing (a guard failed) nothing is withdrawn.
 */
export function withdrawInvitesNoLongerStanding(db: Database, input: { workspaceId: string; userId: string }) {
  return db
    .delete(invites)
    .where(
      and(
        eq(invites.workspaceId, input.workspaceId),
        eq(invites.createdBy, input.userId),
        isNull(invites.acceptedAt),
        not(creatorStillMayInvite()),
      ),
    );
}
