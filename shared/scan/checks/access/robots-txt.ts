import { parseRobots } from "../../../robots/parse-robots";
import { fileToJudge, looksLikeHtml } from "../check-helpers";
import { defineCheck } from "../define-check";

export const robotsTxt = defineCheck({
  key: "robots_txt",
  layer: 1,
  weight: 2,
  run(site) {
    const f = site.robots;
    const { blocked, url } = fileToJudge(site, f, "/robots.txt", "robots.txt");
    if (blocked) return blocked;
    if (!f || f.status === 0 || f.status >= 500) {
      return {
        status: "fail",
        message: `${url} could not be fetched (${f?.error ?? `HTTP ${f?.status}`}); RFC 9309 tells crawlers to treat that as "disallow everything".`,
        fix: "Serve robots.txt with HTTP 200 (or 404 if you have no rules); never an error.",
        evidence: { url, status: f?.status ?? 0, error: f?.error ?? null },
      };
    }
    if (f.status >= 400) {
      return {
        status: "warn",
        message: `${url} answers HTTP ${f.status}: everything is allowed, but the site states no crawler policy.`,
        fix: "Publish a robots.txt with explicit groups for AI agents and a Sitemap: line.",
        evidence: { url, status: f.status },
      };
    }
    if (looksLikeHtml(f)) {
      return {
        status: "fail",
        message: `${url} answers with an HTML page (${f.contentType || "no content type"}) instead of robots.txt rules.`,
        fix: "Serve robots.txt as text/plain with RFC 9309 records.",
        evidence: { url, status: f.status, contentType: f.contentType },
      };
    }
    const robots = parseRobots(f.body);
    return {
      status: "pass",
      message: `${url} answers 200 and parses: ${robots.groups.length} group(s), ${robots.sitemaps.length} Sitemap line(s).`,
      evidence: { url, groups: robots.groups.length, sitemaps: robots.sitemaps, bytes: f.bytes },
    };
  },
});
