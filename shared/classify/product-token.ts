// Product-token matching for User-Agent strings (RFC 9110 §10.1.5: product tokens, then
// comments in parentheses). A token matches only where a product token stands: outside
// a comment at a word start, or inside a comment at the start of a `;`/`,`-separated
// part. Never inside a URL or an e-mail address (`…/support/amazonbot`), never as a
// later word of a comment's phrase (`compatible with Googlebot`), never as the prefix of
// a longer token (`Amazonbot-Video`, `Exabot-Thumbnails`).

// URLs, bare www. hosts, `+`-prefixed contacts and e-mail addresses: blanked out before
// matching. Same-length blanks keep the positions of everything else.
const NOT_A_PRODUCT = /(?:https?:\/\/|www\.)[^\s;)]*|\+[^\s;)]*|[^\s;(]+@[^\s;)]+/gi;
const TOKEN_END = /[\s/;),(:+]/;

/** The UA lower-cased with URLs and addresses blanked, ready for `hasProductToken`. */
export function prepareUserAgent(userAgent: string): string {
  return userAgent.toLowerCase().replace(NOT_A_PRODUCT, (m) => " ".repeat(m.length));
}

function depthAt(ua: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    if (ua[i] === "(") depth++;
    else if (ua[i] === ")" && depth > 0) depth--;
  }
  return depth;
}

function startsProduct(ua: string, at: number): boolean {
  if (at === 0) return true;
  const insideComment = depthAt(ua, at) > 0;
  // Walk back over blanks to what precedes the token.
  let i = at - 1;
  while (i >= 0 && ua[i] === " ") i--;
  if (i < 0) return true;
  const prev = ua[i];
  if (prev === "(" || prev === ";" || prev === ",") return true;
  // Outside comments, products are separated by whitespace (and follow a comment's `)`).
  return !insideComment && (i < at - 1 || prev === ")");
}

/** True when `token` (lower case) stands as a product token in a prepared UA. */
export function hasProductToken(prepared: string, token: string): boolean {
  let from = 0;
  for (;;) {
    const at = prepared.indexOf(token, from);
    if (at < 0) return false;
    const after = prepared[at + token.length];
    if ((after === undefined || TOKEN_END.test(after)) && startsProduct(prepared, at)) return true;
    from = at + 1;
  }
}
