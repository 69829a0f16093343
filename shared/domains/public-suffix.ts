import { parse } from "tldts";

/**
 * True when `host` (already normalised) is itself a rule of the Public Suffix List,
 * ICANN or private section (tldts ships a maintained copy of the list; private rules
 * such as `myshopify.com` and `github.io` count only with `allowPrivateDomains`).
 * Names under an unlisted TLD fall to the implicit `*` rule: only the TLD is a suffix.
 */
export function isPublicSuffix(host: string): boolean {
  const parsed = parse(host, { allowPrivateDomains: true, extractHostname: false });
  return parsed.publicSuffix === host;
}
