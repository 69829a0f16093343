import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

/** BCP 47 well-formedness, checked by the runtime's Intl (ECMA-402 IsStructurallyValidLanguageTag). */
export function isValidLanguageTag(tag: string): boolean {
  if (!tag.trim()) return false;
  try {
    return Intl.getCanonicalLocales(tag.trim()).length === 1;
  } catch {
    return false;
  }
}

export const htmlLang = defineCheck({
  key: "html_lang",
  layer: 2,
  weight: 1,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const lang = home.page?.lang ?? null;
    if (lang !== null && isValidLanguageTag(lang)) {
      return { status: "pass", message: `<html lang="${lang}"> is a valid BCP 47 tag.`, evidence: { lang } };
    }
    return {
      status: "fail",
      message:
        lang === null
          ? "The home page's <html> has no lang attribute."
          : `<html lang="${lang}"> is not a valid BCP 47 tag.`,
      fix: 'Declare the page language, e.g. <html lang="en-GB">.',
      evidence: { lang },
    };
  },
});
