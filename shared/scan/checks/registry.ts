import { agentUaParity } from "./access/agent-ua-parity";
import { botChallenge } from "./access/bot-challenge";
import { httpsReachable } from "./access/https-reachable";
import { responseTime } from "./access/response-time";
import { robotsAiSearchBots } from "./access/robots-ai-search-bots";
import { robotsAiUserAgents } from "./access/robots-ai-user-agents";
import { robotsTxt } from "./access/robots-txt";
import { sitemapXml } from "./access/sitemap-xml";
import { breadcrumbSchema } from "./content/breadcrumb-schema";
import { markdownAlternates } from "./content/markdown-alternates";
import { offerSchema } from "./content/offer-schema";
import { pageWeight } from "./content/page-weight";
import { priceConsistency } from "./content/price-consistency";
import { productIdentifiers } from "./content/product-identifiers";
import { productSchema } from "./content/product-schema";
import { serverRenderedContent } from "./content/server-rendered-content";
import { structuredDataValid } from "./content/structured-data-valid";
import { canonicalUrl } from "./identity/canonical-url";
import { htmlLang } from "./identity/html-lang";
import { llmsTxt } from "./identity/llms-txt";
import { openGraph } from "./identity/open-graph";
import { organizationSchema } from "./identity/organization-schema";
import { policyPages } from "./identity/policy-pages";
import { titleDescription } from "./identity/title-description";
import { websiteSearchAction } from "./identity/website-search-action";
import { agentCard } from "./integration/agent-card";
import { aiUsagePolicy } from "./integration/ai-usage-policy";
import { apiCatalog } from "./integration/api-catalog";
import { commerceProtocol } from "./integration/commerce-protocol";
import { llmsFullTxt } from "./integration/llms-full-txt";
import { mcpDiscovery } from "./integration/mcp-discovery";
import { openapiExists } from "./integration/openapi-exists";
import { productFeed } from "./integration/product-feed";
import { addToCartControl } from "./interaction/add-to-cart-control";
import { addToCartName } from "./interaction/add-to-cart-name";
import { cartAdd } from "./interaction/cart-add";
import { crawlableLinks } from "./interaction/crawlable-links";
import { formLabels } from "./interaction/form-labels";
import { imageAltText } from "./interaction/image-alt-text";
import { noCaptcha } from "./interaction/no-captcha";
import { searchForm } from "./interaction/search-form";

/**
 * Every check, in the order of scan-checks.md; keys are public and never renamed. This
 * list is the one declaration of the check keys (`CheckKey`) and of their number.
 */
export const CHECKS = [
  httpsReachable,
  responseTime,
  robotsTxt,
  robotsAiUserAgents,
  robotsAiSearchBots,
  botChallenge,
  agentUaParity,
  sitemapXml,
  titleDescription,
  htmlLang,
  canonicalUrl,
  openGraph,
  organizationSchema,
  websiteSearchAction,
  llmsTxt,
  policyPages,
  searchForm,
  crawlableLinks,
  addToCartControl,
  addToCartName,
  formLabels,
  cartAdd,
  noCaptcha,
  imageAltText,
  serverRenderedContent,
  productSchema,
  offerSchema,
  productIdentifiers,
  breadcrumbSchema,
  structuredDataValid,
  priceConsistency,
  pageWeight,
  markdownAlternates,
  openapiExists,
  apiCatalog,
  mcpDiscovery,
  agentCard,
  commerceProtocol,
  productFeed,
  llmsFullTxt,
  aiUsagePolicy,
] as const;

/** A current check's key, e.g. `llms_txt`. Stored scans may hold keys of retired checks: those are plain strings. */
export type CheckKey = (typeof CHECKS)[number]["key"];

const keys: ReadonlySet<string> = new Set(CHECKS.map((c) => c.key));

export function isCheckKey(key: string): key is CheckKey {
  return keys.has(key);
}
