import { html } from "hono/html";
import { timeText } from "../../../display/time-text";
import { DEFAULT_TIME_ZONE } from "../../../time/time-zone";
import type { ChangedCheck, ScanDiff } from "../../scan-diff-schema";

// "What changed since <date>" of a report (docs/scan-report.md "What changed"): the
// scan's diff against the domain's previous stored scan, on the public page and in the
// app alike. A first scan says so instead of showing an empty diff.

const STATUS_WORD = { pass: "Pass", warn: "Warning", fail: "Fail" } as const;
const DIRECTION_WORD = {
  improved: "Improved",
  regressed: "Regressed",
  added: "New check",
  removed: "Retired",
} as const;

function signed(n: number, digits = 0): string {
  const text = Math.abs(n).toFixed(digits);
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : text;
}

function statusText(s: ChangedCheck["previousStatus"]): string {
  return s === null ? "none" : STATUS_WORD[s];
}

function changedItem(c: ChangedCheck) {
  return html`<li data-key="${c.key}" data-direction="${c.direction}"><span class="status ${c.direction === "regressed" || c.direction === "removed" ? "fail" : "pass"}">${DIRECTION_WORD[c.direction]}</span> <strong>${c.title}</strong>
<span class="muted">${statusText(c.previousStatus)} → ${statusText(c.currentStatus)} · ${signed(c.pointsChange, 1)} points</span></li>`;
}

/**
 * The report's "What changed" section; `previousHref` is where the previous scan's
 * report lives on the page that shows it (public /scan/{id} or the app's report).
 */
export function changesSection(
  scan: { changes: ScanDiff | null; scoringVersion: string },
  previousHref: (id: string) => string,
  zone: string = DEFAULT_TIME_ZONE,
) {
  const { changes, scoringVersion } = scan;
  if (changes === null) {
    return html`<section id="changes" aria-labelledby="changes-title" data-first-scan="true"><h2 id="changes-title">What changed</h2>
<p>This is the first scan of this domain: there is no previous scan to compare with yet. The next scan will show what changed.</p></section>`;
  }
  const since = timeText(changes.previousScannedAt, false, zone);
  const { counts } = changes;
  const others = [counts.added ? `${counts.added} new` : "", counts.removed ? `${counts.removed} retired` : ""].filter(
    Boolean,
  );
  const score = changes.overallScore;
  return html`<section id="changes" aria-labelledby="changes-title"><h2 id="changes-title">What changed since <time datetime="${new Date(changes.previousScannedAt).toISOString()}">${since}</time></h2>
<p><strong>Score ${score.previous} → ${score.current}</strong> (${signed(score.change)}) · <span data-count="improved">${counts.improved} improved</span> · <span data-count="regressed">${counts.regressed} regressed</span> · <span data-count="unchanged">${counts.unchanged} unchanged</span>${others.length ? ` · ${others.join(" · ")}` : ""} · <a href="${previousHref(changes.previousScanId)}">previous report</a></p>
${
  scoringVersion !== changes.previousScoringVersion
    ? html`<p class="muted">The previous scan was scored with version ${changes.previousScoringVersion}, this one with ${scoringVersion}: part of the change comes from the new way of scoring, not from the shop.</p>`
    : ""
}
${
  changes.changedChecks.length === 0
    ? html`<p>No check changed its result.</p>`
    : html`<ul class="fixes changes">${changes.changedChecks.map(changedItem)}</ul>`
}
</section>`;
}
