import { prefixedId } from "../auth/random-token";
import type { RequestContext } from "../context/request-context";
import { normalizeRegistrableDomain } from "../domains/normalize-domain";
import { ok, type Result, refusal } from "../result/result";
import { SITES_PER_WORKSPACE } from "./site-limits";
import { type SiteRecord, siteRecordFromD1 } from "./site-row";

export interface RegisterResult {
  site: SiteRecord;
  created: boolean;
}

// One conditional INSERT decides both rules at once, inside D1's single writer:
// - idempotency: the unique index (workspace_id, domain) turns a repeat into DO NOTHING,
//   so 20 concurrent POSTs of one domain create one row;
// - the ceiling: the row is inserted only while the workspace holds fewer than
//   SITES_PER_WORKSPACE sites, so concurrent registrations cannot overshoot.
// The SELECT in the same batch (one transaction) reads the row back either way.
// drizzle cannot express INSERT ... SELECT ... WHERE (subquery), hence raw SQL.
const INSERT_IF_ROOM = `INSERT INTO sites (id, workspace_id, domain, name, public_token, coverage, created_at)
  SELECT ?1, ?2, ?3, ?4, ?5, 'all_traffic', ?6
  WHERE (SELECT count(*) FROM sites WHERE workspace_id = ?2) < ?7
  ON CONFLICT (workspace_id, domain) DO NOTHING`;
const SELECT_BY_DOMAIN = "SELECT * FROM sites WHERE workspace_id = ?1 AND domain = ?2";

/**
 * Registers `domain` (normalised here: lowercase, punycode, no www.) in the workspace:
 * created, or the existing site unchanged. Refused `invalid_domain` / `public_suffix`
 * for a host that cannot be a shop, `limit_reached` for a new domain at the ceiling
 * (nothing is created). `name` defaults to the domain. The workspace and the creation
 * time are the context's.
 */
export async function registerSite(
  ctx: RequestContext,
  input: { domain: string; name?: string },
): Promise<Result<RegisterResult, "invalid_domain" | "public_suffix" | "limit_reached">> {
  const normalized = normalizeRegistrableDomain(input.domain);
  if (!normalized.ok) return refusal(normalized.code, normalized.message);
  const domain = normalized.domain;
  const name = input.name?.trim() || domain;
  const id = prefixedId("site");
  const d1 = ctx.env.DB;
  const [inserted, selected] = await d1.batch([
    d1
      .prepare(INSERT_IF_ROOM)
      .bind(id, ctx.workspaceId, domain, name, prefixedId("pt", 24), ctx.nowMs, SITES_PER_WORKSPACE),
    d1.prepare(SELECT_BY_DOMAIN).bind(ctx.workspaceId, domain),
  ]);
  const row = (selected.results as Record<string, unknown>[])[0];
  if (!row) {
    return refusal(
      "limit_reached",
      `The workspace holds ${SITES_PER_WORKSPACE} sites, the ceiling; existing sites keep working`,
    );
  }
  return ok({ site: siteRecordFromD1(row), created: inserted.meta.changes === 1 && row.id === id });
}
