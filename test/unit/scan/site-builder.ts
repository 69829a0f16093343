import { extractPage } from "../../../shared/scan/html/extract-page";
import type { Fetched, PageVisit, SiteSnapshot } from "../../../shared/scan/types";

// Builds crawl snapshots for check tests: real HTML through the real extractor, HTTP
// answers described field by field. Everything not given is absent (as if not found).

export const ORIGIN = "https://shop.example";

export function fetched(path: string, fields: Partial<Fetched> = {}): Fetched {
  const url = path.startsWith("http") ? path : `${ORIGIN}${path}`;
  const body = fields.body ?? "";
  return {
    url,
    finalUrl: url,
    status: 200,
    contentType: "text/html",
    headers: {},
    body,
    bytes: new TextEncoder().encode(body).byteLength,
    truncated: false,
    ms: 100,
    redirects: [],
    error: null,
    challenge: null,
    robotsBlocked: false,
    ...fields,
  };
}

export function text(path: string, body: string, fields: Partial<Fetched> = {}): Fetched {
  return fetched(path, { contentType: "text/plain", body, ...fields });
}

export function json(path: string, value: unknown, fields: Partial<Fetched> = {}): Fetched {
  return fetched(path, { contentType: "application/json", body: JSON.stringify(value), ...fields });
}

export function missing(path: string): Fetched {
  return fetched(path, { status: 404, body: "not found" });
}

export function challenged(path: string): Fetched {
  return fetched(path, { status: 403, challenge: "Cloudflare", headers: { "cf-mitigated": "challenge" } });
}

export async function page(path: string, html: string, fields: Partial<Fetched> = {}): Promise<PageVisit> {
  const f = fetched(path, { body: html, ...fields });
  return { fetched: f, page: await extractPage(html) };
}

export function html(head: string, body = ""): string {
  return `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
}

export function ld(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
}

export function site(parts: Partial<SiteSnapshot> = {}): SiteSnapshot {
  return {
    domain: "shop.example",
    origin: ORIGIN,
    userAgentToken: "AgentReadinessScanner",
    robots: missing("/robots.txt"),
    home: null,
    parity: null,
    markdownProbe: null,
    sitemaps: [],
    llms: missing("/llms.txt"),
    llmsFull: missing("/llms-full.txt"),
    files: {},
    products: [],
    category: null,
    cart: [],
    discovery: {
      homeIsProduct: false,
      productLinksHome: [],
      productLinksCategory: [],
      productLinksSitemap: [],
      categoryCandidates: [],
      cartLinks: [],
      cartScriptControls: [],
    },
    robotsGate: { kind: "allow-all" },
    journey: null,
    unreachable: null,
    ...parts,
  };
}
