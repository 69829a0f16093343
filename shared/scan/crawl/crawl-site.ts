import type { ResolveMap } from "../../outbound/resolve-map";
import { PARITY_USER_AGENT, SCANNER_TOKEN } from "../../outbound/user-agents";
import { parseRobots } from "../../robots/parse-robots";
import { headerLink } from "../checks/integration/link-header";
import {
  AI_CATALOG_PATH,
  cardPath,
  LEGACY_CARD_PATH,
  MCP_CATALOG_PATH,
  readCatalog,
} from "../checks/integration/mcp-catalog";
import { chooseProductFeed } from "../feed/choose-product-feed";
import { extractPage } from "../html/extract-page";
import { type ParsedSitemap, readSitemapStream } from "../sitemap";
import { declaresProduct } from "../structured-data";
import type {
  Discovery,
  Fetched,
  JourneySite,
  McpProbeSite,
  PageVisit,
  RobotsGate,
  SitemapFacts,
  SiteSnapshot,
} from "../types";
import { CONVENTIONAL_CARTS, looksLikeCategory, resolveOnSite, sortedUnique } from "../url-patterns";
import { isAddToCartName, namesCart } from "../vocabulary/shop-vocabulary";
import { CRAWL_LIMITS } from "./crawl-limits";
import { cartLinks as findCartLinks, productCandidates } from "./discover-products";
import { type CrawlEvent, Fetcher } from "./fetcher";
import type { HostLimiter } from "./host-limiter";

// The crawl plan of scan-checks.md, in dependency order:
//   1. robots.txt (its rules decide what else may be fetched);
//   2. home, parity probe, sitemaps, llms files, well-known files;
//   3. product, category and cart pages chosen from what 2 found; integration fallbacks;
//      the Accept: text/markdown probe when the home page links no markdown alternate.
// Every choice is made from sorted lists, and each group of requests has a fixed quota
// (core 11, markdown probe 1, sitemaps and the product feed 4, pages 4, cart 2, integration
// fallbacks 3 = 25; a www. retry of robots.txt takes one fallback slot), so the same
// site always yields the same set of requests whatever order answers arrive in.

// The AI Catalog (SEP-2127's way to find MCP servers) and ACP's discovery document are
// read up front; the pre-SEP MCP card and the A2A card moved to the fallbacks, which
// follow what the catalog lists (integration/mcp-catalog.ts), so the core stays 11.
export const WELL_KNOWN_PATHS = [
  "/.well-known/api-catalog",
  AI_CATALOG_PATH,
  "/.well-known/ucp",
  "/.well-known/acp.json",
  "/openapi.json",
  "/products.json",
] as const;

const QUOTA = { sitemaps: 4, pages: 4, cart: 2, fallbacks: 3 } as const;

/**
 * The well-known files asked for first, beside the home page and the sitemaps: the
 * product feed, the AI Catalog (it names the MCP server card), the UCP profile and the
 * api-catalog, which the journey reads. `/openapi.json` goes after the pages: only the
 * fallbacks after the MCP card read it (and the card only in the rare case noted in
 * fetchFallbacks), so it never takes a slot from the requests the journey waits for.
 */
const EARLY_FILES = ["/products.json", AI_CATALOG_PATH, "/.well-known/ucp", "/.well-known/api-catalog"] as const;

export interface CrawlOptions {
  domain: string;
  resolve: ResolveMap;
  signal?: AbortSignal;
  onFetch?: (event: CrawlEvent) => void;
  /** Page describing the scanner, linked from its User-Agent (default: the local base URL). */
  infoUrl?: string;
  /** The per-host limiter, shared with a journey that runs beside the crawl. */
  limiter?: HostLimiter;
  /**
   * Called once, as soon as the journey's MCP probe has what it reads (McpProbeSite), while
   * the crawl's remaining requests are still under way: the journey starts there
   * (run-scan.ts); `site` is everything it reads (JourneySite), once the pages are in.
   */
  onJourneyInputs?: (probeSite: McpProbeSite, site: Promise<JourneySite>) => void;
}

function gateFrom(robots: Fetched): RobotsGate {
  if (robots.status >= 200 && robots.status < 300 && !robots.contentType.includes("html")) {
    return { kind: "rules", robots: parseRobots(robots.body) };
  }
  // RFC 9309 §2.3.1.3: 4xx means no restrictions; §2.3.1.4: server or network errors
  // mean complete disallow.
  if (robots.status >= 200 && robots.status < 500) return { kind: "allow-all" };
  if (robots.status === 0) return { kind: "unreachable", reason: `robots.txt got no answer (${robots.error})` };
  return {
    kind: "disallow-all",
    reason: `robots.txt answered HTTP ${robots.status}, which RFC 9309 §2.3.1.4 makes "disallow everything"`,
  };
}

function isHtml(f: Fetched): boolean {
  return f.contentType.includes("html") || /^\s*(<!doctype html|<html)/i.test(f.body.slice(0, 200));
}

async function visit(fetched: Fetched): Promise<PageVisit> {
  const readable = fetched.status >= 200 && fetched.status < 300 && !fetched.challenge && isHtml(fetched);
  if (!readable) return { fetched, page: null };
  try {
    return { fetched, page: await extractPage(fetched.body) };
  } catch (err) {
    // Markup the parser cannot take is reported on the page, never fails the scan.
    return { fetched: { ...fetched, error: `HTML could not be parsed: ${(err as Error).message}` }, page: null };
  }
}

export async function crawlSite(options: CrawlOptions): Promise<SiteSnapshot> {
  const deadline = AbortSignal.timeout(CRAWL_LIMITS.scanTimeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const fetcher = new Fetcher({
    domain: options.domain,
    resolve: options.resolve,
    signal,
    onFetch: options.onFetch,
    infoUrl: options.infoUrl,
    limiter: options.limiter,
  });
  let origin = `https://${options.domain}`;
  const at = (path: string) => `${origin}${path}`;
  const onSite = (url: URL) => fetcher.onSite(url);

  // 1. robots.txt first.
  let robots = await fetcher.fetch(at("/robots.txt"), { accept: "text/plain" });
  const www = `www.${options.domain}`;
  // Normalisation strips `www.` (docs/decisions.md#4-domains), but some shops answer only there. A
  // host mapped in OUTBOUND_RESOLVE has a www twin only if that is mapped too.
  if (robots.status === 0 && (!options.resolve.has(options.domain) || options.resolve.has(www))) {
    const twin = await fetcher.fetch(`https://${www}/robots.txt`, { accept: "text/plain" });
    if (twin.status !== 0) {
      robots = twin;
      origin = `https://${www}`;
    }
  }
  fetcher.gate = gateFrom(robots);
  const declared = fetcher.gate.kind === "rules" ? fetcher.gate.robots.sitemaps : [];

  // 2. Everything that needs only the domain. The per-host limiter keeps six in flight
  // and gives a free slot to the first request waiting (by priority), so the order here
  // is the order they go out: first what the next requests wait for (the home page, the
  // sitemaps and /products.json choose the product pages; three files choose the
  // fallbacks), then the journey's other inputs (the UCP profile, llms.txt). What nothing
  // waits for (the parity probe, llms-full.txt, ACP's discovery document) is asked for
  // after the pages (step 3), so it never takes a slot a page needs.
  const homeP = fetcher.fetch(at("/"), { priority: 0 }).then(visit);
  const sitemapUrls = sortedUnique(
    declared.map((u) => resolveOnSite(u, origin, onSite)?.href).filter((u): u is string => !!u),
  ).slice(0, 2);
  const sitemapRoots = sitemapUrls.length > 0 ? sitemapUrls : [at("/sitemap.xml")];
  const onSiteUrl = (u: string) => resolveOnSite(u, origin, onSite);
  const rootSitemapsP = Promise.all(sitemapRoots.map((u) => readSitemap(fetcher, u)));
  const fileFetch = new Map<string, Promise<Fetched>>();
  /** Each file is asked for once: the first call sends it (with its priority), later ones share the answer. */
  const fetchFile = (p: string, priority: number): Promise<Fetched> => {
    let answer = fileFetch.get(p);
    if (!answer) {
      answer = fetcher.fetch(at(p), { accept: FILE_ACCEPT, priority });
      fileFetch.set(p, answer);
    }
    return answer;
  };
  for (const p of EARLY_FILES) fetchFile(p, 0);
  const llmsP = fetcher.fetch(at("/llms.txt"), { accept: "text/plain, text/markdown", priority: 0 });
  const fileAt = (p: string) => fileFetch.get(p) as Promise<Fetched>;

  // The Shopify-style product feed names product pages too (read before choosing them).
  const feedP = fileAt("/products.json");
  // The feed the home page or a root sitemap declares is read to see whether it holds
  // products (a WordPress posts feed does not); it takes one of the sitemaps' slots, and
  // none when /products.json already lists products.
  const productFeedUrlP = Promise.all([homeP, rootSitemapsP, feedP]).then(([h, roots, pj]) =>
    feedProductUrls(pj, origin, onSite).length > 0 ? null : chooseProductFeed(h, roots, onSite),
  );
  const productFeedP = productFeedUrlP.then(async (candidate) =>
    candidate ? { ...candidate, fetched: await fetcher.fetch(candidate.url, { accept: PRODUCT_FEED_ACCEPT }) } : null,
  );
  const sitemapsP = Promise.all([rootSitemapsP, productFeedUrlP]).then(([roots, candidate]) =>
    fetchSitemapChildren(fetcher, roots, QUOTA.sitemaps - (candidate ? 1 : 0), onSiteUrl),
  );
  // The fallbacks depend only on the home page and three files: the MCP card the AI
  // Catalog names goes out as soon as the home page and the catalogs answered (the MCP
  // probe after it is the scan's longest chain), the others once /openapi.json answered
  // too. The www. retry of robots.txt comes out of their quota, so the total stays 25.
  const fallbackQuota = QUOTA.fallbacks - (origin === `https://${options.domain}` ? 0 : 1);
  // /openapi.json is asked for with what nothing waits for (below), unless the MCP
  // fallbacks need its answer first (fetchFallbacks).
  let askOpenapi: () => void = () => {};
  const openapiP = new Promise<Fetched>((resolve) => {
    askOpenapi = () => resolve(fetchFile("/openapi.json", 1));
  });
  const fallbackFetches = fetchFallbacks(fetcher, {
    home: homeP,
    file: fileAt,
    openapi: { ask: () => askOpenapi(), answer: openapiP },
    at,
    onSite,
    quota: fallbackQuota,
  });
  // The MCP card goes out before the pages, so it never waits for a slot behind them.
  const [home, sitemaps, feed] = await Promise.all([homeP, sitemapsP, feedP, fallbackFetches.mcpSent]);
  const homeBase = home.fetched.finalUrl;

  // 3. Pages chosen from what the home page and sitemaps declare.
  const links = home.page?.links ?? [];
  const onSiteLinks = links
    .map((l) => ({ link: l, url: resolveOnSite(l.href, homeBase, onSite) }))
    .filter((x): x is { link: (typeof links)[number]; url: URL } => x.url !== null);
  const candidates = productCandidates(home.page, homeBase, sitemaps, origin, onSite);
  const homeIsProduct = declaresProduct(home.page);
  let productLinksHome = sortedUnique([...candidates.byShape, ...candidates.declared]);
  const productLinksSitemap = candidates.fromSitemap;
  const productLinksFeed = feedProductUrls(feed, origin, onSite);
  const sitemapUrlsAll = sitemaps.flatMap((s) => s.urls);
  const categoryCandidates = sortedUnique([
    ...onSiteLinks.filter((x) => looksLikeCategory(x.url)).map((x) => x.url.href),
    ...sitemapUrlsAll
      .map((u) => resolveOnSite(u, origin, onSite))
      .filter((u): u is URL => !!u && looksLikeCategory(u))
      .map((u) => u.href),
  ]);
  const cartLinks = findCartLinks(links, homeBase, onSite);
  const cartScriptControls = [
    ...(home.page?.looseControls ?? []).map((c) => c.text || c.ariaLabel),
    ...(home.page?.clickables ?? []),
  ].filter((t) => namesCart(t) || isAddToCartName(t) || /\b(bag)\b/i.test(t));

  const categoryP = categoryCandidates.length
    ? fetcher.fetch(categoryCandidates[0], { priority: 0 }).then(visit)
    : Promise.resolve(null);
  // A home page that says it is a product page is one; it takes one of the product slots.
  const room = CRAWL_LIMITS.maxProducts - (homeIsProduct ? 1 : 0);
  let productTargets = sortedUnique([...productLinksHome, ...productLinksSitemap, ...productLinksFeed]).slice(0, room);
  // Slug links are fetched only when nothing else names a product, and kept only if the
  // page says it is one.
  const verifySlugs = productTargets.length === 0 && !homeIsProduct && candidates.slugs.length > 0;
  if (verifySlugs) productTargets = candidates.slugs.slice(0, room);
  let productLinksCategory: string[] = [];
  let category: PageVisit | null = null;
  if (productTargets.length === 0 && !homeIsProduct) {
    // Nothing product-like yet: the category page is the last place to look.
    category = await categoryP;
    productLinksCategory = categoryProductLinks(category, onSite);
    productTargets = productLinksCategory.slice(0, CRAWL_LIMITS.maxProducts);
  }
  const productsP = Promise.all(productTargets.map((u) => fetcher.fetch(u, { priority: 0 }).then(visit)));

  // The journey's inputs: the home page, the files asked for first, the MCP catalog and
  // cards, llms.txt (what its MCP probe reads: it starts from them, run-scan.ts), then the
  // product and category pages (the rest of the journey waits for them), beside the rest
  // of the crawl.
  const probeInputsP = Promise.all([Promise.all(EARLY_FILES.map(fileAt)), fallbackFetches.mcp, llmsP]).then(
    ([earlyFiles, cards, llms]): McpProbeSite => {
      const files: Record<string, Fetched> = Object.fromEntries(EARLY_FILES.map((p, i) => [p, earlyFiles[i]]));
      Object.assign(files, cards);
      return {
        domain: options.domain,
        origin,
        home,
        llms,
        files,
        robotsGate: fetcher.gate,
        unreachable: unreachableOf(fetcher.gate, robots),
      };
    },
  );
  const journeyInputsP = Promise.all([probeInputsP, productsP, categoryP]).then(
    ([probeSite, fetchedProducts, categoryVisit]): JourneySite => {
      if (!category) {
        category = categoryVisit;
        productLinksCategory = categoryProductLinks(category, onSite);
      }
      let products = fetchedProducts;
      if (verifySlugs) {
        products = fetchedProducts.filter((p) => declaresProduct(p.page));
        productLinksHome = sortedUnique(products.map((p) => p.fetched.url));
      }
      if (homeIsProduct) products = [home, ...products];
      const discovery: Discovery = {
        homeIsProduct,
        productLinksHome,
        productLinksCategory,
        productLinksSitemap,
        categoryCandidates,
        cartLinks,
        cartScriptControls,
      };
      return { ...probeSite, products, discovery };
    },
  );
  void probeInputsP.then((probeSite) => options.onJourneyInputs?.(probeSite, journeyInputsP));

  // What nothing waits for goes once the journey has its inputs (its first requests then
  // find the three slots the background leaves them, host-limiter.ts): /openapi.json first
  // (the other fallbacks wait for it), the other well-known files, the cart page (a
  // challenged home page stops the crawl short of it, docs/scan.md "Safety"), the parity
  // probe, llms-full.txt, and the Accept: text/markdown probe when the home page
  // advertises no markdown form. The same requests go out whenever they start.
  const advertisesMarkdown = (home.page?.headLinks ?? []).some(
    (l) => l.rel.split(/\s+/).includes("alternate") && l.type === "text/markdown",
  );
  // They start one task later: the journey, told of the same inputs after this was set up,
  // sends its product page (the cart's chain) first instead of after their setup.
  const background = journeyInputsP.then(nextTask).then(() => {
    askOpenapi();
    for (const p of WELL_KNOWN_PATHS) fetchFile(p, 1);
    return {
      files: Promise.all(WELL_KNOWN_PATHS.map(fileAt)),
      cart: home.fetched.challenge ? Promise.resolve([]) : fetchCart(fetcher, cartLinks, at),
      parity: fetcher.fetch(at("/"), { userAgent: PARITY_USER_AGENT }),
      llmsFull: fetcher.fetch(at("/llms-full.txt"), { accept: "text/plain, text/markdown" }),
      markdown: home.page && !advertisesMarkdown ? fetcher.fetch(at("/"), { accept: "text/markdown" }) : null,
    };
  });
  const later = <T>(pick: (b: Awaited<typeof background>) => Promise<T> | T) => background.then(pick);
  const parityP = later((b) => b.parity);
  const markdownP = later((b) => b.markdown);
  const llmsFullP = later((b) => b.llmsFull);
  const cartP = later((b) => b.cart);
  const filesP = later((b) => b.files);

  const [parity, markdownProbe, llmsFull, cart, productFeed, inputs, fileList, fallbacks] = await Promise.all([
    parityP,
    markdownP,
    llmsFullP,
    cartP,
    productFeedP,
    journeyInputsP,
    filesP,
    fallbackFetches.all,
  ]);
  const { llms, products, discovery } = inputs;
  const files: Record<string, Fetched> = Object.fromEntries(WELL_KNOWN_PATHS.map((p, i) => [p, fileList[i]]));
  Object.assign(files, fallbacks);

  return {
    domain: options.domain,
    origin,
    userAgentToken: SCANNER_TOKEN,
    robots,
    home,
    parity,
    markdownProbe,
    sitemaps,
    llms,
    llmsFull,
    files,
    products,
    category,
    cart,
    productFeed,
    discovery,
    robotsGate: fetcher.gate,
    journey: null,
    unreachable: inputs.unreachable,
  };
}

/** Resolves once the tasks already queued (the promise callbacks of this turn) have run. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function unreachableOf(gate: RobotsGate, robots: Fetched): SiteSnapshot["unreachable"] {
  return gate.kind === "unreachable"
    ? // The outbound code ("network: ", "timeout: ") is for logs; the reason is for people.
      { url: robots.url, reason: (robots.error ?? "no answer").replace(/^[a-z_]+: /, "") }
    : null;
}

/** Product page URLs of a Shopify-style `/products.json` feed (`products[].handle`), sorted; at most 20 read. */
function feedProductUrls(feed: Fetched | undefined, origin: string, onSite: (u: URL) => boolean): string[] {
  if (!feed || feed.status < 200 || feed.status >= 300 || feed.challenge || !feed.contentType.includes("json"))
    return [];
  let data: unknown;
  try {
    data = JSON.parse(feed.body);
  } catch {
    return [];
  }
  const products = (data as { products?: unknown })?.products;
  if (!Array.isArray(products)) return [];
  return sortedUnique(
    products
      .slice(0, 20)
      .map((p) => (p && typeof p === "object" ? (p as { handle?: unknown }).handle : null))
      .filter((h): h is string => typeof h === "string" && /^[\w-]+$/.test(h))
      .map((h) => resolveOnSite(`/products/${h}`, origin, onSite)?.href)
      .filter((u): u is string => !!u),
  );
}

function categoryProductLinks(category: PageVisit | null, onSite: (u: URL) => boolean): string[] {
  if (!category?.page) return [];
  const base = category.fetched.finalUrl;
  const found = productCandidates(category.page, base, [], base, onSite);
  return sortedUnique([...found.byShape, ...found.declared]);
}

async function readSitemap(fetcher: Fetcher, url: string): Promise<SitemapFacts> {
  // Streamed and parsed as it arrives (shared/scan/sitemap.ts): up to the protocol's
  // 50 MB / 50,000 URLs, gzip recognised by its magic number, without holding the text.
  let parsed: ParsedSitemap = { kind: "invalid", urls: [], lastmods: 0, cut: null };
  let gzipped = false;
  const fetched = await fetcher.fetch(url, {
    accept: "application/xml, text/xml, application/gzip",
    priority: 0,
    stream: async (body) => {
      const r = await readSitemapStream(body);
      parsed = r.parsed;
      gzipped = r.gzipped;
      return { bytes: r.bytes, head: r.head };
    },
  });
  const ok = fetched.status >= 200 && fetched.status < 300 && !fetched.challenge;
  if (!ok) parsed = { kind: "invalid", urls: [], lastmods: 0, cut: null };
  return {
    url,
    fetched,
    valid: parsed.kind !== "invalid",
    kind: parsed.kind,
    urls: parsed.kind === "urlset" ? parsed.urls : [],
    lastmods: parsed.lastmods,
    children: parsed.kind === "index" ? parsed.urls : [],
    cut: parsed.cut,
    gzipped,
  };
}

/** The roots' index children, one level deep, in sorted order within what is left of `quota`. */
async function fetchSitemapChildren(
  fetcher: Fetcher,
  first: SitemapFacts[],
  quota: number,
  onSiteUrl: (href: string) => URL | null,
): Promise<SitemapFacts[]> {
  const children = sortedUnique(
    first.flatMap((s) => s.children.map((c) => onSiteUrl(c)?.href).filter((c): c is string => !!c)),
  ).slice(0, Math.max(0, quota - first.length));
  const second = await Promise.all(children.map((u) => readSitemap(fetcher, u)));
  return [...first, ...second];
}

async function fetchCart(fetcher: Fetcher, cartLinks: string[], at: (p: string) => string): Promise<Fetched[]> {
  // Nothing else waits for the cart page: it goes after the pages and the MCP cards.
  const first = await fetcher.fetch(cartLinks[0] ?? at(CONVENTIONAL_CARTS[0]));
  if ((first.status >= 200 && first.status < 300) || cartLinks.length > 0) return [first];
  return [first, await fetcher.fetch(at(CONVENTIONAL_CARTS[1]))];
}

const OPENAPI_FALLBACKS = ["/.well-known/openapi.json", "/api/openapi.json", "/swagger.json"];
const PRODUCT_FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/xml, text/xml, application/json, text/csv, text/tab-separated-values, */*;q=0.5";
const FILE_ACCEPT = "application/json, application/linkset+json, application/ai-catalog+json, */*";
const CARD_ACCEPT = "application/mcp-server-card+json, application/json;q=0.9, */*;q=0.5";

type Wanted = [path: string, url: string, accept?: string];

interface FallbackChoice {
  chosen: Wanted[];
  /** The MCP catalog and cards among them (their paths). */
  mcpPaths: Set<string>;
  onSiteHref: (href: string | undefined) => URL | null;
}

/**
 * What step 2 did not find, in priority order, within `quota` requests: the service
 * description the home page links (`<link rel=service-desc>` or an RFC 8288 Link header);
 * the MCP server card the AI Catalog lists, else the transitional MCP Catalog and the
 * pre-SEP card; an api-catalog a Link header names elsewhere; the A2A card; OpenAPI at
 * conventional paths; the legacy A2A path. Every choice depends only on what answered
 * before; `openapiFound` says whether /openapi.json answered 2xx.
 */
function chooseFallbacks(
  files: Record<string, Fetched>,
  openapiFound: boolean,
  home: PageVisit,
  at: (p: string) => string,
  onSite: (u: URL) => boolean,
  quota: number,
): FallbackChoice {
  const found = (p: string) => {
    const f = files[p];
    return f && f.status >= 200 && f.status < 300;
  };
  const base = home.fetched.finalUrl;
  const onSiteHref = (href: string | undefined) => (href ? resolveOnSite(href, base, onSite) : null);
  const wanted: Wanted[] = [];
  const serviceDesc =
    home.page?.headLinks.find((l) => l.rel.split(/\s+/).includes("service-desc"))?.href ??
    headerLink(home.fetched, "service-desc")?.href;
  const serviceUrl = onSiteHref(serviceDesc);
  if (serviceUrl && !openapiFound) wanted.push([serviceUrl.pathname, serviceUrl.href]);
  const aiCatalog = readCatalog(files[AI_CATALOG_PATH], AI_CATALOG_PATH);
  const card = aiCatalog?.mcpEntries.map((e) => onSiteHref(e.url)).find((u) => !!u);
  const transitional = !aiCatalog?.mcpEntries.length;
  if (card) wanted.push([cardPath(card.href), card.href, CARD_ACCEPT]);
  else if (transitional) {
    wanted.push([MCP_CATALOG_PATH, at(MCP_CATALOG_PATH)]);
    wanted.push([LEGACY_CARD_PATH, at(LEGACY_CARD_PATH)]);
  }
  const catalogLink = onSiteHref(headerLink(home.fetched, "api-catalog")?.href);
  if (catalogLink && !found("/.well-known/api-catalog") && catalogLink.pathname !== "/.well-known/api-catalog")
    wanted.push([catalogLink.pathname, catalogLink.href]);
  wanted.push(["/.well-known/agent-card.json", at("/.well-known/agent-card.json")]);
  if (!openapiFound && !serviceUrl) for (const p of OPENAPI_FALLBACKS) wanted.push([p, at(p)]);
  wanted.push(["/.well-known/agent.json", at("/.well-known/agent.json")]);
  // One round of parallel requests: a second, dependent round on the crawl's tail cost
  // seconds on a slow shop (measured on edge-shop.test). The transitional catalog's card
  // is followed only when a slot is left.
  const chosen = wanted.slice(0, quota);
  const mcpPaths = new Set([MCP_CATALOG_PATH, LEGACY_CARD_PATH, ...(card ? [cardPath(card.href)] : [])]);
  return { chosen, mcpPaths, onSiteHref };
}

/** What of a choice the MCP requests depend on: which of them go, and whether a slot is left for the catalog's card. */
function mcpPart(choice: FallbackChoice, quota: number): string {
  return JSON.stringify([choice.chosen.filter(([path]) => choice.mcpPaths.has(path)), choice.chosen.length < quota]);
}

/**
 * The fallbacks (chooseFallbacks), sent as soon as what decides them answered. The MCP
 * catalog and cards go before every other waiting request: the journey reads them (the
 * endpoints it probes), and the probe after them (server/discover, else the 2025
 * handshake, then tools/list) is the scan's longest chain of round trips. They depend on
 * the home page and the two catalogs, and on /openapi.json only when the home page links
 * a service description and the MCP requests would not all fit in the quota beside it:
 * so they are chosen as if /openapi.json were there and as if not, and sent at once when
 * both choices agree (always, with the full quota of 3), else once it answered. The same
 * requests go out either way. The other fallbacks go once /openapi.json answered.
 */
function fetchFallbacks(
  fetcher: Fetcher,
  input: {
    home: Promise<PageVisit>;
    file: (path: string) => Promise<Fetched>;
    /** /openapi.json: asked for with what nothing waits for, or by the MCP choice when it needs the answer. */
    openapi: { ask: () => void; answer: Promise<Fetched> };
    at: (p: string) => string;
    onSite: (u: URL) => boolean;
    quota: number;
  },
): {
  /** The MCP requests are sent (or wait for /openapi.json): what is asked after them cannot overtake them. */
  mcpSent: Promise<unknown>;
  mcp: Promise<Record<string, Fetched>>;
  all: Promise<Record<string, Fetched>>;
} {
  const { at, onSite, quota } = input;
  const isFound = (f: Fetched) => f.status >= 200 && f.status < 300;
  const known = Promise.all([input.home, input.file(AI_CATALOG_PATH), input.file("/.well-known/api-catalog")]).then(
    ([home, aiCatalog, apiCatalog]) => ({
      home,
      files: { [AI_CATALOG_PATH]: aiCatalog, "/.well-known/api-catalog": apiCatalog } as Record<string, Fetched>,
    }),
  );
  const choose = ({ home, files }: Awaited<typeof known>, openapiFound: boolean) =>
    chooseFallbacks(files, openapiFound, home, at, onSite, quota);
  const fetch = (choice: FallbackChoice, [path, url, accept]: Wanted) =>
    fetcher.fetch(url, { accept: accept ?? FILE_ACCEPT, priority: choice.mcpPaths.has(path) ? -1 : 1 });

  const decided = known.then((k) => {
    const ifThere = choose(k, true);
    if (mcpPart(ifThere, quota) === mcpPart(choose(k, false), quota)) return ifThere;
    input.openapi.ask();
    return null;
  });
  const mcpChoice = Promise.all([known, decided]).then(
    async ([k, choice]) => choice ?? choose(k, isFound(await input.openapi.answer)),
  );
  const mcpAnswers = mcpChoice.then((choice) =>
    choice.chosen.filter(([path]) => choice.mcpPaths.has(path)).map((w) => [w[0], fetch(choice, w)] as const),
  );
  const mcp = mcpChoice.then(async (choice) => {
    const out: Record<string, Fetched> = {};
    for (const [path, answer] of await mcpAnswers) out[path] = await answer;
    const listed = readCatalog(out[MCP_CATALOG_PATH], MCP_CATALOG_PATH)
      ?.mcpEntries.map((e) => choice.onSiteHref(e.url))
      .find((u) => !!u);
    if (listed && choice.chosen.length < quota) {
      const path = cardPath(listed.href);
      out[path] = await fetcher.fetch(listed.href, { accept: CARD_ACCEPT, priority: -1 });
    }
    return out;
  });
  const all = Promise.all([known, input.openapi.answer, mcpChoice]).then(async ([k, openapi]) => {
    // The full choice agrees with the MCP part already sent (mcpChoice).
    const choice = choose(k, isFound(openapi));
    const others = choice.chosen.filter(([path]) => !choice.mcpPaths.has(path));
    const answers = await Promise.all(others.map(async (w) => [w[0], await fetch(choice, w)] as const));
    return { ...Object.fromEntries(answers), ...(await mcp) };
  });
  // Sent at once when decided without /openapi.json; else nothing to wait for.
  const mcpSent = decided.then((choice) => (choice ? mcpAnswers : null));
  return { mcpSent, mcp, all };
}
