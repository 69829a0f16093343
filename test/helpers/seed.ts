// The one way tests put a site row straight into D1, so a test about reports, ingest
// or conversions does not depend on the sites routes. Registration (v1) would create the
// same row; a workspace row is added when the test has none yet (ingest tests).

export interface SeedSite {
  domain: string;
  /** An existing workspace (e.g. a test key's); omitted, a fresh workspace row is created. */
  workspaceId?: string;
  coverage?: string;
  coverageChangedAt?: number | null;
  createdAt?: number;
}

export interface SeededSite {
  id: string;
  workspaceId: string;
  token: string;
  domain: string;
}

export async function seedSite(db: D1Database, site: SeedSite): Promise<SeededSite> {
  const unique = crypto.randomUUID().replaceAll("-", "");
  const id = `site_${unique}`;
  const token = `pt_${unique}`;
  const now = site.createdAt ?? Date.now();
  const workspaceId = site.workspaceId ?? `ws_${unique.slice(0, 12)}`;
  const statements = [
    db
      .prepare(
        `INSERT INTO sites (id, workspace_id, domain, name, public_token, coverage, coverage_changed_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        workspaceId,
        site.domain,
        site.domain,
        token,
        site.coverage ?? "all_traffic",
        site.coverageChangedAt ?? null,
        now,
      ),
  ];
  if (site.workspaceId === undefined) {
    statements.unshift(
      db.prepare("INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)").bind(workspaceId, workspaceId, now),
    );
  }
  await db.batch(statements);
  return { id, workspaceId, token, domain: site.domain };
}
