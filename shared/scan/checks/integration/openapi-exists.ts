import type { Fetched } from "../../types";
import { blockedBy, isOk, looksLikeHtml, parseJson } from "../check-helpers";
import { defineCheck } from "../define-check";
import { headerLink } from "./link-header";

const CANDIDATES = ["/openapi.json", "/.well-known/openapi.json", "/api/openapi.json", "/swagger.json"];

/** Whether a document is an OpenAPI/Swagger description with at least one path. */
export function openApiShape(f: Fetched): { version: string | null; paths: number } {
  const json = parseJson(f.body) as Record<string, unknown> | undefined;
  if (json && typeof json === "object") {
    const version =
      typeof json.openapi === "string" ? json.openapi : typeof json.swagger === "string" ? json.swagger : null;
    const paths = json.paths && typeof json.paths === "object" ? Object.keys(json.paths).length : 0;
    return { version, paths };
  }
  // YAML: only the two top-level keys matter here.
  const version = /^(?:openapi|swagger):\s*["']?([\d.]+)/m.exec(f.body)?.[1] ?? null;
  const paths = /^paths:\s*$/m.test(f.body) ? (f.body.match(/^ {2}\/\S*:\s*$/gm) ?? []).length : 0;
  return { version, paths };
}

export const openapiExists = defineCheck({
  key: "openapi_exists",
  layer: 5,
  weight: 3,
  run(site) {
    // The home page names its service description with <link rel=service-desc> or an
    // RFC 8288 Link header (RFC 8631 §4.1); the crawl fetched it under its path.
    const inHtml = site.home?.page?.headLinks.find((l) => l.rel.split(/\s+/).includes("service-desc"));
    const inHeader = headerLink(site.home?.fetched, "service-desc");
    const serviceDesc = inHtml ?? inHeader;
    const advertisedBy = inHtml ? "link element" : inHeader ? "Link header" : null;
    let servicePath: string | null = null;
    try {
      servicePath = serviceDesc ? new URL(serviceDesc.href, site.origin).pathname : null;
    } catch {
      servicePath = null;
    }
    const paths = [
      ...CANDIDATES,
      ...Object.keys(site.files).filter(
        (p) => !CANDIDATES.includes(p) && (p === servicePath || /openapi|swagger|service/i.test(p)),
      ),
    ];
    const fetched = paths.map((p) => site.files[p]).filter((f): f is Fetched => !!f);
    const found = fetched.filter((f) => isOk(f) && !looksLikeHtml(f));
    const tried = fetched.map((f) => ({ url: f.url, status: f.status }));
    const valid = found.map((f) => ({ f, shape: openApiShape(f) })).find((x) => x.shape.version && x.shape.paths > 0);
    if (valid) {
      return {
        status: "pass",
        message: `OpenAPI ${valid.shape.version} document at ${valid.f.url} with ${valid.shape.paths} paths.`,
        evidence: {
          url: valid.f.url,
          version: valid.shape.version,
          paths: valid.shape.paths,
          serviceDesc: serviceDesc?.href ?? null,
          advertisedBy,
        },
      };
    }
    if (found.length > 0) {
      return {
        status: "warn",
        message: `${found[0].url} answers but is not an OpenAPI document with an openapi/swagger version and paths.`,
        fix: 'Publish a valid OpenAPI 3.x document ("openapi": "3.1.0", "paths": {...}).',
        evidence: { tried },
      };
    }
    const blocked = fetched.map((f) => blockedBy(f, f.url)).find((b) => b);
    if (blocked) return blocked;
    return {
      status: "fail",
      message: `No OpenAPI document found (tried ${tried.map((t) => `${t.url} → ${t.status}`).join(", ")}).`,
      fix: 'Publish /openapi.json describing product search, cart and checkout, and link it with <link rel="service-desc">.',
      evidence: { tried },
    };
  },
});
