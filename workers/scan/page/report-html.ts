import { scoreBand } from "@shared/scan/report/badge-svg";
import { LAYER_LABELS } from "@shared/scan/report/check-titles";
import { rankFixes } from "@shared/scan/report/fix-ranking";
import type { ScanResult } from "@shared/scan/scan-store";
import { LAYERS } from "@shared/scan/score";
import { html } from "hono/html";
import { pageLayout, scanForm } from "./page-layout";
import { blockedGroup, cartJourney, fixFirst, passesCollapsed } from "./report-sections";

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

function layerList(scan: ScanResult) {
  return html`<ul class="layers" aria-label="Layer scores">${LAYERS.map((l) => {
    const score = scan.layerScores[l.name];
    const label = LAYER_LABELS[l.name];
    return html`<li data-layer="${l.name}"><strong>${label.title}</strong><span class="bar" aria-hidden="true"><span style="width:${score}%"></span></span><span>${score}/100</span><small>${label.question} · weight ${l.weight}%</small></li>`;
  })}</ul>`;
}

function badgeEmbed(origin: string, domain: string) {
  const src = `${origin}/badge/${domain}.svg`;
  const snippet = `<a href="${origin}/scan/latest/${domain}"><img src="${src}" alt="Agent readiness score of ${domain}"></a>`;
  return html`<section id="badge" aria-labelledby="badge-title"><h2 id="badge-title">Badge</h2>
<p>Show the latest score on your site. The badge follows each new scan of ${domain}.</p>
<p><img src="/badge/${domain}.svg" alt="Agent readiness badge of ${domain}" height="20"></p>
<label for="badge-code">HTML to embed</label>
<pre><code id="badge-code">${snippet}</code></pre></section>`;
}

/** The public report of one stored scan: /scan/{id} (docs/scan-report.md). */
export function reportHtml(scan: ScanResult, origin: string) {
  // One message for a shop that gave no HTTP answer (docs/scan.md "Unreachable shops").
  const unreachable = scan.unreachable;
  const scanned = new Date(scan.lastSeenAt).toUTCString();
  const head = html`<h1>${scan.domain}</h1>
<p class="muted">Scanned ${scanned}${scan.seenCount > 1 ? html` (same result ${scan.seenCount} times since ${new Date(scan.createdAt).toUTCString()})` : ""} · scoring version ${scan.scoringVersion} · <a href="/api/scan/${scan.id}">result as JSON</a></p>
${scanForm(scan.domain)}`;
  if (unreachable !== null) {
    return pageLayout({
      title: `${scan.domain}: not reachable – agent readiness scan`,
      description: `${scan.domain} could not be reached by the agent readiness scanner.`,
      body: html`<div id="report" data-unreachable="true">${head}
<div class="notice error" id="unreachable"><h2>${scan.domain} could not be reached</h2>
<p>The scanner got no answer from <code>${unreachable.url}</code>: ${unreachable.reason}.</p>
<p>${unreachable.message}</p></div></div>`,
    });
  }
  const sections = rankFixes(scan.checkResults);
  const band = scoreBand(scan.overallScore);
  return pageLayout({
    title: `${scan.domain}: ${scan.overallScore}/100 – agent readiness scan`,
    description: `Agent readiness of ${scan.domain}: ${scan.overallScore}/100 (${band.name}), ${sections.fixes.length} things to fix.`,
    body: html`<div id="report" data-score="${scan.overallScore}">${head}
<section class="score" aria-label="Scores">${gauge(scan.overallScore)}${layerList(scan)}</section>
${fixFirst(sections)}
${cartJourney(scan.checkResults)}
${blockedGroup(sections)}
${passesCollapsed(sections.passes)}
${badgeEmbed(origin, scan.domain)}
</div>`,
  });
}

/** An HTML answer for a report that cannot be shown (bad id, unknown scan). */
export function reportErrorHtml(message: string) {
  return pageLayout({
    title: "Scan report – agent readiness scan",
    description: message,
    body: html`<h1>No report here</h1><p class="notice error">${message}</p>${scanForm()}`,
  });
}
