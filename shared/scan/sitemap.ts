import { decodeXML } from "entities";

// Sitemaps (sitemaps.org protocol): a `<urlset>` of `<url><loc>` entries or a
// `<sitemapindex>` of `<sitemap><loc>` entries. Read as a stream with patterns, not a
// DOM (only `loc` and `lastmod` matter here), so a sitemap of the protocol's full size is
// read without holding it: the reader keeps the URLs and the unread tail of the text.
//
// What real sitemaps do that the reader copes with: a root element after a long prolog
// (comments, processing instructions, a doctype), a sitemaps.org namespace bound to a
// prefix (`<sit:urlset xmlns:sit="…">`, then `<sit:loc>`), values in CDATA sections,
// character references (`&#38;`, `&#x26;`) in `<loc>`, extension elements of other
// namespaces (`<image:loc>` of Google's image sitemaps is no page URL), and documents cut
// short (what was read is kept and the cut is said).

/**
 * sitemaps.org "Sitemap file location" / "Using Sitemap index files": at most 50,000 URLs
 * and 50 MB (52,428,800 bytes) uncompressed per file.
 */
export const SITEMAP_LIMITS = { maxUrls: 50_000, maxBytes: 52_428_800 } as const;

const SITEMAP_NS = /^https?:\/\/www\.sitemaps\.org\/schemas\/sitemap\//;
/** A prolog longer than this before the root element is not a sitemap. */
const MAX_PROLOG = 64 * 1024;
/** One `<loc>` or `<lastmod>` element longer than this is malformed. */
const MAX_ELEMENT = 64 * 1024;

export interface ParsedSitemap {
  kind: "urlset" | "index" | "invalid";
  urls: string[];
  lastmods: number;
  /** Why reading stopped before the end of the document (null when it was read whole). */
  cut: string | null;
}

function value(inner: string): string {
  const text = inner.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, cdata: string) => cdata.replace(/&/g, "&amp;"));
  return decodeXML(text).trim();
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A streaming reader: `push` text as it arrives, then `finish`. */
export class SitemapReader {
  private buf = "";
  private root: { kind: "urlset" | "index"; tag: string; prefix: string } | null = null;
  private invalid = false;
  private closed = false;
  private tags: RegExp | null = null;
  readonly urls: string[] = [];
  lastmods = 0;
  cut: string | null = null;
  /** Characters pushed so far. */
  read = 0;

  /** Whether more text is wanted (false once the root closed, a limit was reached, or it is no sitemap). */
  get wantsMore(): boolean {
    return !this.invalid && !this.closed && this.cut === null;
  }

  push(text: string): boolean {
    if (!this.wantsMore) return false;
    this.read += text.length;
    this.buf += text;
    if (!this.root && !this.findRoot()) return this.wantsMore;
    this.readBody();
    return this.wantsMore;
  }

  /** Called when the text ended early (the answer was cut off, e.g. by a timeout). */
  stop(reason: string): void {
    if (this.wantsMore) this.cut = reason;
  }

  finish(): ParsedSitemap {
    if (!this.root || this.invalid) return { kind: "invalid", urls: [], lastmods: 0, cut: null };
    if (!this.closed && this.cut === null) this.cut = `the document ended before </${this.root.tag}>`;
    // A document that named no URL and never closed tells nothing: invalid, as before.
    if (!this.closed && this.urls.length === 0) return { kind: "invalid", urls: [], lastmods: 0, cut: this.cut };
    return { kind: this.root.kind, urls: this.urls, lastmods: this.lastmods, cut: this.cut };
  }

  /** Skips the prolog; false while the root element has not arrived yet. */
  private findRoot(): boolean {
    let i = 0;
    const b = this.buf;
    while (true) {
      while (i < b.length && /[\s\uFEFF]/.test(b[i])) i++;
      if (i >= b.length) break;
      if (b[i] !== "<") {
        this.invalid = true;
        return false;
      }
      const skip = (open: string, close: string): number | null => {
        if (!b.startsWith(open, i)) return -1;
        const end = b.indexOf(close, i + open.length);
        return end < 0 ? null : end + close.length;
      };
      let next: number | null = -1;
      for (const [open, close] of [
        ["<?", "?>"],
        ["<!--", "-->"],
        ["<!", ">"],
      ]) {
        next = skip(open, close);
        if (next !== -1) break;
      }
      if (next === null) break; // the construct continues in the next chunk
      if (next !== -1) {
        i = next;
        continue;
      }
      const end = b.indexOf(">", i);
      if (end < 0) break;
      const tag = b.slice(i, end + 1);
      const m = /^<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)/.exec(tag);
      const local = m?.[2];
      if (!m || (local !== "urlset" && local !== "sitemapindex")) {
        this.invalid = true;
        return false;
      }
      const rootPrefix = m[1] ?? "";
      // The prefix bound to the sitemaps.org namespace names loc and lastmod; without any
      // sitemaps.org binding the root's own prefix does.
      let prefix = rootPrefix;
      for (const ns of tag.matchAll(/\sxmlns(?::([\w.-]+))?\s*=\s*["']([^"']*)["']/g)) {
        if (SITEMAP_NS.test(ns[2])) prefix = ns[1] ?? "";
      }
      const p = prefix ? `${prefix}:` : "";
      this.root = {
        kind: local === "urlset" ? "urlset" : "index",
        tag: `${rootPrefix ? `${rootPrefix}:` : ""}${local}`,
        prefix: p,
      };
      this.tags = new RegExp(`<(/?)${escapeRe(p)}(loc|lastmod)\\b[^>]*>|</${escapeRe(this.root.tag)}\\s*>`, "g");
      this.buf = b.slice(end + 1);
      return true;
    }
    if (this.buf.length > MAX_PROLOG) this.invalid = true;
    return false;
  }

  private readBody(): void {
    const re = this.tags;
    const p = this.root?.prefix ?? "";
    if (!re) return;
    let keepFrom = this.buf.length;
    re.lastIndex = 0;
    while (true) {
      const m = re.exec(this.buf);
      if (!m) {
        // Keep a possible partial tag at the end of the buffer.
        const lt = this.buf.lastIndexOf("<");
        keepFrom = lt >= 0 && this.buf.length - lt < 256 ? lt : this.buf.length;
        break;
      }
      if (m[2] === undefined) {
        this.closed = true;
        keepFrom = this.buf.length;
        break;
      }
      if (m[1] === "/") continue; // a stray end tag
      const close = `</${p}${m[2]}>`;
      const end = this.buf.indexOf(close, re.lastIndex);
      if (end < 0) {
        if (this.buf.length - m.index > MAX_ELEMENT) {
          this.cut = `a <${p}${m[2]}> element runs over ${MAX_ELEMENT} characters`;
          return;
        }
        keepFrom = m.index; // the element continues in the next chunk
        break;
      }
      const text = value(this.buf.slice(re.lastIndex, end));
      re.lastIndex = end + close.length;
      if (m[2] === "loc") {
        if (text) this.urls.push(text);
        if (this.urls.length >= SITEMAP_LIMITS.maxUrls) {
          this.cut = `stopped at the protocol's limit of ${SITEMAP_LIMITS.maxUrls.toLocaleString("en")} URLs`;
          keepFrom = this.buf.length;
          break;
        }
      } else if (text) this.lastmods++;
    }
    this.buf = this.buf.slice(keepFrom);
    if (this.cut === null && !this.closed && this.read > SITEMAP_LIMITS.maxBytes) {
      this.cut = `stopped at the protocol's limit of ${SITEMAP_LIMITS.maxBytes.toLocaleString("en")} bytes`;
    }
  }
}

/** A whole document at once (tests, small files). */
export function parseSitemap(xml: string): ParsedSitemap {
  const reader = new SitemapReader();
  reader.push(xml);
  return reader.finish();
}

/** gzip's magic number (RFC 1952 §2.3.1): ID1 = 0x1f, ID2 = 0x8b. */
function isGzip(first: Uint8Array): boolean {
  return first.byteLength >= 2 && first[0] === 0x1f && first[1] === 0x8b;
}

export interface StreamedSitemap {
  parsed: ParsedSitemap;
  /** Bytes received (compressed, when the file was gzipped). */
  bytes: number;
  /** The first characters of the (decompressed) text, for challenge and soft-404 detection. */
  head: string;
  gzipped: boolean;
}

const HEAD_CHARS = 16 * 1024;

/**
 * Reads a sitemap answer as a stream: a gzip file (`.xml.gz`, recognised by its magic
 * number, whatever the Content-Type says) is decompressed with the runtime's
 * DecompressionStream, the text decoded as UTF-8 in pieces and fed to the reader. Stops
 * (cancelling the rest) once the reader wants no more; an answer that breaks off keeps
 * what was read.
 */
export async function readSitemapStream(body: ReadableStream<Uint8Array> | null): Promise<StreamedSitemap> {
  const reader = new SitemapReader();
  let bytes = 0;
  let head = "";
  let gzipped = false;
  if (!body) return { parsed: reader.finish(), bytes, head, gzipped };
  const raw = body.getReader();
  let first: ReadableStreamReadResult<Uint8Array>;
  try {
    first = await raw.read();
  } catch (err) {
    reader.stop(`the answer broke off: ${(err as Error).message ?? err}`);
    return { parsed: reader.finish(), bytes, head, gzipped };
  }
  if (first.done) return { parsed: reader.finish(), bytes, head, gzipped };
  gzipped = isGzip(first.value);
  // The raw bytes again, first chunk included, counted as they pass.
  const counted = new ReadableStream<Uint8Array>({
    start(controller) {
      bytes += first.value.byteLength;
      controller.enqueue(first.value);
    },
    async pull(controller) {
      const next = await raw.read();
      if (next.done) controller.close();
      else {
        bytes += next.value.byteLength;
        if (bytes > SITEMAP_LIMITS.maxBytes) {
          controller.error(new Error(`more than ${SITEMAP_LIMITS.maxBytes} bytes`));
          await raw.cancel();
          return;
        }
        controller.enqueue(next.value);
      }
    },
    cancel(reason) {
      return raw.cancel(reason);
    },
  });
  const plain = gzipped
    ? counted.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>)
    : counted;
  const text = plain.getReader();
  const decoder = new TextDecoder();
  try {
    while (reader.wantsMore) {
      const { done, value } = await text.read();
      if (done) {
        const rest = decoder.decode();
        if (rest) reader.push(rest);
        break;
      }
      const chunk = decoder.decode(value, { stream: true });
      if (head.length < HEAD_CHARS) head += chunk.slice(0, HEAD_CHARS - head.length);
      reader.push(chunk);
    }
  } catch (err) {
    const why = (err as Error).message ?? String(err);
    reader.stop(`the answer broke off after ${bytes.toLocaleString("en")} bytes (${why})`);
  } finally {
    if (reader.wantsMore === false) await text.cancel().catch(() => {});
  }
  return { parsed: reader.finish(), bytes, head, gzipped };
}
