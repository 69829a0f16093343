// The embeddable score badge (docs/scan-report.md "Badge"): a flat two-part SVG, label
// on the left, "NN/100" on the right. The number is text, so the badge reads without
// its colour; the colour only repeats the band (thresholds below).

const LABEL = "agent readiness";
const CHAR_PX = 6.5; // average advance of 11px Verdana/DejaVu Sans, enough for ASCII labels
const PAD_PX = 10;

/** Score bands: 90+ good, 50-89 needs work, below 50 poor (the report uses the same words). */
export function scoreBand(score: number): { name: "good" | "needs work" | "poor"; colour: string } {
  if (score >= 90) return { name: "good", colour: "#1a7f37" };
  if (score >= 50) return { name: "needs work", colour: "#9a6700" };
  return { name: "poor", colour: "#cf222e" };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A badge for `domain` with its latest overall score, or "not scanned" when null. */
export function badgeSvg(domain: string, score: number | null): string {
  const value = score === null ? "not scanned" : `${score}/100`;
  const colour = score === null ? "#6e7781" : scoreBand(score).colour;
  const left = Math.round(LABEL.length * CHAR_PX + PAD_PX * 2);
  const right = Math.round(value.length * CHAR_PX + PAD_PX * 2);
  const width = left + right;
  const title = escapeXml(`${domain}: agent readiness ${value}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}"><title>${title}</title><rect width="${left}" height="20" fill="#24292f"/><rect x="${left}" width="${right}" height="20" fill="${colour}"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${left / 2}" y="14">${LABEL}</text><text x="${left + right / 2}" y="14">${escapeXml(value)}</text></g></svg>`;
}
