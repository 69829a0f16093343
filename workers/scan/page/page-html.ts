import { SCANNER_TOKEN, scannerUserAgent } from "@shared/outbound/user-agents";
import { CHECKS } from "@shared/scan/checks/registry";
import { CRAWL_LIMITS } from "@shared/scan/crawl/crawl-limits";
import { JOURNEY_LIMITS } from "@shared/scan/journey/journey-limits";
import { LAYERS } from "@shared/scan/layers";
import { html } from "hono/html";
import { pageLayout, scanForm } from "./page-layout";

// The numbers the page states come from the tables that enforce them.
const requestCap = CRAWL_LIMITS.maxRequests + JOURNEY_LIMITS.maxRequests;
const totalSeconds = (CRAWL_LIMITS.scanTimeoutMs + JOURNEY_LIMITS.timeoutMs) / 1000;
const megabytes = CRAWL_LIMITS.maxBytes / (1024 * 1024);

// The scan web page (docs/decisions.md#1-running-it: `/` serves it): the form, and what the scanner does.
export function pageHtml(infoUrl: string) {
  return pageLayout({
    title: "Agent readiness scan – can AI agents shop here?",
    description: `Scan an online shop: can AI agents reach it, understand it, find a product and add it to a cart? ${CHECKS.length} checks, a score out of 100.`,
    body: html`<h1>Can AI agents shop here?</h1>
<p>Enter a shop's domain (or paste any URL of the shop). The scanner fetches its pages the way an AI agent does (plain HTTP, no JavaScript), runs ${CHECKS.length} checks in ${LAYERS.length} layers, scores it out of 100 and tells you what to fix first.</p>
${scanForm()}
<section id="scanner">
<h2>About the scanner</h2>
<p>Requests from this service carry the User-Agent <code>${scannerUserAgent(infoUrl)}</code>. It reads <code>robots.txt</code> first and obeys the group for <code>${SCANNER_TOKEN}</code> (or <code>*</code>) for every request. A scan sends at most ${requestCap} requests (${CRAWL_LIMITS.maxRequests} to read the site, ${JOURNEY_LIMITS.maxRequests} for the cart journey), at most ${CRAWL_LIMITS.perHostConcurrency} at a time per host, reads at most ${megabytes} MB of each answer and stops after ${totalSeconds} seconds. It fetches the home page, <code>robots.txt</code>, sitemaps, <code>llms.txt</code>, <code>llms-full.txt</code>, a few <code>/.well-known/</code> files, up to three product pages, one category page and the cart, plus one request to the home page with the ChatGPT-User User-Agent to compare what AI agents are served. Runs no JavaScript and stores only the check results.</p>
<h3>The cart journey, and what it never does</h3>
<p>Like a shopping agent, the scanner then finds one product (links, sitemap, the site's search, the shop's product API), adds one unit of it to a cart through the first way the shop offers (the product page's add-to-cart form, a cart URL, the platform's cart API, or a commerce protocol's MCP cart tool) and reads the cart back. Cookies and cart tokens live only for that scan and are never stored. The cart is left as it is.</p>
<ul>
<li>It never requests a checkout or payment page and never calls a checkout tool.</li>
<li>It never submits any form but an add-to-cart form (a GET search form is used like a link).</li>
<li>It sends at most one cart change per way it tries, one unit of one product.</li>
<li>It obeys <code>robots.txt</code>: if the cart is disallowed to it, no cart request is sent and the result says so.</li>
<li>It stops at a bot challenge.</li>
</ul>
<p>To keep it out: <code>User-agent: ${SCANNER_TOKEN}</code> / <code>Disallow: /</code>.</p>
</section>`,
  });
}
