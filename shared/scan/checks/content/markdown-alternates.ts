import { isOk, looksLikeHtml, pageNotRead } from "../check-helpers";
import { defineCheck } from "../define-check";

export const markdownAlternates = defineCheck({
  key: "markdown_alternates",
  layer: 4,
  weight: 1,
  run(site) {
    const homeNotRead = pageNotRead(site.home, "the home page");
    if (homeNotRead) return homeNotRead;
    const pages = [site.home, ...site.products].filter((p) => p?.page);
    const alternate = pages
      .flatMap((p) => p?.page?.headLinks ?? [])
      .find((l) => l.rel.split(/\s+/).includes("alternate") && l.type === "text/markdown");
    const mdLink = pages.flatMap((p) => p?.page?.links ?? []).find((l) => /\.md(\?|$)/i.test(l.href));
    const probe = site.markdownProbe;
    const negotiated = isOk(probe) && probe.contentType.startsWith("text/markdown");
    const evidence = { alternate: alternate?.href ?? null, mdLink: mdLink?.href ?? null, acceptMarkdown: negotiated };
    if (alternate || mdLink || negotiated) {
      const how = alternate
        ? `link rel=alternate type=text/markdown (${alternate.href})`
        : mdLink
          ? `a .md URL (${mdLink.href})`
          : "Accept: text/markdown on the home page";
      return { status: "pass", message: `Pages offer a markdown form through ${how}.`, evidence };
    }
    if (isOk(site.llms) && !looksLikeHtml(site.llms)) {
      return {
        status: "warn",
        message: "Only /llms.txt is offered as markdown; pages themselves have no markdown alternate.",
        fix: 'Serve page.md alternates and link them: <link rel="alternate" type="text/markdown" href="/products/x.md">.',
        evidence,
      };
    }
    return {
      status: "fail",
      message:
        "No markdown form of any page: no rel=alternate text/markdown, no .md URLs, Accept: text/markdown not honoured.",
      fix: "Answer Accept: text/markdown with a markdown rendering, or publish .md alternates and link them.",
      evidence,
    };
  },
});
