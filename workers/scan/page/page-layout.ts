import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { PAGE_SCRIPT } from "./page-script";
import { PAGE_STYLE } from "./page-style";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * The scan form of every scan page; `domain` pre-fills it on a report, where "Scan again"
 * asks for a new scan (`data-rescan`: `rescan: true`, never a replay; issue 45).
 */
export function scanForm(domain = ""): Html {
  const rescan = domain ? raw(` data-rescan="true"`) : "";
  return html`<form id="scan-form" class="scan" role="search" aria-label="Scan a shop"${rescan}>
<label for="domain">Domain</label>
<input id="domain" name="domain" type="text" required maxlength="2048" value="${domain}" placeholder="example.com or a pasted URL" autocomplete="url" spellcheck="false">
<button type="submit">${domain ? "Scan again" : "Scan"}</button>
</form>
<div id="scan-progress-box" class="progress" hidden>
<label for="scan-progress" id="scan-step">Step 0 of 6</label>
<progress id="scan-progress" max="6" value="0"></progress>
</div>
<p id="scan-notice" class="notice" role="status" aria-live="polite" hidden></p>`;
}

/**
 * One self-contained document (docs/decisions.md#1-running-it: `/` is the scan page): no external
 * scripts, styles or fonts, so the Content-Security-Policy stays strict. `html` escapes
 * every interpolated value; only our own constants go in through `raw`.
 */
export function pageLayout(page: { title: string; description: string; body: Html }): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
<style>${raw(PAGE_STYLE)}</style>
</head>
<body>
<header class="site"><a href="/">Agent readiness scan</a><nav aria-label="Service"><a href="/app">Dashboard</a> · <a href="/api/v1/docs">API</a></nav></header>
<main>
${page.body}
</main>
<script>${raw(PAGE_SCRIPT)}</script>
</body>
</html>`;
}
