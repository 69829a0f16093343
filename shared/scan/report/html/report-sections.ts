import { html } from "hono/html";
import { httpAnswerText } from "../../../display/answer-text";
import { countText } from "../../../display/count-text";
import { CART_VIA_WORDS } from "../../checks/interaction/cart-add";
import type { HandoffReadiness } from "../../handoff/handoff-schema";
import type { CartVia } from "../../journey/types";
import { layerByNumber } from "../../layers";
import type { CheckResult } from "../../types";
import { checkTitle } from "../check-titles";
import type { RankedCheck, ReportSections } from "../fix-ranking";

const STATUS_WORD = { pass: "Pass", warn: "Warning", fail: "Fail" } as const;

function layerTitle(layer: number): string {
  return layerByNumber(layer)?.title ?? `Layer ${layer}`;
}

/** "+4.2 points"; a gain that rounds to nothing still says it counts. */
export function pointsText(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  return rounded >= 0.1 ? `+${rounded.toFixed(1)} points` : "+<0.1 points";
}

function evidence(check: CheckResult) {
  if (!check.evidence) return "";
  return html`<details><summary>Evidence<span class="visually-hidden"> for ${checkTitle(check.key)}</span></summary><pre>${JSON.stringify(check.evidence, null, 2)}</pre></details>`;
}

function fixItem(r: RankedCheck) {
  const c = r.check;
  return html`<li data-key="${c.key}" data-points="${r.points.toFixed(4)}">
<div class="fix-head"><span class="status ${c.status}">${STATUS_WORD[c.status]}</span><strong>${r.title}</strong>
<span class="points">${pointsText(r.points)}</span><span class="muted">score would be ${r.scoreIfFixed} · ${layerTitle(c.layer)}</span></div>
<p>${c.message}</p>
${c.fix ? html`<p class="fix"><strong>How to fix:</strong> ${c.fix}</p>` : ""}
${evidence(c)}
</li>`;
}

export function fixFirst(sections: ReportSections) {
  if (sections.fixes.length === 0) {
    return html`<section id="fix-first"><h2>Fix first</h2><p>Nothing to fix: every check that could run passes.</p></section>`;
  }
  return html`<section id="fix-first" aria-labelledby="fix-first-title"><h2 id="fix-first-title">Fix first</h2>
<p class="muted">Failing and warning checks, ordered by the points each adds to the overall score when it passes (the other results unchanged).</p>
<ol class="fixes">${sections.fixes.map(fixItem)}</ol></section>`;
}

export function blockedGroup(sections: ReportSections) {
  if (sections.blocked.length === 0) return "";
  const total = sections.blocked.reduce((n, r) => n + r.points, 0);
  return html`<section id="blocked" aria-labelledby="blocked-title"><h2 id="blocked-title">Could not check: ${countText(sections.blocked.length, "check")} blocked</h2>
<p>These checks could not run because the shop answered the scanner with a bot-protection challenge (a CAPTCHA or "checking your browser" page) or its robots.txt forbids the scanner. The resources may well exist; AI agents are turned away the same way, so they cannot see them either. Allow AI agents and the scanner (<code>AgentReadinessScanner</code>) past the bot protection, or relax the robots.txt rule each message quotes. Together these checks are worth ${pointsText(total)}.</p>
<ul class="fixes">${sections.blocked.map(
    (r) =>
      html`<li data-key="${r.check.key}"><span class="status blocked">Blocked</span> <strong>${r.title}</strong> <span class="points">${pointsText(r.points)}</span><p>${r.check.message}</p>${evidence(r.check)}</li>`,
  )}</ul></section>`;
}

export function passesCollapsed(passes: CheckResult[]) {
  if (passes.length === 0) return "";
  return html`<section id="passes"><details><summary><h2 class="inline">${countText(passes.length, "check")} ${passes.length === 1 ? "passes" : "pass"}</h2></summary>
<ul>${passes.map((c) => html`<li data-key="${c.key}"><span class="status pass">Pass</span> <strong>${checkTitle(c.key)}</strong>: ${c.message}</li>`)}</ul>
</details></section>`;
}

interface CartStep {
  method: string;
  url: string;
  status: number;
}

function cartEvidence(results: readonly CheckResult[]) {
  const check = results.find((r) => r.key === "cart_add");
  const cart = check?.evidence?.cart as
    | { added?: boolean; via?: string; product_url?: string; steps?: CartStep[] }
    | undefined;
  if (!check || !cart || !Array.isArray(cart.steps)) return null;
  return { check, cart, steps: cart.steps };
}

/** The cart journey of check `cart_add` (scan issue 14), step by step, when the scan has one. */
export function cartJourney(results: readonly CheckResult[]) {
  const found = cartEvidence(results);
  if (!found) return "";
  const { cart, steps } = found;
  return html`<section id="cart-journey" aria-labelledby="cart-journey-title"><h2 id="cart-journey-title">Cart journey</h2>
<p>${cart.added ? "The scanner added a product to the cart" : "The scanner could not add a product to the cart"}${cart.via ? html` via ${Object.hasOwn(CART_VIA_WORDS, cart.via) ? CART_VIA_WORDS[cart.via as CartVia] : cart.via}` : ""}${cart.product_url ? html`, starting from <code>${cart.product_url}</code>` : ""}.</p>
<ol class="journey">${steps.map(
    (s) => html`<li><code>${s.method} ${s.url}</code> → <strong>${httpAnswerText(s.status)}</strong></li>`,
  )}</ol></section>`;
}

/**
 * Hand-off readiness (issue 45): whether an agent sent to each sampled product page, from a
 * feed or by an assistant, lands well there. Each page with what stands in the way.
 */
export function handoffSection(handoff: HandoffReadiness | null | undefined) {
  if (!handoff || handoff.sampled === 0) return "";
  return html`<section id="handoff" aria-labelledby="handoff-title"><h2 id="handoff-title">Hand-off readiness</h2>
<p>${handoff.ready} of ${countText(handoff.sampled, "sampled product page")} ${handoff.ready === 1 ? "is" : "are"} ready for an agent sent there from a product feed or an assistant: the page answers without a challenge, shows the offer's price and availability as its structured data states them, and has an add-to-cart control.</p>
<ul class="handoff">${handoff.pages.map(
    (p) =>
      html`<li data-ready="${p.ready ? "true" : "false"}"><code>${p.url}</code>: ${p.ready ? "ready" : html`not ready: ${p.problems.join("; ")}`}</li>`,
  )}</ul></section>`;
}
