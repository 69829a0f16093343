import type { CheckKey } from "../checks/registry";

// What each check asks, in a merchant's words (scan-checks.md, the checks). One title per
// current check key, no more, no fewer (the Record type says so); the report shows these
// titles, the API keeps the keys.
export const CHECK_TITLES: Readonly<Record<CheckKey, string>> = {
  https_reachable: "The home page answers over HTTPS",
  response_time: "The home page loads quickly",
  robots_txt: "robots.txt is published and readable",
  robots_ai_user_agents: "robots.txt lets AI assistants fetch pages for users",
  robots_ai_search_bots: "robots.txt lets AI search crawlers in",
  bot_challenge: "No bot challenge blocks the shop's pages",
  agent_ua_parity: "AI agents get the same page as browsers",
  sitemap_xml: "A sitemap lists the product pages",
  title_description: "The home page has a title and a description",
  html_lang: "The page language is declared",
  canonical_url: "Pages name their canonical URL",
  open_graph: "Open Graph tags describe the home page",
  organization_schema: "Structured data names the business",
  website_search_action: "Structured data tells agents how to search",
  llms_txt: "llms.txt guides AI agents through the shop",
  policy_pages: "Shipping, returns and contact are easy to find",
  search_form: "A labelled search form",
  crawlable_links: "Product pages are reachable through plain links",
  add_to_cart_control: "Products have a real add-to-cart button",
  add_to_cart_name: "The add-to-cart button says what it does",
  form_labels: "Product options are labelled",
  no_captcha: "No CAPTCHA stands in the way",
  image_alt_text: "Product images are described in alt text",
  server_rendered_content: "Product name and price are in the HTML",
  product_schema: "Structured data describes each product",
  offer_schema: "Structured data gives price, currency and availability",
  product_identifiers: "Products carry SKU, GTIN/MPN and brand",
  breadcrumb_schema: "Breadcrumbs in structured data",
  structured_data_valid: "Structured data is valid",
  price_consistency: "The structured price matches the visible price",
  page_weight: "Product pages are light enough to read",
  markdown_alternates: "Pages offer a Markdown version",
  openapi_exists: "An OpenAPI description of the shop's API",
  api_catalog: "An API catalog at /.well-known/api-catalog",
  mcp_discovery: "An MCP server is advertised",
  agent_card: "An A2A agent card is published",
  commerce_protocol: "An agentic-commerce profile (UCP or ACP)",
  product_feed: "A machine-readable product feed",
  llms_full_txt: "llms-full.txt carries the full content",
  ai_usage_policy: "robots.txt states an AI usage policy",
  // The cart journey check (scan issue 14): an agent actually adds a product to the cart.
  cart_add: "An agent can add a product to the cart",
};

/**
 * How many checks a scan runs. Read from the titles, whose type holds exactly the
 * registry's keys, so pages that state the number (the service summary at the edge) do
 * not load the checks themselves; test/unit/scan/scan-vocabulary.test.ts compares it
 * with the registry.
 */
export const CHECK_COUNT = Object.keys(CHECK_TITLES).length;

/** The title of a check; a key of a retired check (in an older stored scan) reads as words. */
export function checkTitle(key: string): string {
  if (Object.hasOwn(CHECK_TITLES, key)) return CHECK_TITLES[key as CheckKey];
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
