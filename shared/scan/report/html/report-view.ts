import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { timeText } from "../../../display/time-text";
import { DEFAULT_TIME_ZONE } from "../../../time/time-zone";
import { LAYERS } from "../../layers";
import type { ScanResult } from "../../scan-result";
import { scoreBand } from "../badge-svg";
import { rankFixes } from "../fix-ranking";
import { changesSection } from "./report-changes";
import { blockedGroup, cartJourney, fixFirst, handoffSection, passesCollapsed } from "./report-sections";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A ring filled to the score, the number and its band in text (readable without colour). */
function gauge(score: number) {
  const band = scoreBand(score);
  const r = 52;
  const length = 2 * Math.PI * r;
  const filled = (length * score) / 100;
  return html`<svg class="gauge" viewBox="0 0 120 120" role="img" aria-label="Overall score ${score} out of 100 (${band.name})">
<circle cx="60" cy="60" r="${r}" fill="none" stroke="#eaeef2" stroke-width="12"/>
<circle cx="60" cy="60" r="${r}" fill="none" stroke="${band.colour}" stroke-width="12" stroke-dasharray="${filled.toFixed(2)} ${length.toFixed(2)}" transform="rotate(-90 60 60)"/>
<text x="60" y="62" text-anchor="middle" font-size="30" font-weight="700" fill="#1b1b1b">${score}</text>
<text x="60" y="82" text-anchor="middle" font-size="11" fill="#57606a">${band.name}</text>
</svg>`;
}

// The bar is an SVG whose rect width is an attribute, not an inline style: the app's CSP
// (style-src 'self', no 'unsafe-inline') drops style attributes, SVG attributes pass.
function bar(score: number) {
  return html`<svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect width="100" height="6" fill="#eaeef2"/><rect width="${score}" height="6" fill="#57606a"/></svg>`;
}

function layerList(scan: ScanResult) {
  return html`<ul class="layers" aria-label="Layer scores">${LAYERS.map((l) => {
    const score = scan.layerScores[l.name];
    return html`<li data-layer="${l.name}"><strong>${l.title}</strong>${bar(score)}<span>${score}/100</span><small>${l.question} · weight ${l.weight}%</small></li>`;
  })}</ul>`;
}

function badgeEmbed(origin: string, domain: string) {
  const src = `${origin}/badge/${domain}.svg`;
  const snippet = `<a href="${origin}/scan/latest/${domain}"><img src="${src}" alt="Agent readiness score of ${domain}"></a>`;
  return html`<section id="badge" aria-labelledby="badge-title"><h2 id="badge-title">Badge</h2>
<p>Show the latest score on your site. The badge follows each new scan of ${domain}.</p>
<p><img src="/badge/${domain}.svg" alt="Agent readiness badge of ${domain}" height="20"></p>
<label for="badge-code">HTML to embed</label>
<pre><code id="badge-code">${snippet}</code></pre>
<p><button type="button" data-copy="badge-code" hidden>Copy</button> <span id="badge-code-status" role="status"></span></p></section>`;
}

/**
 * The report of one stored scan, the one markup of both the public page (/scan/{id}, scan
 * Worker) and the application's report (/app/scans/{domain}, app Worker); docs/scan-report.md.
 * `head` is the page's own top (title line, scan form), placed inside `#report`. Every
 * value from a scanned site goes through hono's `html`, which escapes it.
 */
export function reportView(
  scan: ScanResult,
  page: {
    origin: string;
    head: Html;
    previousHref: (id: string) => string;
    /** The zone its times are shown in: the workspace's in the app, UTC on the public page. */
    zone?: string;
  },
): Html {
  // One message for a shop that gave no HTTP answer (docs/scan.md "Unreachable shops").
  const unreachable = scan.unreachable;
  if (unreachable !== null) {
    return html`<div id="report" class="report" data-unreachable="true">${page.head}
<div class="notice error" id="unreachable"><h2>${scan.domain} could not be reached</h2>
<p>The scanner got no answer from <code>${unreachable.url}</code>: ${unreachable.reason}.</p>
<p>${unreachable.message}</p></div></div>`;
  }
  const sections = rankFixes(scan.checkResults);
  return html`<div id="report" class="report" data-score="${scan.overallScore}">${page.head}
<section class="score" aria-label="Scores">${gauge(scan.overallScore)}${layerList(scan)}</section>
${changesSection(scan, page.previousHref, page.zone)}
${fixFirst(sections)}
${cartJourney(scan.checkResults)}
${handoffSection(scan.handoff)}
${blockedGroup(sections)}
${passesCollapsed(sections.passes)}
${badgeEmbed(page.origin, scan.domain)}
</div>`;
}

/** An instant in the one time format (shared/display/time-text.ts), the exact instant in `datetime`. */
export function timeElement(at: string, zone: string = DEFAULT_TIME_ZONE) {
  return html`<time datetime="${new Date(at).toISOString()}">${timeText(at, false, zone)}</time>`;
}

/** "Scanned …" with repeats: the line under a report's title on both pages, in `zone` (UTC on the public page). */
export function scannedLine(scan: ScanResult, zone: string = DEFAULT_TIME_ZONE) {
  const repeats =
    scan.seenCount > 1 ? html` (same result ${scan.seenCount} times since ${timeElement(scan.createdAt, zone)})` : "";
  return html`Scanned ${timeElement(scan.lastSeenAt, zone)}${repeats} · scoring version ${scan.scoringVersion}`;
}

/** The page description of a report, for `<meta name="description">`. */
export function reportSummary(scan: ScanResult): string {
  if (scan.unreachable) return `${scan.domain} could not be reached by the agent readiness scanner.`;
  const band = scoreBand(scan.overallScore);
  const fixes = rankFixes(scan.checkResults).fixes.length;
  return `Agent readiness of ${scan.domain}: ${scan.overallScore}/100 (${band.name}), ${fixes} things to fix.`;
}
