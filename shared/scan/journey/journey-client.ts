import { getDomain } from "tldts";
import { OutboundError } from "../../outbound/outbound-error";
import type { ResolveMap } from "../../outbound/resolve-map";
import { safeFetch } from "../../outbound/safe-fetch";
import { detectChallenge } from "../bot-protection";
import { type CrawlEvent, robotsRefusal } from "../crawl/fetcher";
import { BACKGROUND, type HostLimiter } from "../crawl/host-limiter";
import type { RobotsGate } from "../types";
import { CookieJar } from "./cookie-jar";
import { JOURNEY_LIMITS } from "./journey-limits";
import { unsafeReason } from "./safety";
import type { JourneyStep } from "./types";

export interface JourneyRequest {
  /** DELETE ends an MCP session the journey opened (MCP 2025-06-18, "Session Management"). */
  method?: "GET" | "POST" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** A request that changes a cart: counted, at most one per path (docs/scan.md "Safety"). */
  mutation?: boolean;
  accept?: string;
  /**
   * A request nothing on the cart's path waits for (the site search, MCP probes of
   * endpoints the cart does not use): sent alongside, left out of the cart's steps, and
   * with a cookie jar of its own (one per side endpoint), so its Set-Cookie never lands
   * in the cart's session.
   */
  side?: boolean;
  /**
   * Nothing waits for the answer (the site search): the request takes a background slot
   * of the shared limiter, after the cart's and the MCP probes' requests (host-limiter.ts).
   */
  background?: boolean;
}

export interface JourneyResponse {
  url: string;
  /** The URL of the last answer (after the redirects that were followed). */
  finalUrl: string;
  status: number;
  /** The status of the first hop: what the request itself got, before any redirect was followed. */
  firstStatus: number;
  headers: Record<string, string>;
  body: string;
  /** Bot-protection vendor whose challenge answered. */
  challenge: string | null;
  /** Why the request (or a redirect hop) was not sent. */
  refused: { kind: "robots" | "unsafe" | "off-site" | "budget" | "error"; reason: string; url: string } | null;
  /** Whether a Cookie header went with the last request. */
  sentCookie: boolean;
}

export interface JourneyClientOptions {
  domain: string;
  resolve: ResolveMap;
  gate: RobotsGate;
  userAgent: string;
  signal: AbortSignal;
  /**
   * The crawl's per-host limiter, shared when the journey runs beside the crawl so the
   * scan as a whole keeps at most 6 requests in flight per host (scan-checks.md). The
   * journey's requests go first (priority 0): its chains are the scan's critical path;
   * only the site search, which nothing waits for, is a background request.
   */
  limiter?: HostLimiter;
  onFetch?: (event: CrawlEvent & { method: string; journey: true }) => void;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * The journey's one door to the network. Every hop is checked before it is sent: on the
 * scanned site, allowed to the scanner by robots.txt, not a checkout or payment path,
 * within the request budget. Redirects are followed here (not by safeFetch) so that the
 * cookie jar sees every Set-Cookie and each hop is checked like the first.
 *
 * The cart's path (find, product page, mutation, read back) is sent one request after
 * another and holds the only cookie jar it reads and writes: a shop that opens a session
 * for every cookieless request (Rails, Magento, WooCommerce do) would otherwise answer a
 * search sent alongside with a second session whose cookie replaces the cart's between
 * the add and the read back (issue 27). Side requests each keep their own jar.
 */
export class JourneyClient {
  /** The cart path's session. */
  readonly jar = new CookieJar();
  /** One jar per side endpoint (keyed by the requested URL's origin and path). */
  private readonly sideJars = new Map<string, CookieJar>();
  /** Every request sent, in order; `side` marks those off the cart's path. */
  readonly steps: Array<JourneyStep & { side: boolean }> = [];
  private used = 0;
  private readonly site: string;
  /** The cart path being tried and whether it already sent its one mutation. */
  private path: { via: string; mutated: boolean } | null = null;

  constructor(private readonly options: JourneyClientOptions) {
    this.site = getDomain(options.domain) ?? options.domain;
  }

  get requestCount(): number {
    return this.used;
  }

  /** Starts a cart path: from here, one request marked `mutation` may be sent (docs/scan.md "Safety"). */
  beginPath(via: string): void {
    this.path = { via, mutated: false };
  }

  onSite(url: URL): boolean {
    return (getDomain(url.hostname) ?? url.hostname) === this.site;
  }

  /** Why `url` may not be requested, or null. */
  refusal(url: URL): JourneyResponse["refused"] {
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      return { kind: "off-site", reason: `${url.href} is not a web URL`, url: url.href };
    }
    if (!this.onSite(url)) return { kind: "off-site", reason: `${url.href} is not on the scanned site`, url: url.href };
    const unsafe = unsafeReason(url);
    if (unsafe) return { kind: "unsafe", reason: unsafe, url: url.href };
    const robots = robotsRefusal(this.options.gate, url);
    if (robots) {
      return {
        kind: robots.robotsBlocked ? "robots" : "error",
        // The rule and its line when a rule decided (robots-verdict.ts).
        reason: robots.error ?? (robots.robotsBlocked ? "robots.txt disallows the scanner" : "not fetched"),
        url: url.href,
      };
    }
    if (this.used >= JOURNEY_LIMITS.maxRequests) {
      return {
        kind: "budget",
        reason: `the journey's budget of ${JOURNEY_LIMITS.maxRequests} requests is used up`,
        url: url.href,
      };
    }
    return null;
  }

  async request(url: string, init: JourneyRequest = {}): Promise<JourneyResponse> {
    if (init.mutation) {
      if (!this.path || this.path.mutated) {
        const reason = this.path
          ? `the ${this.path.via} path already sent its one cart mutation`
          : "a cart mutation outside a cart path";
        return this.empty(url, { kind: "unsafe", reason, url });
      }
      this.path.mutated = true;
    }
    let method = init.method ?? "GET";
    let body = init.body;
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      return this.empty(url, { kind: "error", reason: `"${url}" is not a URL`, url });
    }
    let last: JourneyResponse | null = null;
    for (let hop = 0; hop <= JOURNEY_LIMITS.maxRedirects; hop++) {
      const refused = this.refusal(current);
      if (refused) {
        // A redirect that would leave the rules is not followed; the 3xx is the answer.
        return last ? { ...last, refused } : this.empty(current.href, refused);
      }
      const answer = await this.send(current, method, init, body, this.jarFor(url, init));
      last = { ...answer, url, firstStatus: last ? last.firstStatus : answer.status };
      if (answer.challenge || answer.status === 0) return last;
      const location = answer.headers.location;
      // A DELETE is meant for the one resource it names (an MCP session): a redirect is
      // its answer, never a reason to send DELETE somewhere else.
      if (!REDIRECT.has(answer.status) || !location || method === "DELETE") return last;
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return last;
      }
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      current = next;
    }
    return last ?? this.empty(url, { kind: "error", reason: "too many redirects", url });
  }

  private jarFor(url: string, init: JourneyRequest): CookieJar {
    if (!init.side) return this.jar;
    const u = new URL(url);
    const key = `${u.origin}${u.pathname}`;
    let jar = this.sideJars.get(key);
    if (!jar) {
      jar = new CookieJar();
      this.sideJars.set(key, jar);
    }
    return jar;
  }

  private async send(
    url: URL,
    method: string,
    init: JourneyRequest,
    body: string | undefined,
    jar: CookieJar,
  ): Promise<JourneyResponse> {
    this.used++;
    const headers: Record<string, string> = {
      "User-Agent": this.options.userAgent,
      Accept: init.accept ?? "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8",
      ...(method === "GET" ? {} : init.headers),
    };
    if (method === "GET" && init.headers) {
      // Credentials (Nonce, Cart-Token, MCP session) go with reads too; bodies' types do not.
      for (const [k, v] of Object.entries(init.headers)) if (k.toLowerCase() !== "content-type") headers[k] = v;
    }
    const cookie = jar.header(url);
    if (cookie) headers.Cookie = cookie;
    let started = Date.now();
    let result: JourneyResponse;
    try {
      const send = () => {
        // Timed from when the request goes out, not from its wait for a slot.
        started = Date.now();
        return safeFetch(url.href, {
          resolve: this.options.resolve,
          method: method as NonNullable<JourneyRequest["method"]>,
          headers,
          body: method === "GET" || method === "DELETE" ? undefined : body,
          maxRedirects: 0,
          failOnRedirect: false,
          maxBytes: JOURNEY_LIMITS.maxBytes,
          timeoutMs: JOURNEY_LIMITS.requestTimeoutMs,
          signal: this.options.signal,
        });
      };
      const limiter = this.options.limiter;
      const res = await (limiter ? limiter.run(url.hostname, send, init.background ? BACKGROUND : 0) : send());
      const out: Record<string, string> = {};
      res.headers.forEach((value, key) => {
        out[key.toLowerCase()] = value;
      });
      jar.store(url, setCookies(res.headers));
      const text = res.text();
      result = {
        url: url.href,
        finalUrl: res.url,
        status: res.status,
        firstStatus: res.status,
        headers: out,
        body: text,
        challenge: detectChallenge({ status: res.status, headers: out, body: text }),
        refused: null,
        sentCookie: !!cookie,
      };
    } catch (err) {
      const reason =
        err instanceof OutboundError ? `${err.code}: ${err.message}` : `network: ${(err as Error).message ?? err}`;
      result = { ...this.empty(url.href, { kind: "error", reason, url: url.href }), sentCookie: !!cookie };
    }
    this.steps.push({ method, url: url.href, status: result.status, side: !!init.side });
    this.options.onFetch?.({
      url: url.href,
      status: result.status,
      ms: Date.now() - started,
      bytes: new TextEncoder().encode(result.body).byteLength,
      method,
      journey: true,
    });
    return result;
  }

  private empty(url: string, refused: NonNullable<JourneyResponse["refused"]>): JourneyResponse {
    return {
      url,
      finalUrl: url,
      status: 0,
      firstStatus: 0,
      headers: {},
      body: "",
      challenge: null,
      refused,
      sentCookie: false,
    };
  }
}

function setCookies(headers: Headers): string[] {
  const h = headers as Headers & { getSetCookie?: () => string[] };
  if (typeof h.getSetCookie === "function") return h.getSetCookie();
  const one = headers.get("set-cookie");
  return one ? [one] : [];
}
