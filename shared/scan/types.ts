// Shapes of a scan: what the crawler fetched, what each page says, what a check returns.
// CheckResult is the contract's (contract.md "CheckResult").

import type { RobotsTxt } from "../robots/parse-robots";
import type { RobotsVerdict } from "../robots/robots-verdict";
import type { JourneyResult } from "./journey/types";
import type { LayerNumber } from "./layers";
import type { CheckStatus } from "./scan-result";

/** Declared once in ./layers.ts (the layers table) and ./scan-result.ts (the Scan API's zod schemas). */
export type { LayerName, LayerNumber } from "./layers";
export type { CheckResult, CheckStatus } from "./scan-result";

/** What a check function returns; runCheck adds the definition's `layer` and `key`. */
export interface CheckOutcome {
  status: CheckStatus;
  message: string;
  fix?: string | null;
  evidence?: Record<string, unknown> | null;
  blocked?: boolean;
}

/** One check; `K` keeps its key's literal so the registry yields the CheckKey union. */
export interface CheckDefinition<K extends string = string> {
  /** Public and never renamed (scan-checks.md). */
  key: K;
  layer: LayerNumber;
  /** Weight inside its layer: 1 low, 2 normal, 3 high (scan-checks.md). */
  weight: 1 | 2 | 3;
  run(site: SiteSnapshot): CheckOutcome;
}

/** One fetched URL as the checks see it. `status` 0 means no HTTP answer. */
export interface Fetched {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: string;
  bytes: number;
  truncated: boolean;
  ms: number;
  redirects: string[];
  /** Why there is no answer: an outbound error code and message. */
  error: string | null;
  /** Bot-protection vendor whose challenge answered instead of the page. */
  challenge: string | null;
  /** Not fetched because robots.txt disallows the scanner's user agent. */
  robotsBlocked: boolean;
  /** Set when robots.txt kept the request from being sent: the verdict, with its rule and line (issue 45). */
  robotsVerdict?: RobotsVerdict;
}

export interface LinkFacts {
  href: string;
  text: string;
  rel: string;
  type: string;
}

export interface InputFacts {
  tag: "input" | "select" | "textarea";
  type: string;
  name: string;
  id: string;
  /** aria-label, aria-labelledby, title or a wrapping <label>. `label[for]` is resolved through `labelFor`. */
  labelled: boolean;
  /** Not shown to a person: `hidden`, `aria-hidden="true"` or an inline `display:none`. */
  hidden: boolean;
  placeholder: string;
  /** WebMCP's `toolparamdescription` (issue 45), else "". */
  toolParamDescription?: string;
  required?: boolean;
}

export interface ControlFacts {
  tag: "button" | "input" | "a";
  type: string;
  text: string;
  ariaLabel: string;
  value: string;
  title: string;
  href: string;
  inForm: boolean;
  /** Carries an onclick handler (acts only through JavaScript unless it also submits a form). */
  onclick: boolean;
}

export interface FormFacts {
  action: string | null;
  name: string;
  id: string;
  method: string;
  role: string;
  inSearchLandmark: boolean;
  inputs: InputFacts[];
  controls: ControlFacts[];
  /** Names of its `type=hidden` inputs (sent with the form, never filled by a person). */
  hiddenNames?: string[];
  /**
   * WebMCP's declarative tool (webmachinelearning/webmcp declarative-api-explainer.md):
   * the form's `toolname` and `tooldescription` (both needed to register it) and
   * `toolautosubmit`; null when the form is not annotated.
   */
  tool?: { name: string; description: string; autosubmit: boolean } | null;
}

export interface ImageFacts {
  src: string;
  alt: string | null;
}

/** Everything the checks read from one HTML page, gathered in one streaming pass. */
export interface PageFacts {
  title: string | null;
  metaDescription: string | null;
  lang: string | null;
  canonical: string | null;
  meta: Record<string, string>;
  headLinks: LinkFacts[];
  links: LinkFacts[];
  /** Raw JSON-LD blocks, as written (validity is judged from these). */
  jsonLd: string[];
  /** Top-level microdata items, shaped like JSON-LD nodes (html/item-collector.ts). */
  microdata: Array<Record<string, unknown>>;
  /** Top-level schema.org RDFa items, shaped like JSON-LD nodes. */
  rdfa: Array<Record<string, unknown>>;
  /** The class attribute of <body> (platform page markers such as catalog-product-view). */
  bodyClass: string;
  /** Platform markers that say "this is a product page" (e.g. Shopify's pageType product). */
  platformProduct: boolean;
  /** Why parts of the page could not be read (a handler that failed on odd markup); empty when all was read. */
  problems: string[];
  forms: FormFacts[];
  /** Buttons and submit inputs outside any form. */
  looseControls: ControlFacts[];
  /** Elements made clickable without being buttons or links (onclick, role=button). */
  clickables: string[];
  labelFor: string[];
  images: ImageFacts[];
  h1: string[];
  text: string;
  /**
   * The text a person sees without JavaScript: `text` less what sits inside an element
   * hidden by its markup (`hidden`, inline `display:none` / `visibility:hidden`,
   * `role=tooltip`), such as a shipping fee in a tooltip.
   */
  visibleText?: string;
  captchas: string[];
  /** An element with a typical SPA root id (root, app, __next, __nuxt). */
  appRoot: boolean;
}

export interface SitemapFacts {
  url: string;
  fetched: Fetched;
  valid: boolean;
  kind: "urlset" | "index" | "invalid";
  urls: string[];
  lastmods: number;
  children: string[];
  /** Why reading stopped before the document's end (a protocol limit, a broken-off answer); null when read whole. */
  cut?: string | null;
  /** The file was gzip-compressed (`.xml.gz`) and decompressed while read. */
  gzipped?: boolean;
}

export interface PageVisit {
  fetched: Fetched;
  page: PageFacts | null;
}

export interface Discovery {
  /** The home page itself says it is a product page (structured data, og:type, platform marker). */
  homeIsProduct: boolean;
  /** Product URLs linked from the home page (by shape, named in its structured data, or slug links that proved to be products), sorted. */
  productLinksHome: string[];
  /** Product-looking URLs linked from the category page, sorted. */
  productLinksCategory: string[];
  /** Product-looking URLs listed in sitemaps, sorted. */
  productLinksSitemap: string[];
  categoryCandidates: string[];
  cartLinks: string[];
  /** Home page controls that mention a cart but are not links. */
  cartScriptControls: string[];
}

/**
 * What the journey reads of the crawl. The crawl hands it over as soon as these are in
 * (crawl-site.ts), so the journey runs beside the crawl's last requests (parity and
 * markdown probes, llms-full.txt, the cart page, the product feed) instead of after them.
 */
export type JourneySite = Pick<
  SiteSnapshot,
  "domain" | "origin" | "home" | "llms" | "files" | "products" | "discovery" | "robotsGate" | "unreachable"
>;

/**
 * What the journey's probe of advertised MCP endpoints reads: the journey's inputs but
 * the pages, handed over as soon as the MCP server card answered (the probe is the
 * scan's longest chain, so it starts before the product pages are read).
 */
export type McpProbeSite = Omit<JourneySite, "products" | "discovery">;

/** The crawl's result: the only input of every check. */

export interface SiteSnapshot {
  domain: string;
  origin: string;
  userAgentToken: string;
  robots: Fetched | null;
  home: PageVisit | null;
  parity: Fetched | null;
  markdownProbe: Fetched | null;
  sitemaps: SitemapFacts[];
  llms: Fetched | null;
  llmsFull: Fetched | null;
  /** Fetched well-known and API paths, keyed by path (e.g. `/.well-known/api-catalog`). */
  files: Partial<Record<string, Fetched>>;
  products: PageVisit[];
  category: PageVisit | null;
  cart: Fetched[];
  /**
   * The product feed the home page (`link rel=alternate`) or a sitemap declares, read to
   * see what it holds; null when none is declared or /products.json already lists products.
   */
  productFeed?: { url: string; via: "link" | "sitemap"; fetched: Fetched } | null;
  discovery: Discovery;
  /** The robots.txt policy the crawl applied to itself; the journey applies the same. */
  robotsGate: RobotsGate;
  /** What the journey (find, understand, add to cart, read back) did; null when it did not run. */
  journey: JourneyResult | null;
  /**
   * Set when the site gave no HTTP answer at all (DNS, refused, TLS, timeout) on the apex
   * and on www.: nothing else was fetched and every check says so (docs/scan.md).
   */
  unreachable: { url: string; reason: string } | null;
}

/**
 * The robots policy in force: rules to apply; everything allowed (4xx, RFC 9309
 * §2.3.1.3); "disallow all" after a server error (§2.3.1.4); or a site that gave no
 * HTTP answer at all, which is not crawled further.
 */
export type RobotsGate =
  | { kind: "rules"; robots: RobotsTxt }
  | { kind: "allow-all" }
  | { kind: "disallow-all"; reason: string }
  | { kind: "unreachable"; reason: string };
