// Product-token matching for User-Agent strings (RFC 9110 §10.1.5: product tokens, then
// comments in parentheses). A token matches only where a product token stands: outside
// a comment at the start of the UA, after a comment, or after a product that ended with
// its version (`Safari/537.36 Devin`); inside a comment at the start of a `;`/`,`
// part. Never inside a URL or an e-mail address (`…/support/amazonbot`), never as a
// later word of a product's or a comment's phrase (`Sogou web spider`, `compatible with
// Googlebot`), never as the prefix of a longer token (`Amazonbot-Video`).

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

function startsProduct(ua: string, at: number, anyWord: boolean): boolean {
  if (at === 0) return true;
  const insideComment = depthAt(ua, at) > 0;
  // Walk back over blanks to what precedes the token.
  let i = at - 1;
  while (i >= 0 && ua[i] === " ") i--;
  if (i < 0) return true;
  const prev = ua[i];
  if (prev === "(" || prev === ";" || prev === ",") return true;
  if (insideComment || i === at - 1) return false;
  if (prev === ")" || anyWord) return true;
  // The word before must be a product that ended with its version (`Safari/537.36`).
  let w = i;
  while (w >= 0 && !/[\s;(),]/.test(ua[w])) w--;
  return ua.slice(w + 1, i + 1).includes("/");
}

/**
 * True when `token` (lower case) stands as a product token in a prepared UA.
 * `anyWord` also accepts any later word of an unparenthesised phrase (`LinkCheck by
 * Siteimprove.com`): for naming non-AI automation, where a miss costs more than a match.
 */
export function hasProductToken(prepared: string, token: string, anyWord = false): boolean {
  let from = 0;
  for (;;) {
    const at = prepared.indexOf(token, from);
    if (at < 0) return false;
    const after = prepared[at + token.length];
    if ((after === undefined || TOKEN_END.test(after)) && startsProduct(prepared, at, anyWord)) return true;
    from = at + 1;
  }
}
