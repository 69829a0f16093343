import type { GrantSummary, OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { GrantMetadata } from "./authorization-server";

/** One connected app as Settings lists it. */
export interface ConnectedApp {
  grantId: string;
  clientName: string;
  scopes: string[];
  createdAt: number;
  expiresAt: number | null;
}

function metadataOf(grant: GrantSummary): Partial<GrantMetadata> {
  return grant.metadata && typeof grant.metadata === "object" ? (grant.metadata as Partial<GrantMetadata>) : {};
}

/** Every grant `userId` gave, across the library's pages (a person has a handful). */
export async function listAllUserGrants(oauth: OAuthHelpers, userId: string): Promise<GrantSummary[]> {
  const grants: GrantSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await oauth.listUserGrants(userId, { cursor });
    grants.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return grants;
}

/** The apps `userId` connected to `workspaceId`, newest first. */
export async function connectedApps(oauth: OAuthHelpers, userId: string, workspaceId: string): Promise<ConnectedApp[]> {
  const grants = await listAllUserGrants(oauth, userId);
  return grants
    .filter((g) => metadataOf(g).workspaceId === workspaceId)
    .map((g) => ({
      grantId: g.id,
      clientName: metadataOf(g).clientName ?? g.clientId,
      scopes: g.scope,
      createdAt: g.createdAt * 1000,
      expiresAt: g.expiresAt ? g.expiresAt * 1000 : null,
    }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** The grant ids `userId` gave the same client, redirect URI and workspace (replaced on re-authorization). */
export async function earlierGrants(
  oauth: OAuthHelpers,
  userId: string,
  request: { clientId: string; redirectUri: string },
  workspaceId: string,
): Promise<string[]> {
  const grants = await listAllUserGrants(oauth, userId);
  return grants
    .filter(
      (g) =>
        g.clientId === request.clientId &&
        (g.redirectUri === undefined || g.redirectUri === request.redirectUri) &&
        metadataOf(g).workspaceId === workspaceId,
    )
    .map((g) => g.id);
}

/**
 * Revokes every grant `userId` gave (access and refresh tokens with each), or only those
 * bound to `workspaceId`: the app's tokens stop at once and its refresh is refused. Called
 * wherever the account is taken back or a seat ends (issue 41 #1): a password change or
 * reset, "End all sessions", leaving or being removed from a workspace, account deletion.
 * Returns how many were revoked, for the page that says so.
 */
export async function revokeUserGrants(oauth: OAuthHelpers, userId: string, workspaceId?: string): Promise<number> {
  const grants = await listAllUserGrants(oauth, userId);
  const revoked = grants.filter((g) => workspaceId === undefined || metadataOf(g).workspaceId === workspaceId);
  await Promise.all(revoked.map((g) => oauth.revokeGrant(g.id, userId)));
  return revoked.length;
}
