import type { MiddlewareHandler } from "hono";

// The Content-Security-Policy of the API reference page (/api/v1/docs). The page is
// Scalar's: one inline script that starts the reference (allowed by its SHA-256 hash,
// CSP3 "hash-source"), the bundle this Worker serves, the document fetched from this
// origin. Scalar injects its styles at run time, so styles stay 'unsafe-inline'
// (styles cannot run code). Nothing else is loaded: no CDN, no fonts, no telemetry.
// https://www.w3.org/TR/CSP3/#grammardef-hash-source

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The policy for a page, its inline scripts allowed by hash and nothing else inline. */
export async function docsPolicy(html: string): Promise<string> {
  const hashes = await Promise.all([...html.matchAll(INLINE_SCRIPT)].map((m) => sha256Source(m[1])));
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** Sets the page's CSP, computed once per distinct page (the page is the same on every request). */
export function docsCsp(): MiddlewareHandler {
  let cached: { html: string; policy: string } | undefined;
  return async (c, next) => {
    await next();
    if (!c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
    const html = await c.res.clone().text();
    if (cached?.html !== html) cached = { html, policy: await docsPolicy(html) };
    c.res.headers.set("Content-Security-Policy", cached.policy);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "no-referrer");
  };
}
