import { guardOutboundUrl } from "./host-guard";
import { OutboundError } from "./outbound-error";
import type { ResolveMap } from "./resolve-map";

export interface SafeFetchOptions {
  resolve: ResolveMap;
  /** DELETE only ends what the caller opened (an MCP session, shared/scan/journey/mcp-client.ts). */
  method?: "GET" | "HEAD" | "POST" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** Redirects followed by hand, each hop re-checked by the guard. 0 forbids redirects. */
  maxRedirects?: number;
  /** When redirects are forbidden, a 3xx is an error (true) or returned as is (false). */
  failOnRedirect?: boolean;
  /** Bytes of body kept; the rest is cancelled and `truncated` is set. */
  maxBytes?: number;
  /** Total time for all hops and the body. */
  timeoutMs?: number;
  /** An outer signal (e.g. the whole scan's deadline). */
  signal?: AbortSignal;
  /** Extra rule for redirect targets (e.g. stay on one site); false stops with `redirect_forbidden`. */
  allowRedirectTo?: (url: URL) => boolean;
  /**
   * Reads the final answer's body itself, as a stream, instead of buffering up to
   * `maxBytes` (a 50 MB sitemap is parsed as it arrives). The result's `body` is then empty.
   */
  stream?: (body: ReadableStream<Uint8Array> | null) => Promise<void>;
  /**
   * The platform fetch to connect with. Only the guarded scope (library-fetch-scope.ts)
   * passes one: inside it the global `fetch` is its own wrapper, which must not be re-entered.
   */
  fetcher?: typeof fetch;
}

export interface SafeFetchResult {
  /** Final logical URL (https for OUTBOUND_RESOLVE-mapped hosts). */
  url: string;
  status: number;
  headers: Headers;
  /** Logical URLs of every hop before the final one. */
  redirects: string[];
  body: Uint8Array;
  truncated: boolean;
  elapsedMs: number;
  text(): string;
}

const DEFAULTS = { maxRedirects: 5, maxBytes: 2 * 1024 * 1024, timeoutMs: 8000 };
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * The project's only way to fetch a URL it did not choose (scanned shops, key
 * directories, webhooks): SSRF-guarded on every hop, bounded in bytes and time.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const signals = [AbortSignal.timeout(timeoutMs)];
  if (options.signal) signals.push(options.signal);
  const signal = AbortSignal.any(signals);
  const started = Date.now();
  const redirects: string[] = [];
  let method = options.method ?? "GET";
  let body = options.body;
  let current = input;
  const connect = options.fetcher ?? fetch;

  for (let hop = 0; ; hop++) {
    const target = guardOutboundUrl(current, options.resolve);
    if (hop > 0 && options.allowRedirectTo && !options.allowRedirectTo(target.url)) {
      throw new OutboundError("redirect_forbidden", target.url.href, `Redirect to ${target.url.href} is not followed`);
    }
    const headers = new Headers(options.headers);
    // Workers may ignore Host on plain-http loopback; the fixture servers key on port.
    if (target.mapped) headers.set("Host", target.url.host);
    let res: Response;
    try {
      res = await connect(target.fetchUrl, { method, headers, body, redirect: "manual", signal });
    } catch (err) {
      throw toOutboundError(err, target.url.href, signal, timeoutMs);
    }
    const location = res.headers.get("Location");
    if (REDIRECT.has(res.status) && location) {
      if (maxRedirects === 0 && options.failOnRedirect !== false) {
        await res.body?.cancel();
        throw new OutboundError("redirect_forbidden", target.url.href, `Redirects are not followed (${res.status})`);
      }
      if (maxRedirects > 0) {
        await res.body?.cancel();
        if (hop >= maxRedirects) {
          throw new OutboundError("too_many_redirects", target.url.href, `More than ${maxRedirects} redirects`);
        }
        redirects.push(target.url.href);
        // Resolved against the logical URL so a mapped host keeps its https identity.
        current = new URL(location, target.url).href;
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
    }
    if (options.stream) {
      try {
        await options.stream(res.body);
      } catch (err) {
        throw toOutboundError(err, target.url.href, signal, timeoutMs);
      }
      return {
        url: target.url.href,
        status: res.status,
        headers: res.headers,
        redirects,
        body: new Uint8Array(0),
        truncated: false,
        elapsedMs: Date.now() - started,
        text: () => "",
      };
    }
    const read = await readBounded(res, maxBytes, signal, target.url.href, timeoutMs);
    return {
      url: target.url.href,
      status: res.status,
      headers: res.headers,
      redirects,
      body: read.bytes,
      truncated: read.truncated,
      elapsedMs: Date.now() - started,
      text: () => new TextDecoder().decode(read.bytes),
    };
  }
}

async function readBounded(
  res: Response,
  maxBytes: number,
  signal: AbortSignal,
  url: string,
  timeoutMs: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - size;
      if (value.byteLength >= room) {
        chunks.push(value.subarray(0, room));
        size += room;
        truncated = value.byteLength > room;
        if (!truncated) {
          // Exactly at the cap: truncated only if more data follows.
          const next = await reader.read();
          truncated = !next.done;
        }
        if (truncated) await reader.cancel();
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (err) {
    throw toOutboundError(err, url, signal, timeoutMs);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

function toOutboundError(err: unknown, url: string, signal: AbortSignal, timeoutMs: number): OutboundError {
  if (err instanceof OutboundError) return err;
  if (signal.aborted) {
    return new OutboundError("timeout", url, `No complete answer within ${timeoutMs} ms`, { cause: err });
  }
  return new OutboundError("network", url, `Could not connect: ${networkDetail(err)}`, { cause: err });
}

/**
 * The runtime's reason in words a merchant can read. workerd reports a name that does not
 * resolve (and some refused connections) as "internal error; reference = <id>", which says
 * nothing to a reader, so that text is replaced, never shown.
 */
export function networkDetail(err: unknown): string {
  const detail = err instanceof Error ? err.message : String(err);
  if (/internal error|reference\s*=/i.test(detail)) {
    return "no connection could be made (the name may not resolve, or nothing answers on port 443)";
  }
  if (/ECONNREFUSED|connection refused|Network connection lost/i.test(detail))
    return "the connection was refused or dropped";
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo|DNS/i.test(detail)) return "the name does not resolve";
  if (/certificate|TLS|SSL|handshake/i.test(detail)) return `the TLS handshake failed (${detail})`;
  return detail;
}
