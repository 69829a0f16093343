// What the journey (find a product, understand it, add one unit to a cart, read the cart
// back) found and did. It is an input of the checks next to the crawl's snapshot and the
// source of `cart_add`'s `evidence.cart` (docs/scan.md "The journey").

/** The four ways into a cart, tried in this order (issue 14, docs/scan.md). */
export type CartVia = "form" | "permalink" | "platform_api" | "mcp";

export type Platform = "shopify" | "woocommerce";

/** One request the journey sent: what `evidence.cart.steps` lists. */
export interface JourneyStep {
  method: string;
  url: string;
  status: number;
}

/** A product as an agent understands it before buying. */
export interface ProductFacts {
  url: string | null;
  name: string | null;
  price: string | null;
  currency: string | null;
  availability: string | null;
  /** The id a cart needs: a variant id, a product id, or a SKU (for UCP items). */
  itemId: string | null;
  /** Where these facts came from. */
  source: "json-ld" | "microdata" | "rdfa" | "html" | "shopify_json" | "woo_store_api" | "ucp_catalog";
  /** Facts that two sources state differently (e.g. "price: JSON-LD 129.00, Store API 119.00"). */
  disagreements: string[];
}

export interface FindResult {
  /** How the chosen product was found. */
  via: "links" | "sitemap" | "platform_api" | null;
  /** The site search, submitted with a word from a product's name. */
  search: {
    url: string;
    status: number;
    word: string;
    productLinks: number;
    refused: string | null;
  } | null;
  /** Machine product listings the journey read (Shopify /products.json, Store API products). */
  feeds: Array<{ url: string; status: number; products: number; refused: string | null }>;
}

/** Which MCP protocol an endpoint answered in: the stateless 2026-07-28 one, or the 2025 handshake. */
export type McpEra = "2026-07-28" | "2025 handshake";

export interface McpProbe {
  endpoint: string;
  /** Where the endpoint was advertised. */
  advertisedBy: string;
  /** Tool names from `tools/list`, or null when it did not answer. */
  tools: string[] | null;
  /** "json" or "sse": how the endpoint answered (MCP Streamable HTTP allows both). */
  answeredAs: "json" | "sse" | null;
  error: string | null;
  /**
   * Issue 45: the protocol era that answered (`2026-07-28` through server/discover, or the
   * `2025 handshake` through initialize), and the versions the server named; null when
   * neither answered.
   */
  era?: McpEra | null;
  versions?: string[];
}

export interface PathAttempt {
  via: CartVia;
  /** `added`: the line was read back; `not_confirmed`: the mutation answered but the read did not show the line. */
  outcome: "added" | "not_confirmed" | "refused" | "failed" | "blocked";
  detail: string;
}

export interface CartResult {
  added: boolean;
  via: CartVia | null;
  product_url: string | null;
  steps: JourneyStep[];
  /** Every path that applied, in order, with what happened. */
  attempts: PathAttempt[];
  /** The read back that confirmed the line (what was read, and which credential it carried). */
  readBack: { url: string; credential: "cookie" | "cart-token" | "mcp-cart-id" | null; quantity: number | null } | null;
  /** Why the cart could not be reached at all: robots.txt or a challenge (then `cart_add` is blocked). */
  blocked: { reason: string; url: string; challenge: string | null } | null;
}

export interface JourneyResult {
  platform: Platform | null;
  find: FindResult;
  product: ProductFacts | null;
  mcp: McpProbe[];
  cart: CartResult;
  /** Requests the journey sent (each redirect hop counts). */
  requests: number;
  /** Set when the journey stopped early (challenge, budget, deadline). */
  stopped: string | null;
}
