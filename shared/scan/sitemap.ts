// Sitemaps (sitemaps.org protocol): a `<urlset>` of `<url><loc>` entries or a
// `<sitemapindex>` of `<sitemap><loc>` entries. Read with patterns, not a DOM: only
// `loc` and `lastmod` matter here.

export interface ParsedSitemap {
  kind: "urlset" | "index" | "invalid";
  urls: string[];
  lastmods: number;
}

function unescapeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}

export function parseSitemap(xml: string): ParsedSitemap {
  const head = xml.slice(0, 2000);
  const kind = /<urlset[\s>]/.test(head) ? "urlset" : /<sitemapindex[\s>]/.test(head) ? "index" : "invalid";
  const closing = kind === "urlset" ? "</urlset>" : "</sitemapindex>";
  if (kind === "invalid" || !xml.includes(closing)) return { kind: "invalid", urls: [], lastmods: 0 };
  const opens = (xml.match(/<loc>/g) ?? []).length;
  const urls = [...xml.matchAll(/<loc>([\s\S]*?)<\/loc>/g)].map((m) => unescapeXml(m[1]));
  if (urls.length !== opens) return { kind: "invalid", urls: [], lastmods: 0 };
  const lastmods = (xml.match(/<lastmod>[^<]+<\/lastmod>/g) ?? []).length;
  return { kind, urls, lastmods };
}
