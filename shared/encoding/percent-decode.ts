// Percent-decoding of text that comes from outside (a crawled shop's URLs): a malformed
// escape such as `%E0%A4%A` makes decodeURIComponent throw URIError (ECMA-262
// §19.2.6.1), which must not end a scan; the text is then taken as written.

/** `decodeURIComponent(text)`, or `text` unchanged when its escapes are malformed. */
export function percentDecodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
