import type { PolicyMark } from "./policy-document.js";
/**
 * One served request, as an adapter sees it once the shop has answered. Everything the
 * service reads (docs/ingest.md, "Server-side events"); nothing else leaves the shop.
 */
export interface RequestFacts {
  method: string;
  /** The absolute URL the visitor asked for (scheme and host as the visitor used them). */
  url: string | URL;
  /** The status the shop answered. */
  status: number;
  /** The answer's Content-Type, when the adapter can see it. */
  contentType?: string | null;
  /** Reads a request header by its lower-case name. */
  header: (name: string) => string | null | undefined;
  /** The client's IP as the shop trusts it (behind a proxy: the proxy's forwarded address). */
  ip?: string | null;
  /** When the request was served, epoch ms; the collector's clock when absent. */
  timestamp?: number;
}

/** The record `POST /api/v1/events` takes (`ServerEventInput` in the v1 OpenAPI document). */
export interface EventRecord {
  timestamp: number;
  domain: string;
  path: string;
  method: string;
  status: number;
  user_agent: string | null;
  ip: string | null;
  referer: string | null;
  headers?: {
    signature?: string;
    "signature-input"?: string;
    "signature-agent"?: string;
    "ucp-agent"?: string;
  };
  /** An agentic checkout's end (agentic-record.ts); absent on a page's record. */
  order?: OrderFacts;
  /** The policy's decision when it stopped the request (policy-gate.ts); absent otherwise. */
  policy?: PolicyMark;
}

/** What an agentic order record says of the order: `ServerEventInput.order` in the v1 OpenAPI document. */
export interface OrderFacts {
  protocol: "acp" | "ucp";
  binding: "rest" | "mcp";
  outcome: "completed" | "canceled" | "failed";
  checkout_id: string;
  order_id?: string;
  amount_minor?: number;
  currency?: string;
}

// The service's bounds per field (shared/ways-in/server-events.ts, `serverEventItem`): a
// field past its bound makes the service reject the whole record as invalid_request.
const MAX_PATH = 2048;
const MAX_USER_AGENT = 1024;
const MAX_REFERER = 2048;
const MAX_SIGNATURE_HEADER = 4096;
const MAX_UCP_AGENT = 2048;

const DOCUMENT_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const PAGE_EXTENSIONS = new Set(["html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "cfm", "shtml"]);
const ASSET_PREFIXES = ["/_next/", "/_nuxt/", "/_vercel/", "/cdn/", "/.well-known/", "/wp-content/", "/wp-includes/"];

/**
 * The service's own document rule (shared/drains/document-request.ts), copied because
 * this package depends on nothing; test/collectors/record.test.ts holds the two together.
 * The Content-Type decides when there is one; else the path does.
 */
export function isDocument(path: string, contentType: string | null | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type) return DOCUMENT_TYPES.has(type);
  const end = path.search(/[?#]/);
  const bare = (end === -1 ? path : path.slice(0, end)).toLowerCase();
  if (ASSET_PREFIXES.some((p) => bare.startsWith(p))) return false;
  const last = bare.slice(bare.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  return dot <= 0 || PAGE_EXTENSIONS.has(last.slice(dot + 1));
}

/**
 * Which requests are sent. `POST /api/v1/events` makes every record a page view
 * (docs/ingest.md, "Server-side events"), so only pages go: a GET answered with a
 * document, except redirects (the page is counted where the redirect lands). 4xx and
 * 5xx pages go too: an AI agent's 404 is what the errors report lists. `/robots.txt`
 * goes as well, because the robots.txt-compliance report needs to see agents fetch it
 * (docs/integrations/node.md, "What is sent").
 */
export function isForwarded(method: string, path: string, status: number, contentType?: string | null): boolean {
  if (method.toUpperCase() !== "GET") return false;
  if (path === "/robots.txt") return true;
  if (status >= 300 && status < 400 && status !== 304) return false;
  return isDocument(path, contentType);
}

const cut = (v: string | null | undefined, max: number): string | null => (v ? v.slice(0, max) : null);
const within = (v: string | null | undefined, max: number): string | undefined =>
  v && v.length <= max ? v : undefined;

// An address the service can parse, or nothing: a malformed ip would reject the record.
export function cleanIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const bare = ip.trim().replace(/%.*$/, "");
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bare)) return bare;
  if (/^[0-9a-f:.]+$/i.test(bare) && bare.includes(":") && bare.length <= 64) return bare;
  return null;
}

/**
 * The record for one request, or null when it is not sent (the `include` rule, or a URL
 * that does not parse). `domain` replaces the URL's host when the app sees an internal one.
 */
export function toEventRecord(
  facts: RequestFacts,
  now: number,
  domain: string | undefined,
  include: typeof isForwarded = isForwarded,
): EventRecord | null {
  const url = typeof facts.url === "string" ? new URL(facts.url) : facts.url;
  const path = url.pathname + url.search;
  if (!include(facts.method, path, facts.status, facts.contentType)) return null;
  const header = (name: string) => facts.header(name) ?? null;
  const forwarded = forwardedHeaders(header);
  return {
    timestamp: facts.timestamp ?? now,
    domain: domain ?? url.hostname,
    path: path.slice(0, MAX_PATH),
    method: facts.method.toUpperCase(),
    status: facts.status,
    user_agent: cut(header("user-agent"), MAX_USER_AGENT),
    ip: cleanIp(facts.ip),
    // A referrer past the bound would lose its meaning if cut: left out instead.
    referer: within(header("referer"), MAX_REFERER) ?? null,
    ...(forwarded ? { headers: forwarded } : {}),
  };
}

/**
 * The only request headers a record carries: Web Bot Auth's three (the service verifies
 * the signature on them) and `UCP-Agent` (a declared identity), each within its bound.
 * Nothing else of the request leaves the shop. Undefined when none is present.
 */
export function forwardedHeaders(header: (name: string) => string | null): EventRecord["headers"] {
  const signed = {
    signature: within(header("signature"), MAX_SIGNATURE_HEADER),
    "signature-input": within(header("signature-input"), MAX_SIGNATURE_HEADER),
    "signature-agent": within(header("signature-agent"), MAX_SIGNATURE_HEADER),
    "ucp-agent": within(header("ucp-agent"), MAX_UCP_AGENT),
  };
  const present = Object.entries(signed).filter(([, v]) => v !== undefined);
  return present.length > 0 ? Object.fromEntries(present) : undefined;
}
