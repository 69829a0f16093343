import { httpAnswerText } from "../../../display/answer-text";
import { fileToJudge, isOk, isSoft404, parseJson } from "../check-helpers";
import { defineCheck } from "../define-check";
import { headerLink } from "./link-header";

/** RFC 9727 api-catalog: a linkset (RFC 9264) whose entries carry service-desc or service-doc. */
export function apiCatalogLinks(body: string): { linkset: boolean; services: string[]; hrefs: string[] } {
  const json = parseJson(body) as { linkset?: unknown } | undefined;
  if (!json || !Array.isArray(json.linkset)) return { linkset: false, services: [], hrefs: [] };
  const services: string[] = [];
  const hrefs: string[] = [];
  for (const entry of json.linkset as Array<Record<string, unknown>>) {
    if (!entry || typeof entry !== "object") continue;
    for (const [rel, targets] of Object.entries(entry)) {
      if (!Array.isArray(targets)) continue;
      for (const t of targets as Array<{ href?: unknown }>) {
        if (typeof t?.href !== "string") continue;
        hrefs.push(t.href);
        if (rel === "service-desc" || rel === "service-doc") services.push(t.href);
      }
    }
  }
  return { linkset: true, services, hrefs };
}

export const apiCatalog = defineCheck({
  key: "api_catalog",
  layer: 5,
  weight: 2,
  run(site) {
    // RFC 9727 §3: the catalog is found at the well-known URI or through a Link header
    // with rel="api-catalog" (RFC 8288) on the site's answers; the crawl fetched a target
    // outside the well-known path under its own path.
    const linked = headerLink(site.home?.fetched, "api-catalog");
    const wellKnown = site.files["/.well-known/api-catalog"];
    let linkedFile: typeof wellKnown;
    try {
      linkedFile = linked ? site.files[new URL(linked.href).pathname] : undefined;
    } catch {
      linkedFile = undefined;
    }
    const f = !isOk(wellKnown) && isOk(linkedFile) ? linkedFile : wellKnown;
    const advertisedBy =
      f === linkedFile
        ? `a Link header on ${site.home?.fetched.url}`
        : linked
          ? "the well-known URI and a Link header"
          : "the well-known URI";
    const { blocked, url } = fileToJudge(site, f, "/.well-known/api-catalog");
    if (blocked) return blocked;
    const status = f?.status ?? 0;
    if (isSoft404(f)) {
      return {
        status: "fail",
        message: `${url} answers an HTML page instead of a linkset (a catch-all route or a "not found" page served with 200), so there is no API catalog.`,
        fix: "Publish /.well-known/api-catalog (RFC 9727) as application/linkset+json, and answer 404 where a file does not exist.",
        evidence: { url, status, contentType: f?.contentType ?? null, soft404: true },
      };
    }
    if (!isOk(f)) {
      return {
        status: "fail",
        message: `${url} is absent (${httpAnswerText(status)}).`,
        fix: 'Publish /.well-known/api-catalog (RFC 9727) as application/linkset+json: {"linkset":[{"anchor":"https://DOMAIN/api","service-desc":[{"href":"https://DOMAIN/openapi.json"}]}]}.',
        evidence: { url, status },
      };
    }
    const parsed = apiCatalogLinks(f.body);
    if (parsed.linkset && parsed.services.length > 0) {
      return {
        status: "pass",
        message: `${url} is a linkset naming ${parsed.services.length} service description(s), found through ${advertisedBy}.`,
        evidence: { url, services: parsed.services, advertisedBy },
      };
    }
    return {
      status: "warn",
      message: `${url} answers but is not a linkset with a service-desc or service-doc link.`,
      fix: 'Serve {"linkset":[{"anchor":...,"service-desc":[{"href":...}]}]} per RFC 9727.',
      evidence: { url, linkset: parsed.linkset, contentType: f.contentType },
    };
  },
});
