import { homeBlocked } from "../check-helpers";
import { defineCheck } from "../define-check";

export const httpsReachable = defineCheck({
  key: "https_reachable",
  layer: 1,
  weight: 3,
  run(site) {
    const blocked = homeBlocked(site);
    if (blocked) return blocked;
    const f = site.home?.fetched;
    if (!f || f.status === 0) {
      return {
        status: "fail",
        message: `https://${site.domain}/ did not answer: ${f?.error ?? "no response"}.`,
        fix: "Serve the home page over https with a valid certificate and answer within a few seconds.",
        evidence: { url: `https://${site.domain}/`, error: f?.error ?? null },
      };
    }
    const evidence = { url: f.url, finalUrl: f.finalUrl, status: f.status, redirects: f.redirects.length };
    if (f.status < 200 || f.status >= 300) {
      return {
        status: "fail",
        message: `The home page ${f.finalUrl} answered HTTP ${f.status} instead of 2xx.`,
        fix: "Make the home page answer 200 over https.",
        evidence,
      };
    }
    if (!f.finalUrl.startsWith("https:")) {
      return {
        status: "warn",
        message: `The home page redirects from https to plain http (${f.finalUrl}).`,
        fix: "Serve the home page over https and redirect http to https, not the other way round.",
        evidence,
      };
    }
    if (f.redirects.length > 2) {
      return {
        status: "warn",
        message: `The home page answers 200 only after ${f.redirects.length} redirects (${[...f.redirects, f.finalUrl].join(" → ")}).`,
        fix: "Redirect straight to the canonical home URL in at most one or two hops.",
        evidence,
      };
    }
    return {
      status: "pass",
      message: `The home page answers HTTP ${f.status} over https after ${f.redirects.length} redirect(s).`,
      evidence,
    };
  },
});
