import { getDomain } from "tldts";
import { OutboundError } from "../../outbound/outbound-error";
import type { ResolveMap } from "../../outbound/resolve-map";
import { safeFetch } from "../../outbound/safe-fetch";
import { SCANNER_TOKEN, scannerUserAgent } from "../../outbound/user-agents";
import { judgeRobots, type RobotsSource, verdictSentence } from "../../robots/robots-verdict";
import { detectChallenge } from "../bot-protection";
import type { Fetched, RobotsGate } from "../types";
import { CRAWL_LIMITS } from "./crawl-limits";
import { HostLimiter } from "./host-limiter";

/** One finished fetch, as the scan stream reports it (docs/decisions.md#8-scan-stream-payloads `crawl`). */
export interface CrawlEvent {
  url: string;
  status: number;
  ms: number;
  bytes: number;
}

export interface FetcherOptions {
  domain: string;
  resolve: ResolveMap;
  signal: AbortSignal;
  onFetch?: (event: CrawlEvent) => void;
  /** Page describing the scanner, linked from its User-Agent. */
  infoUrl?: string;
  /** Shared with the journey when it runs beside the crawl; else the crawl's own. */
  limiter?: HostLimiter;
}

export interface FetchOptions {
  userAgent?: string;
  accept?: string;
  /** Lower goes first: -1 for the MCP cards (the longest chain), 0 for what other requests wait for (home, sitemaps, product pages); default 1. */
  priority?: number;
  /**
   * Reads the body as a stream (sitemaps, up to the protocol's 50 MB) instead of keeping
   * up to 2 MB; gives back the bytes received and the text to keep as `body` (its head).
   */
  stream?: (body: ReadableStream<Uint8Array> | null) => Promise<{ bytes: number; head: string }>;
}

/** The gate as a verdict's source (robots-verdict.ts): a 4xx is unavailable, a 5xx or no answer unreachable. */
export function gateSource(gate: RobotsGate): RobotsSource {
  if (gate.kind === "rules") return { kind: "rules", robots: gate.robots };
  if (gate.kind === "allow-all") return { kind: "unavailable", status: 404 };
  return { kind: "unreachable", status: 0, detail: gate.reason };
}

/**
 * Why robots.txt keeps the scanner from `url`, or null when it may be fetched (also used
 * by the journey); a refusal by rule names the rule and its line (issue 45).
 */
export function robotsRefusal(gate: RobotsGate, url: URL): Partial<Fetched> | null {
  if (url.pathname === "/robots.txt" || gate.kind === "allow-all") return null;
  if (gate.kind === "unreachable") return { error: `not fetched: ${gate.reason}` };
  const verdict = judgeRobots(gateSource(gate), SCANNER_TOKEN, `${url.pathname}${url.search}`);
  if (gate.kind === "disallow-all") return { robotsBlocked: true, error: gate.reason, robotsVerdict: verdict };
  if (verdict.allowed) return null;
  return {
    robotsBlocked: true,
    error: verdictSentence(verdict, SCANNER_TOKEN, `${url.pathname}${url.search}`),
    robotsVerdict: verdict,
  };
}

function emptyFetched(url: string, fields: Partial<Fetched>): Fetched {
  return {
    url,
    finalUrl: url,
    status: 0,
    contentType: "",
    headers: {},
    body: "",
    bytes: 0,
    truncated: false,
    ms: 0,
    redirects: [],
    error: null,
    challenge: null,
    robotsBlocked: false,
    ...fields,
  };
}

/**
 * The crawl's one door to the network: SSRF-guarded, bounded, at most six requests in
 * flight per host, redirects kept on the scanned site, robots.txt honoured for the
 * scanner's own token once known.
 */
export class Fetcher {
  private readonly limiter: HostLimiter;
  private readonly site: string;
  private readonly userAgent: string;
  private used = 0;
  gate: RobotsGate = { kind: "allow-all" };

  constructor(private readonly options: FetcherOptions) {
    this.site = getDomain(options.domain) ?? options.domain;
    this.userAgent = scannerUserAgent(options.infoUrl);
    this.limiter = options.limiter ?? new HostLimiter(CRAWL_LIMITS.perHostConcurrency, CRAWL_LIMITS.perHostReserved);
  }

  get requestCount(): number {
    return this.used;
  }

  onSite(url: URL): boolean {
    return (getDomain(url.hostname) ?? url.hostname) === this.site;
  }

  private robotsRefusal(url: URL): Partial<Fetched> | null {
    return robotsRefusal(this.gate, url);
  }

  async fetch(url: string, options: FetchOptions = {}): Promise<Fetched> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return emptyFetched(url, { error: `invalid_url: "${url}" is not a URL` });
    }
    const refusal = this.robotsRefusal(parsed);
    if (refusal) return emptyFetched(url, refusal);
    if (this.used >= CRAWL_LIMITS.maxRequests) {
      return emptyFetched(url, { error: `request budget of ${CRAWL_LIMITS.maxRequests} used up` });
    }
    this.used++;
    const result = await this.limiter.run(parsed.hostname, () => this.fetchNow(url, options), options.priority ?? 1);
    this.options.onFetch?.({ url, status: result.status, ms: result.ms, bytes: result.bytes });
    return result;
  }

  private async fetchNow(url: string, options: FetchOptions): Promise<Fetched> {
    const started = Date.now();
    let streamed: { bytes: number; head: string } | null = null;
    const stream = options.stream;
    try {
      const res = await safeFetch(url, {
        resolve: this.options.resolve,
        headers: {
          "User-Agent": options.userAgent ?? this.userAgent,
          Accept: options.accept ?? "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        },
        maxRedirects: CRAWL_LIMITS.maxRedirects,
        maxBytes: CRAWL_LIMITS.maxBytes,
        timeoutMs: CRAWL_LIMITS.requestTimeoutMs,
        signal: this.options.signal,
        allowRedirectTo: (next) => this.onSite(next),
        stream: stream
          ? async (b) => {
              streamed = await stream(b);
            }
          : undefined,
      });
      const headers: Record<string, string> = {};
      res.headers.forEach((value, key) => {
        headers[key.toLowerCase()] = value;
      });
      const done = streamed as { bytes: number; head: string } | null;
      const body = done ? done.head : res.text();
      return {
        url,
        finalUrl: res.url,
        status: res.status,
        contentType: (headers["content-type"] ?? "").toLowerCase(),
        headers,
        body,
        bytes: done ? done.bytes : res.body.byteLength,
        truncated: res.truncated,
        ms: res.elapsedMs,
        redirects: res.redirects,
        error: null,
        challenge: detectChallenge({ status: res.status, headers, body }),
        robotsBlocked: false,
      };
    } catch (err) {
      const message =
        err instanceof OutboundError ? `${err.code}: ${err.message}` : `network: ${(err as Error).message ?? err}`;
      return emptyFetched(url, { error: message, ms: Date.now() - started });
    }
  }
}
