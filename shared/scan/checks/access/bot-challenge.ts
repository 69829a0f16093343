import type { Fetched } from "../../types";
import { couldNotLook } from "../check-helpers";
import { defineCheck } from "../define-check";

export const botChallenge = defineCheck({
  key: "bot_challenge",
  layer: 1,
  weight: 3,
  run(site) {
    const essential: Fetched[] = [...(site.home ? [site.home.fetched] : []), ...site.products.map((p) => p.fetched)];
    const other: Fetched[] = [
      site.robots,
      site.llms,
      site.llmsFull,
      site.category?.fetched,
      ...site.cart,
      ...site.sitemaps.map((s) => s.fetched),
      ...Object.values(site.files),
    ].filter((f): f is Fetched => !!f);
    const hit = (list: Fetched[]) => list.filter((f) => f.challenge).map((f) => ({ url: f.url, vendor: f.challenge }));
    const essentialHits = hit(essential);
    const otherHits = hit(other);
    const evidence = { challenged: [...essentialHits, ...otherHits], pagesChecked: essential.length + other.length };
    if (essentialHits.length > 0) {
      return {
        status: "fail",
        message: `Access problem: ${essentialHits.map((h) => `${h.url} (${h.vendor})`).join(", ")} answered with a bot challenge instead of the page; agents cannot get past it.`,
        fix: `Configure ${essentialHits[0].vendor} to let verified AI agents and bots through on home and product pages (e.g. allow-list by verified bot category or Web Bot Auth).`,
        evidence,
      };
    }
    // A site that never answered cannot be said to have no challenge.
    const unanswered =
      site.home && site.home.fetched.status === 0 ? couldNotLook(site.home.fetched, "the home page") : null;
    if (unanswered) return unanswered;
    if (otherHits.length > 0) {
      return {
        status: "warn",
        message: `Bot challenges on non-essential resources: ${otherHits.map((h) => `${h.url} (${h.vendor})`).join(", ")}.`,
        fix: "Exempt machine-readable files (robots.txt, sitemaps, llms.txt, /.well-known/) from bot challenges.",
        evidence,
      };
    }
    return {
      status: "pass",
      message: `None of the ${evidence.pagesChecked} fetched resources answered with a bot challenge.`,
      evidence,
    };
  },
});
