import { nodesOfType, PRODUCT_TYPES, stringValue } from "../structured-data";
import type { LinkFacts, PageFacts, SitemapFacts } from "../types";
import { looksLikeCart, looksLikeProduct, looksLikeSlugPage, resolveOnSite, sortedUnique } from "../url-patterns";
import { foldText } from "../vocabulary/fold";
import { namesCart } from "../vocabulary/shop-vocabulary";

// Where product pages are found, by what pages and sitemaps declare rather than by URL
// shape alone:
// - links and sitemap URLs with a product shape (/products/, /p/, ...);
// - every URL of a product sitemap (a sitemap file whose name says "product", as Shopify's
//   sitemap_products_1.xml, Shopware's and many SEO plugins' product sitemaps are named);
// - URLs the home page's structured data names as products (Product.url, ItemList items);
// - slug links (Magento `name.html`, Shopware and WooCommerce `/name-of-product/`), most
//   linked first, which are fetched and kept only if the page says it is a product.
// Media, compare, wishlist, review, account and cart URLs are never products.

export interface ProductCandidates {
  /** Product-shaped links of the page, sorted. */
  byShape: string[];
  /** Sitemap URLs with a product shape or from a product sitemap, sorted. */
  fromSitemap: string[];
  /** URLs the page's structured data names as products, sorted. */
  declared: string[];
  /** Slug-shaped links to verify by fetching: most often linked first, then by URL. */
  slugs: string[];
}

const PRODUCT_SITEMAP = /product/i;
/**
 * A short link name that says "cart" in a shop's language ("Warenkorb (2)", "Ver carrito",
 * "Il mio carrello", "カート"): at most four words, the cart's name among the first three.
 * A product name such as "Tote bag" does not count ("bag" names no cart in a link), and
 * product-shaped URLs are never cart links.
 */
function namesCartLink(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 40) return false;
  const words = foldText(trimmed)
    .split(" ")
    .filter((w) => /\p{L}/u.test(w));
  return words.length > 0 && words.length <= 4 && namesCart(words.slice(0, 3).join(" "));
}

export function productCandidates(
  page: PageFacts | null,
  base: string,
  sitemaps: SitemapFacts[],
  origin: string,
  onSite: (url: URL) => boolean,
): ProductCandidates {
  const home = new URL(base);
  home.hash = "";
  const notHome = (u: URL) => u.href !== home.href && u.pathname !== "/";
  const links = (page?.links ?? [])
    .filter((l) => !l.href.startsWith("#"))
    .map((l) => resolveOnSite(l.href, base, onSite))
    .filter((u): u is URL => !!u && notHome(u));
  const byShape = sortedUnique(links.filter(looksLikeProduct).map((u) => u.href));

  const fromSitemap = sortedUnique(
    sitemaps.flatMap((s) => {
      const productSitemap = PRODUCT_SITEMAP.test(new URL(s.url).pathname);
      return s.urls
        .map((u) => resolveOnSite(u, origin, onSite))
        .filter((u): u is URL => !!u && (looksLikeProduct(u) || (productSitemap && looksLikeSlugPage(u))))
        .map((u) => u.href);
    }),
  );

  const named = [
    ...nodesOfType(page, PRODUCT_TYPES).map((n) => stringValue(n.url)),
    ...nodesOfType(page, ["ItemList"]).flatMap((list) =>
      [list.itemListElement]
        .flat()
        .map((e) =>
          e && typeof e === "object"
            ? stringValue((e as Record<string, unknown>).url ?? (e as Record<string, unknown>).item)
            : null,
        ),
    ),
  ];
  const declared = sortedUnique(
    named
      .map((u) => (u ? resolveOnSite(u, base, onSite) : null))
      .filter((u): u is URL => !!u && notHome(u) && !looksLikeCart(u))
      .map((u) => u.href),
  );

  const counts = new Map<string, number>();
  for (const u of links) if (looksLikeSlugPage(u)) counts.set(u.href, (counts.get(u.href) ?? 0) + 1);
  const slugs = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([u]) => u);

  return { byShape, fromSitemap, declared, slugs };
}

/** Cart links of a page: a cart-shaped URL, or a link named "cart" that goes somewhere other than the page itself. */
export function cartLinks(links: LinkFacts[], base: string, onSite: (url: URL) => boolean): string[] {
  const page = new URL(base);
  page.hash = "";
  return sortedUnique(
    links
      .filter((l) => !l.href.startsWith("#") && !/^(javascript|mailto|tel):/i.test(l.href))
      .map((l) => ({ l, url: resolveOnSite(l.href, base, onSite) }))
      .filter(
        (x): x is { l: LinkFacts; url: URL } =>
          !!x.url &&
          (looksLikeCart(x.url) || (namesCartLink(x.l.text) && !looksLikeProduct(x.url) && x.url.href !== page.href)),
      )
      .map((x) => x.url.href),
  );
}
