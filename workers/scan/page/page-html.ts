import { SCANNER_TOKEN, scannerUserAgent } from "../../../shared/scan/user-agent";
import { PAGE_SCRIPT } from "./page-script";

// The scan web page (decisions §1: `/` serves it). One self-contained document: no
// external scripts, styles or fonts, so the Content-Security-Policy can stay strict.
export const PAGE_STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
form{display:flex;gap:.5rem}input{flex:1;font:inherit;padding:.5rem}button{font:inherit;padding:.5rem 1rem}
#summary{font-size:1.5rem;font-weight:600;margin:1rem 0}.error{color:#a00}
.check{margin:.5rem 0;list-style:none}.check p{margin:.1rem 0}.pass strong{color:#070}.warn strong{color:#a60}.fail strong{color:#a00}
.fix{color:#444;font-size:.9rem}code{background:#f2f2f2;padding:0 .2rem}`;

export function pageHtml(infoUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent readiness scan – can AI agents shop here?</title>
<meta name="description" content="Scan an online shop: can AI agents reach it, understand it, find a product and add it to a cart? 41 checks, a score out of 100.">
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Can AI agents shop here?</h1>
<p>Enter a shop's domain. The scanner fetches its pages the way an AI agent does (plain HTTP, no JavaScript), runs 41 checks in five layers and scores it out of 100.</p>
<form id="scan-form" role="search" aria-label="Scan a shop">
<label for="domain">Domain</label>
<input id="domain" name="domain" type="text" required maxlength="253" placeholder="example.com" autocomplete="url" spellcheck="false">
<button type="submit">Scan</button>
</form>
<div id="result" hidden aria-live="polite">
<p id="progress"></p>
<p id="summary"></p>
<div id="layers"></div>
</div>
<section id="scanner">
<h2>About the scanner</h2>
<p>Requests from this service carry the User-Agent <code>${scannerUserAgent(infoUrl)}</code>. It reads <code>robots.txt</code> first and obeys the group for <code>${SCANNER_TOKEN}</code> (or <code>*</code>) for every request. A scan sends at most 41 requests (25 to read the site, 16 for the cart journey), at most 6 at a time per host, reads at most 2 MB of each answer and stops after 30 seconds. It fetches the home page, <code>robots.txt</code>, sitemaps, <code>llms.txt</code>, <code>llms-full.txt</code>, a few <code>/.well-known/</code> files, up to three product pages, one category page and the cart, plus one request to the home page with the ChatGPT-User User-Agent to compare what AI agents are served. Runs no JavaScript and stores only the check results.</p>
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
</section>
</main>
<script>${PAGE_SCRIPT}</script>
</body>
</html>`;
}
