import type { Fetched } from "../../types";

// RFC 8288 §3 Link header: `<target>; rel="a b"; type="..."`, several links separated by
// commas. A site may advertise its APIs this way on any answer: `rel="api-catalog"`
// (RFC 9727 §3) and `rel="service-desc"` (RFC 8631 §4.1).

export interface HeaderLink {
  href: string;
  rels: string[];
  type: string;
}

/** The links of one Link header value, targets resolved against `base`; unparsable ones are skipped. */
export function parseLinkHeader(value: string, base: string): HeaderLink[] {
  const links: HeaderLink[] = [];
  let i = 0;
  while (i < value.length) {
    const open = value.indexOf("<", i);
    if (open < 0) break;
    const close = value.indexOf(">", open);
    if (close < 0) break;
    const target = value.slice(open + 1, close);
    // Parameters run to the next comma outside a quoted string.
    let j = close + 1;
    let quoted = false;
    while (j < value.length && (quoted || value[j] !== ",")) {
      if (value[j] === '"' && value[j - 1] !== "\\") quoted = !quoted;
      j++;
    }
    const params: Record<string, string> = {};
    for (const m of value
      .slice(close + 1, j)
      .matchAll(/;\s*([A-Za-z0-9!#$&+.^_`|~-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,\s]*))?/g)) {
      const name = m[1].toLowerCase();
      // §3.3: a parameter that occurs twice counts the first time only.
      if (name in params) continue;
      params[name] = (m[2] ?? "").replace(/^"|"$/g, "").replace(/\\(.)/g, "$1");
    }
    try {
      links.push({
        href: new URL(target, base).href,
        rels: (params.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean),
        type: params.type ?? "",
      });
    } catch {
      // A target that is not a URL is no link.
    }
    i = j + 1;
  }
  return links;
}

/** The first link of an answer's Link header with relation `rel`, or null. */
export function headerLink(f: Fetched | null | undefined, rel: string): HeaderLink | null {
  const value = f?.headers.link;
  if (!f || !value) return null;
  return parseLinkHeader(value, f.finalUrl).find((l) => l.rels.includes(rel)) ?? null;
}
