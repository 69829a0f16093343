// Character references as they appear in text and attribute values read from the
// HTMLRewriter (which passes them through undecoded): the named ones shops use most and
// every numeric one; out-of-range numbers are left as written.
export function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&euro;/g, "€")
    .replace(/&#(\d{1,7});/g, (m, d) => (Number(d) <= 0x10ffff ? String.fromCodePoint(Number(d)) : m))
    .replace(/&#x([0-9a-f]{1,6});/gi, (m, h) =>
      Number.parseInt(h, 16) <= 0x10ffff ? String.fromCodePoint(Number.parseInt(h, 16)) : m,
    )
    .replace(/&amp;/g, "&");
}
