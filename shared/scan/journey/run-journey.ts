import type { ResolveMap } from "../../outbound/resolve-map";
import { LOCAL_INFO_URL, scannerUserAgent } from "../../outbound/user-agents";
import { isOk, parseJson } from "../checks/check-helpers";
import { apiCatalogLinks } from "../checks/integration/api-catalog";
import { catalogMcpEndpoints } from "../checks/integration/mcp-catalog";
import type { CrawlEvent } from "../crawl/fetcher";
import type { HostLimiter } from "../crawl/host-limiter";
import type { JourneySite, McpProbeSite } from "../types";
import { type PathResult, probeMcp, productPage, tryForm, tryMcp, tryPermalink, tryPlatformApi } from "./cart-paths";
import type { JourneyContext, McpContext } from "./context";
import { findProduct, searchSite } from "./find";
import { JourneyClient } from "./journey-client";
import { JOURNEY_LIMITS } from "./journey-limits";
import { detectPlatform } from "./platform";
import type { CartResult, CartVia, JourneyResult, McpProbe } from "./types";
import { readUcpProfile } from "./ucp-profile";

// The journey (issue 14): after the crawl, do what a shopping agent does, with plain
// HTTP and no JavaScript: find a product, understand it, add one unit to a cart through
// the first path the shop offers, read the cart back. Deterministic (every choice from
// the crawl's sorted lists), bounded (journey-limits.ts), and safe (safety.ts; robots.txt
// for the scanner's own token; stops at a challenge). docs/scan.md "The journey".

export interface JourneyOptions {
  /** What the probe of advertised MCP endpoints reads: handed over before the pages are in. */
  probeSite: McpProbeSite;
  /** Everything the journey reads, once the crawl has the product and category pages. */
  site: Promise<JourneySite>;
  resolve: ResolveMap;
  signal?: AbortSignal;
  /** The scanner's info page; its origin also serves the UCP agent profile. */
  infoUrl?: string;
  /** The crawl's per-host limiter when the journey runs beside the crawl (at most 6 in flight per host, scan-checks.md). */
  limiter?: HostLimiter;
  onFetch?: (event: CrawlEvent & { method: string; journey: true }) => void;
  onStatus?: (message: string) => void;
}

/**
 * `advertisedBy` of Shopify's per-store UCP MCP endpoint, probed on Shopify stores: the
 * catalog and cart tools moved there from the storefront MCP endpoint `/api/mcp`, which
 * Shopify retired for them (shopify.dev, "Migrate from Storefront MCP").
 */
export const SHOPIFY_UCP_MCP = "Shopify per-store UCP MCP (/api/ucp/mcp)";
export const SHOPIFY_UCP_MCP_PATH = "/api/ucp/mcp";

/** Where the scanner's UCP agent profile is served (workers/scan/routes/agent-profile.ts). */
export const AGENT_PROFILE_PATH = "/api/scan/agent-profile.json";

const VIA_WORDS: Record<CartVia, string> = {
  form: "the product form",
  permalink: "a cart URL",
  platform_api: "the platform's cart API",
  mcp: "the commerce protocol's MCP cart tool",
};

/** "€129.00" when the currency is a known ISO code, else "129.00 XYZ" or the bare amount. */
function formatPrice(price: string, currency: string | null): string {
  const amount = Number(price.replace(/,/g, ""));
  if (currency && Number.isFinite(amount)) {
    try {
      return new Intl.NumberFormat("en", { style: "currency", currency }).format(amount);
    } catch {
      return `${price} ${currency}`;
    }
  }
  return price;
}

function emptyCart(): CartResult {
  return { added: false, via: null, product_url: null, steps: [], attempts: [], readBack: null, blocked: null };
}

export async function runJourney(options: JourneyOptions): Promise<JourneyResult> {
  const { probeSite } = options;
  const infoUrl = options.infoUrl ?? LOCAL_INFO_URL;
  const status = options.onStatus ?? (() => {});
  const deadline = AbortSignal.timeout(JOURNEY_LIMITS.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const client = new JourneyClient({
    domain: probeSite.domain,
    resolve: options.resolve,
    gate: probeSite.robotsGate,
    userAgent: scannerUserAgent(infoUrl),
    signal,
    limiter: options.limiter,
    onFetch: options.onFetch,
  });
  const result: JourneyResult = {
    platform: null,
    find: { via: null, search: null, feeds: [] },
    product: null,
    mcp: [],
    cart: emptyCart(),
    requests: 0,
    stopped: null,
  };

  // Nothing to do where the crawl could not look: the home page behind a challenge or
  // robots.txt. The cart is then as blocked as the rest.
  if (probeSite.unreachable) {
    result.stopped = `the site gave no answer (${probeSite.unreachable.reason})`;
    status(`Journey not started: ${result.stopped}`);
    return result;
  }
  const home = probeSite.home?.fetched;
  if (home?.challenge || home?.robotsBlocked) {
    result.cart.blocked = {
      reason: home.challenge
        ? `the home page answered with a ${home.challenge} challenge`
        : (home.error ?? "robots.txt disallows the scanner"),
      url: home.url,
      challenge: home.challenge,
    };
    result.stopped = "home page not reachable for the scanner";
    status(`Journey not started: ${result.cart.blocked.reason}`);
    return result;
  }

  // The MCP endpoints advertised outside UCP are probed from here, while the crawl still
  // reads the product pages: the probe (server card, then server/discover beside
  // initialize, the 2025 notification when discover did not answer 2026-07-28, then
  // tools/list) is a long chain of round trips, and nothing on
  // the cart's path waits for it. A challenge it meets is kept apart and joins the
  // journey's only once the cart paths are done, so the cart's path never depends on when
  // a side answer arrives.
  const platform = detectPlatform(probeSite);
  const ucp = readUcpProfile(probeSite.files["/.well-known/ucp"]);
  const mcpSessions: JourneyContext["mcpSessions"] = new Map();
  const mcpProbes: McpProbe[] = [];
  const sideCtx: McpContext = {
    client,
    origin: probeSite.origin,
    platform,
    ucp,
    mcpSessions,
    mcpProbes,
    challenge: null,
  };
  const advertised = probeAdvertised(sideCtx, probeSite);

  const site = await options.site;
  const ctx: JourneyContext = {
    site,
    client,
    origin: site.origin,
    platform,
    ucp,
    agentProfileUrl: `${new URL(infoUrl).origin}${AGENT_PROFILE_PATH}`,
    product: null,
    attempts: [],
    mcpSessions,
    mcpProbes,
    challenge: null,
    status,
  };

  status("Looking for a product the way an agent does: links, sitemap, site search, product APIs");
  result.find = await findProduct(ctx);
  result.platform = ctx.platform.platform;
  result.product = ctx.product;
  const p = ctx.product;
  if (p) {
    const price = p.price ? ` — ${formatPrice(p.price, p.currency)}` : "";
    status(`Found: ${p.name ?? p.url ?? "a product"}${price}${p.availability ? ` — ${p.availability}` : ""}`);
  } else {
    status("No product found without JavaScript");
  }

  // The site search is asked alongside the cart paths: nothing on the cart's path waits
  // for it (the set of requests stays the same whatever answers first).
  const search = ctx.challenge ? Promise.resolve(null) : searchSite(ctx);

  // Add one unit, through the first path that works.
  const cart = result.cart;
  cart.product_url = p?.url ?? null;
  // A shop whose only way in is a commerce protocol is tried through it even when no page
  // described a product: its catalog may (tryMcp looks the product up there).
  if ((p || ctx.ucp?.mcpEndpoint) && !ctx.challenge) {
    const page = p?.url ? await productPage(ctx) : null;
    const paths: Array<[CartVia, () => Promise<PathResult | null>]> = [
      ["form", () => tryForm(ctx, page)],
      ["permalink", () => tryPermalink(ctx, page)],
      ["platform_api", () => tryPlatformApi(ctx)],
      ["mcp", () => tryMcp(ctx)],
    ];
    for (const [via, attempt] of paths) {
      if (ctx.challenge) break;
      client.beginPath(via);
      const r = await attempt();
      if (!r) continue;
      ctx.attempts.push(r.attempt);
      cart.via = via;
      status(`${VIA_WORDS[via]}: ${r.attempt.outcome.replace("_", " ")} (${r.attempt.detail})`);
      if (r.attempt.outcome === "added") {
        cart.added = true;
        cart.readBack = r.readBack
          ? { url: r.readBack.url, credential: r.readBack.credential, quantity: r.readBack.quantity }
          : null;
        break;
      }
    }
  }

  const searched = await search;
  if (searched) result.find.search = searched;
  const advertisedProbes = await advertised;
  if (!ctx.challenge && sideCtx.challenge) ctx.challenge = sideCtx.challenge;
  // The UCP endpoint is probed after the cart paths (the MCP path may already have).
  if (!ctx.challenge && ctx.ucp?.mcpEndpoint) await probeMcp(ctx, ctx.ucp.mcpEndpoint, "/.well-known/ucp");

  cart.attempts = ctx.attempts;
  // The MCP path may have found (or refined) the product in the UCP catalog.
  result.product = ctx.product;
  cart.product_url = ctx.product?.url ?? cart.product_url;
  // The cart's own path (finding the product, the page, the mutation, its redirects, the
  // read back), in the order sent; the search and MCP probes sent alongside are in
  // `find.search` and `mcp`.
  cart.steps = client.steps.filter((s) => !s.side).map(({ method, url, status }) => ({ method, url, status }));
  if (ctx.challenge && !cart.added) {
    cart.blocked = {
      reason: `${ctx.challenge.vendor} challenge at ${ctx.challenge.url}`,
      url: ctx.challenge.url,
      challenge: ctx.challenge.vendor,
    };
    result.stopped = `stopped at a ${ctx.challenge.vendor} challenge`;
  } else if (!cart.added && !ctx.challenge) {
    const blocked = ctx.attempts.find((a) => a.outcome === "blocked");
    if (blocked) cart.blocked = { reason: blocked.detail, url: cart.product_url ?? site.origin, challenge: null };
  }
  if (cart.added && cart.via) status(`Added to cart via ${VIA_WORDS[cart.via]} ✓`);
  else if (cart.blocked) status(`Cart step blocked: ${cart.blocked.reason}`);
  // The advertised endpoints in their order, then the UCP endpoint's.
  result.mcp = [...advertisedProbes, ...ctx.mcpProbes.filter((p) => !advertisedProbes.includes(p))];
  // The MCP sessions the journey opened are ended once nothing will use them, after the
  // cart's steps were taken down (ending a session is not a step of the cart's path).
  for (const session of mcpSessions.values()) await session.close();
  result.requests = client.requestCount;
  return result;
}

/**
 * MCP endpoints advertised outside UCP (server card, llms.txt, api-catalog), at most two,
 * asked server/discover (else initialize) + tools/list, so mcp_discovery judges an endpoint
 * that answers, not a pointer. The UCP-bound endpoint is left to the MCP cart path.
 */
async function probeAdvertised(ctx: McpContext, site: McpProbeSite): Promise<McpProbe[]> {
  const endpoints = advertisedMcpEndpoints(site).filter(([endpoint]) => {
    try {
      return ctx.client.onSite(new URL(endpoint)) && endpoint !== ctx.ucp?.mcpEndpoint;
    } catch {
      return false;
    }
  });
  // Shopify serves a UCP MCP endpoint at /api/ucp/mcp on every store, advertised or not
  // (shopify.dev, "Migrate from Storefront MCP"), unless the UCP profile binds it already.
  if (ctx.platform.platform === "shopify") endpoints.push([`${ctx.origin}${SHOPIFY_UCP_MCP_PATH}`, SHOPIFY_UCP_MCP]);
  const unique = [...new Map(endpoints.map((e) => [e[0], e])).values()].slice(0, 2);
  const probes: McpProbe[] = [];
  for (const [endpoint, by] of unique) probes.push(await probeMcp(ctx, endpoint, by, true));
  return probes;
}

/** MCP endpoints named by a catalogued server card, a legacy card, llms.txt or the api-catalog, in that order. */
function advertisedMcpEndpoints(site: McpProbeSite): Array<[string, string]> {
  // SEP-2127 first: the server cards an AI Catalog (or the MCP Catalog) lists.
  const out: Array<[string, string]> = catalogMcpEndpoints(site);
  for (const path of ["/.well-known/mcp.json", "/.well-known/mcp"]) {
    const f = site.files[path];
    if (!isOk(f)) continue;
    const json = parseJson(f.body) as Record<string, unknown> | undefined;
    const raw = json && (json.url ?? json.endpoint ?? (json.transport as Record<string, unknown> | undefined)?.url);
    if (typeof raw === "string") {
      try {
        out.push([new URL(raw, f.finalUrl).href, path]);
      } catch {
        // Not a URL: the card is judged by mcp_discovery as it is.
      }
    }
  }
  if (isOk(site.llms)) {
    const m = /\[[^\]]*\bmcp\b[^\]]*\]\((https?:[^)]+)\)|\((https?:[^)]*\/mcp[^)]*)\)/i.exec(site.llms.body);
    if (m) out.push([m[1] ?? m[2], "/llms.txt"]);
  }
  const catalog = site.files["/.well-known/api-catalog"];
  if (isOk(catalog)) {
    const href = apiCatalogLinks(catalog.body).hrefs.find((h) => /\bmcp\b/i.test(h));
    if (href) out.push([href, "/.well-known/api-catalog"]);
  }
  return out;
}
