import { httpAnswerText } from "../../../display/answer-text";
import { countText } from "../../../display/count-text";
import { fileToJudge, looksLikeHtml } from "../check-helpers";
import { defineCheck } from "../define-check";

/** The llmstxt.org shape: an H1, a `>` summary, and at least one list of markdown links. */
export function llmsTxtShape(text: string): { h1: boolean; summary: boolean; links: number } {
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => l.trim() !== "") ?? "";
  return {
    h1: /^#\s+\S/.test(first),
    summary: lines.some((l) => /^>\s*\S/.test(l)),
    links: lines.filter((l) => /^\s*[-*]\s*\[[^\]]+\]\([^)]+\)/.test(l)).length,
  };
}

export const llmsTxt = defineCheck({
  key: "llms_txt",
  layer: 2,
  weight: 3,
  run(site) {
    const f = site.llms;
    const { blocked, url } = fileToJudge(site, f, "/llms.txt");
    if (blocked) return blocked;
    if (!f || f.status < 200 || f.status >= 300) {
      return {
        status: "fail",
        message: `${url} is absent (${f?.error ?? httpAnswerText(f?.status)}).`,
        fix: "Publish /llms.txt (llmstxt.org): an H1 with the shop's name, a > summary, and lists of markdown links to key pages and policies.",
        evidence: { url, status: f?.status ?? 0 },
      };
    }
    if (looksLikeHtml(f)) {
      return {
        status: "fail",
        message: `${url} answers with an HTML page instead of a text file (likely a catch-all route).`,
        fix: "Serve /llms.txt as text/plain or text/markdown, and 404 when it does not exist.",
        evidence: { url, status: f.status, contentType: f.contentType },
      };
    }
    const shape = llmsTxtShape(f.body);
    const evidence = { url, status: f.status, bytes: f.bytes, ...shape };
    if (shape.h1 && shape.summary && shape.links > 0) {
      return {
        status: "pass",
        message: `${url} follows llmstxt.org: H1, summary and ${countText(shape.links, "link")}.`,
        evidence,
      };
    }
    const missing = [
      !shape.h1 && "an H1 first line",
      !shape.summary && "a > summary",
      shape.links === 0 && "a list of markdown links",
    ]
      .filter(Boolean)
      .join(", ");
    return {
      status: "warn",
      message: `${url} exists but lacks ${missing}.`,
      fix: "Follow llmstxt.org: '# Name', then '> summary', then '## Section' with '- [Title](url): note' lines.",
      evidence,
    };
  },
});
