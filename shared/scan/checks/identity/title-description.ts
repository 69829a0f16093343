import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

export const titleDescription = defineCheck({
  key: "title_description",
  layer: 2,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const page = home.page ?? undefined;
    const title = page?.title?.trim() ?? "";
    const description = page?.metaDescription?.trim() ?? "";
    const titleOk = title.length >= 10 && title.length <= 70;
    const descriptionOk = description.length >= 50 && description.length <= 300;
    const evidence = { title, titleLength: title.length, description, descriptionLength: description.length };
    if (titleOk && descriptionOk) {
      return {
        status: "pass",
        message: `Title (${title.length} chars) and meta description (${description.length} chars) are in range.`,
        evidence,
      };
    }
    if (!title && !description) {
      return {
        status: "fail",
        message: "The home page has neither a <title> nor a meta description.",
        fix: 'Add <title> (10-70 characters) and <meta name="description"> (50-300 characters) naming what the shop sells.',
        evidence,
      };
    }
    const problems = [
      titleOk ? null : title ? `the title is ${title.length} characters (want 10-70)` : "the <title> is missing",
      descriptionOk
        ? null
        : description
          ? `the meta description is ${description.length} characters (want 50-300)`
          : "the meta description is missing",
    ].filter(Boolean);
    return {
      status: "warn",
      message: `On the home page ${problems.join(" and ")}.`,
      fix: 'Keep <title> at 10-70 characters and <meta name="description"> at 50-300 characters.',
      evidence,
    };
  },
});
