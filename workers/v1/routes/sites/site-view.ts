import type { z } from "@hono/zod-openapi";
import type { Coverage } from "@shared/sites/site-limits";
import type { SiteRecord } from "@shared/sites/site-row";
import type { SiteSchema } from "@shared/sites/site-schema";
import { PRIVACY_MODE, snippetFor } from "@shared/sites/snippet";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A stored site as the public Site resource. */
export function siteView(site: SiteRecord, baseUrl: string): z.infer<typeof SiteSchema> {
  return {
    site_id: site.id,
    public_token: site.publicToken,
    snippet: snippetFor(site.publicToken, baseUrl),
    privacy: PRIVACY_MODE,
    domain: site.domain,
    name: site.name,
    coverage: site.coverage as Coverage,
    coverage_changed_at: iso(site.coverageChangedAt),
    created_at: new Date(site.createdAt).toISOString(),
    snippet_installed_at: iso(site.snippetInstalledAt),
    last_event_at: iso(site.lastEventAt),
  };
}
