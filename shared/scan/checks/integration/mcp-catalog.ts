import type { Fetched, SiteSnapshot } from "../../types";
import { isMachineReadable, parseJson } from "../check-helpers";
import { bounded, cacheControl, corsOpen, type Finding, mediaType } from "./discovery-finding";

// MCP discovery after SEP-2127 (Server Cards, Final; modelcontextprotocol.io/seps/2127):
// a site lists its servers in the AI Catalog at /.well-known/ai-catalog.json
// (Agent-Card/ai-catalog specification/ai-catalog.md: media type
// application/ai-catalog+json, `specVersion` and `entries`, each entry an `identifier`
// (the `urn:air:{publisher}:{namespace}:{name}` form keeps it stable), a `type` and a
// `url`), or during the transition in the MCP Catalog at /.well-known/mcp/catalog.json
// (modelcontextprotocol/experimental-ext-server-card docs/discovery.md). An MCP entry has
// type application/mcp-server-card+json (older drafts: `mediaType`
// application/mcp-server+json). Each entry's `url` is the Server Card; MCP reserves
// `<streamable-http url>/server-card` for it and recommends against .well-known.
// Discovery endpoints MUST send `Access-Control-Allow-Origin: *` and SHOULD send
// `Cache-Control: public, max-age=3600` (docs/discovery.md "CORS Requirements", "Caching").

export const AI_CATALOG_PATH = "/.well-known/ai-catalog.json";
export const MCP_CATALOG_PATH = "/.well-known/mcp/catalog.json";
/** Before SEP-2127: a card at a well-known path of the site (still read, never required). */
export const LEGACY_CARD_PATH = "/.well-known/mcp.json";

const CARD_TYPES = ["application/mcp-server-card+json", "application/mcp-server+json"];

type Obj = Record<string, unknown>;

export interface CatalogEntry {
  identifier: string | null;
  type: string;
  url: string;
}

export interface CatalogRead {
  url: string;
  /** Entries whose type is an MCP server card, with an absolute URL. */
  mcpEntries: CatalogEntry[];
  entries: number;
  findings: Finding[];
}

/** A catalog that answered as JSON (null when the path is absent or an HTML page). */
export function readCatalog(f: Fetched | undefined, path: string): CatalogRead | null {
  if (!isMachineReadable(f)) return null;
  const findings: Finding[] = [];
  const json = parseJson(f.body) as Obj | undefined;
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    findings.push({ code: "CATALOG_NOT_JSON", severity: "error", detail: `${f.url} is not a JSON object` });
    return { url: f.url, mcpEntries: [], entries: 0, findings };
  }
  if (typeof json.specVersion !== "string")
    findings.push({ code: "CATALOG_SPEC_VERSION", severity: "error", detail: `${f.url} has no specVersion string` });
  const raw = Array.isArray(json.entries) ? (json.entries as unknown[]) : null;
  if (!raw) findings.push({ code: "CATALOG_ENTRIES", severity: "error", detail: `${f.url} has no entries array` });
  if (path === AI_CATALOG_PATH && mediaType(f) !== "application/ai-catalog+json")
    findings.push({
      code: "CATALOG_MEDIA_TYPE",
      severity: "note",
      detail: `${f.url} is served as ${mediaType(f) || "no media type"}, not application/ai-catalog+json`,
    });
  if (!corsOpen(f))
    findings.push({
      code: "CATALOG_CORS",
      severity: "error",
      detail: `${f.url} does not send Access-Control-Allow-Origin: *, so browser-based agents cannot read it`,
    });
  const cache = cacheControl(f);
  if (!cache.public || !cache.maxAge)
    findings.push({
      code: "CATALOG_CACHE",
      severity: "note",
      detail: `${f.url} sends ${cache.raw ? `Cache-Control: ${cache.raw}` : "no Cache-Control"}, not a public cache lifetime`,
    });
  const mcpEntries: CatalogEntry[] = [];
  // The first 50 entries are read: a catalog is a short list of a site's own servers.
  for (const e of (raw ?? []).slice(0, 50) as Obj[]) {
    if (!e || typeof e !== "object") continue;
    const type = typeof e.type === "string" ? e.type : typeof e.mediaType === "string" ? e.mediaType : "";
    if (!CARD_TYPES.includes(type)) continue;
    if (type !== CARD_TYPES[0] || typeof e.type !== "string")
      findings.push({
        code: "ENTRY_TYPE_DRAFT",
        severity: "note",
        detail: `an entry names its card as ${typeof e.type === "string" ? "type" : "mediaType"} ${type}; the AI Catalog uses type ${CARD_TYPES[0]}`,
      });
    const identifier = typeof e.identifier === "string" ? e.identifier : null;
    if (!identifier?.startsWith("urn:air:"))
      findings.push({
        code: "ENTRY_IDENTIFIER",
        severity: "note",
        detail: `the entry for ${String(e.url ?? "?")} has identifier ${identifier ?? "(none)"}, not a urn:air: name`,
      });
    let url: string | null = null;
    try {
      const u = typeof e.url === "string" ? new URL(e.url, f.finalUrl) : null;
      if (u) u.hash = "";
      url = u?.href ?? null;
    } catch {
      url = null;
    }
    if (!url) {
      findings.push({ code: "ENTRY_URL", severity: "error", detail: `an MCP entry of ${f.url} has no usable url` });
      continue;
    }
    mcpEntries.push({ identifier, type, url });
  }
  return { url: f.url, mcpEntries, entries: raw?.length ?? 0, findings: bounded(findings) };
}

export interface CardRead {
  url: string;
  name: string | null;
  /** The Streamable HTTP endpoint the card names (remotes[] of type streamable-http, or a pre-SEP url field). */
  endpoint: string | null;
  findings: Finding[];
}

/** A server card (schema.ts of the extension: `name` in reverse-DNS form, `remotes[]`). */
export function readServerCard(f: Fetched, legacy = false): CardRead {
  const findings: Finding[] = [];
  const json = parseJson(f.body) as Obj | undefined;
  const remotes = Array.isArray(json?.remotes) ? (json.remotes as Obj[]) : [];
  const streamable = remotes.find(
    (r) => r && typeof r.url === "string" && (r.type ?? "streamable-http") === "streamable-http",
  );
  // Pre-SEP cards named the endpoint directly (url, endpoint, transport.url).
  const direct = json && (json.url ?? json.endpoint ?? (json.transport as Obj | undefined)?.url);
  const raw = streamable?.url ?? (legacy ? direct : undefined);
  let endpoint: string | null = null;
  try {
    endpoint = typeof raw === "string" ? new URL(raw, f.finalUrl).href : null;
  } catch {
    endpoint = null;
  }
  const name = json && typeof json.name === "string" ? json.name : json?.serverInfo ? "serverInfo" : null;
  if (!json || typeof json !== "object") {
    findings.push({ code: "CARD_NOT_JSON", severity: "error", detail: `${f.url} is not a JSON server card` });
  } else {
    if (!name) findings.push({ code: "CARD_NAME", severity: "error", detail: `the card at ${f.url} has no name` });
    if (!endpoint)
      findings.push({
        code: "CARD_REMOTE",
        severity: "error",
        detail: `the card at ${f.url} names no streamable-http remote (remotes[].url)`,
      });
  }
  if (!legacy) {
    if (mediaType(f) !== "application/mcp-server-card+json")
      findings.push({
        code: "CARD_MEDIA_TYPE",
        severity: "note",
        detail: `${f.url} is served as ${mediaType(f) || "no media type"}, not application/mcp-server-card+json`,
      });
    if (new URL(f.url).pathname.startsWith("/.well-known/"))
      findings.push({
        code: "CARD_LOCATION",
        severity: "note",
        detail: `the card sits under /.well-known; SEP-2127 reserves <endpoint>/server-card for it`,
      });
    if (!corsOpen(f))
      findings.push({
        code: "CARD_CORS",
        severity: "error",
        detail: `${f.url} does not send Access-Control-Allow-Origin: *`,
      });
  }
  return { url: f.url, name: name?.slice(0, 200) ?? null, endpoint, findings: bounded(findings) };
}

/** The path under which the crawl keeps a fetched card (site.files is keyed by path). */
export function cardPath(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** The readable catalogs of a crawl, AI Catalog first. */
export function catalogsOf(site: Pick<SiteSnapshot, "files">): CatalogRead[] {
  return [AI_CATALOG_PATH, MCP_CATALOG_PATH]
    .map((p) => readCatalog(site.files[p], p))
    .filter((c): c is CatalogRead => c !== null);
}

/**
 * The MCP endpoints the catalogs' server cards name, with the catalog path that listed
 * each: the journey asks them for tools/list like any advertised endpoint.
 */
export function catalogMcpEndpoints(site: Pick<SiteSnapshot, "files">): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const catalog of catalogsOf(site)) {
    for (const entry of catalog.mcpEntries) {
      const f = site.files[cardPath(entry.url)];
      if (!isMachineReadable(f) || f.url !== entry.url) continue;
      const card = readServerCard(f);
      if (card.endpoint) out.push([card.endpoint, new URL(catalog.url).pathname]);
    }
  }
  return out;
}
