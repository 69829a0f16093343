import { PAGE_SCRIPT } from "./page-script";

// The scan pages' Content-Security-Policy (issue 25 #5): the one inline script is allowed
// by its SHA-256 hash (CSP Level 3 §8.3 "hash-source"), not by 'unsafe-inline', so an
// injected <script> or event-handler attribute never runs. The hash is of the exact text
// between <script> and </script> in page-layout.ts. Styles stay inline ('unsafe-inline'
// for style-src only); nothing loads from elsewhere or frames the page.

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

let policy: Promise<string> | null = null;

/** The policy, computed once per isolate (the script is a constant). */
export function pageCsp(): Promise<string> {
  policy ??= sha256Base64(PAGE_SCRIPT).then(
    (hash) =>
      `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  );
  return policy;
}
