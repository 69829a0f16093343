import type { CheckDefinition } from "../../types";
import { homePage, isOutcome } from "../check-helpers";

export const searchForm: CheckDefinition = {
  key: "search_form",
  layer: 3,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const forms = (home.page?.forms ?? []).filter(
      (f) =>
        f.role === "search" ||
        f.inSearchLandmark ||
        (f.method === "get" && f.inputs.some((i) => i.type === "search" || i.name === "q")),
    );
    if (forms.length === 0) {
      return {
        status: "fail",
        message: "The home page has no search form an agent can submit without JavaScript.",
        fix: '<form role="search" action="/search" method="get"><label for="q">Search</label><input id="q" name="q" type="search"></form>',
        evidence: { searchForms: 0 },
      };
    }
    const labelled = forms.find((f) => f.inputs.some((i) => i.labelled && (i.type === "search" || i.type === "text")));
    const evidence = { searchForms: forms.length, action: (labelled ?? forms[0]).action };
    if (labelled) {
      return {
        status: "pass",
        message: `A search form (action ${labelled.action ?? "(same page)"}) with a labelled input is on the home page.`,
        evidence,
      };
    }
    return {
      status: "warn",
      message: "The home page's search form has no accessible label on its input.",
      fix: 'Label the search input: <label for="q">Search products</label> or aria-label="Search products".',
      evidence,
    };
  },
};
