/** The columns of a site the v1 site resources show. */
export interface SiteRecord {
  id: string;
  workspaceId: string;
  domain: string;
  name: string;
  publicToken: string;
  coverage: string;
  coverageChangedAt: number | null;
  createdAt: number;
  snippetInstalledAt: number | null;
  lastEventAt: number | null;
}

/** A raw D1 row (snake_case columns) as a SiteRecord. */
export function siteRecordFromD1(r: Record<string, unknown>): SiteRecord {
  return {
    id: r.id as string,
    workspaceId: r.workspace_id as string,
    domain: r.domain as string,
    name: r.name as string,
    publicToken: r.public_token as string,
    coverage: r.coverage as string,
    coverageChangedAt: (r.coverage_changed_at as number | null) ?? null,
    createdAt: r.created_at as number,
    snippetInstalledAt: (r.snippet_installed_at as number | null) ?? null,
    lastEventAt: (r.last_event_at as number | null) ?? null,
  };
}
