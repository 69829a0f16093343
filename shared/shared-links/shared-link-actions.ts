import { hashPassword } from "../accounts/password-hash";
import { passwordProblem } from "../accounts/password-policy";
import { hashSecretToken, newSecretToken } from "../accounts/secret-token";
import { prefixedId } from "../auth/random-token";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
import type { SiteRecord } from "../sites/site-row";
import {
  insertSharedLink,
  liveSharedLinks,
  markRevoked,
  type SharedLinkRecord,
  siteSharedLinks,
} from "./shared-link-store";

// A site's shared links, as its owners and admins manage them (docs/app.md "Shared
// links"): create one (named, optionally with a password; its token is shown once and
// stored only as a hash), list them, revoke one. Each is one function with the read use
// cases' context (shared/context/request-context.ts): the workspace comes from it, so a
// request can neither see nor revoke another workspace's links.

/** Live links per site: enough for every agency and colleague, bounded so a loop cannot fill the table. */
export const SHARED_LINKS_PER_SITE = 20;
export const SHARED_LINK_NAME_MAX = 80;

type SiteRefusal = "invalid_domain" | "site_not_found";

function siteOf(ctx: RequestContext, domain: string): Promise<Result<SiteRecord, SiteRefusal>> {
  return siteByDomain(ctx.env.DB, ctx.workspaceId, domain);
}

export interface CreatedSharedLink {
  link: SharedLinkRecord;
  /** The link's secret, shown once: the address is /app/share/{token}. */
  token: string;
}

export async function createSharedLink(
  ctx: RequestContext,
  input: { domain: string; name: string; password?: string },
): Promise<Result<CreatedSharedLink, SiteRefusal | "invalid_request" | "limit_reached">> {
  const site = await siteOf(ctx, input.domain);
  if (!site.ok) return site;
  const name = input.name.trim();
  if (name.length === 0 || [...name].length > SHARED_LINK_NAME_MAX)
    return refusal("invalid_request", `Name the link in 1 to ${SHARED_LINK_NAME_MAX} characters.`, { field: "name" });
  const password = input.password ?? "";
  const problem = password === "" ? null : passwordProblem(password);
  if (problem) return refusal("invalid_request", problem, { field: "password" });
  const db = database(ctx.env.DB);
  if ((await liveSharedLinks(db, site.value.id)) >= SHARED_LINKS_PER_SITE)
    return refusal(
      "limit_reached",
      `A site has at most ${SHARED_LINKS_PER_SITE} live shared links: revoke one you no longer need first.`,
    );
  const token = newSecretToken();
  const link = await insertSharedLink(db, {
    id: prefixedId("shl"),
    workspaceId: ctx.workspaceId,
    siteId: site.value.id,
    tokenHash: await hashSecretToken(token),
    name,
    passwordHash: password === "" ? null : await hashPassword(password),
    createdBy: ctx.actor.kind === "member" ? ctx.actor.userId : null,
    createdAt: ctx.nowMs,
  });
  return ok({ link, token });
}

export async function listSharedLinks(
  ctx: RequestContext,
  input: { domain: string },
): Promise<Result<{ site: SiteRecord; links: SharedLinkRecord[] }, SiteRefusal>> {
  const site = await siteOf(ctx, input.domain);
  if (!site.ok) return site;
  return ok({ site: site.value, links: await siteSharedLinks(database(ctx.env.DB), ctx.workspaceId, site.value.id) });
}

/** Revokes a live link of the site: from then on its address answers "not found". */
export async function revokeSharedLink(
  ctx: RequestContext,
  input: { domain: string; id: string },
): Promise<Result<SharedLinkRecord, SiteRefusal | "not_found">> {
  const site = await siteOf(ctx, input.domain);
  if (!site.ok) return site;
  const revoked = await markRevoked(
    database(ctx.env.DB),
    { workspaceId: ctx.workspaceId, siteId: site.value.id, id: input.id },
    ctx.nowMs,
  );
  return revoked ? ok(revoked) : refusal("not_found", "No live shared link by that id on this site.");
}
