import type { CheckDefinition } from "../../types";
import { homePage, isOutcome } from "../check-helpers";
import { isSearchForm, searchField } from "./search-forms";

export const searchForm: CheckDefinition = {
  key: "search_form",
  layer: 3,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const forms = (home.page?.forms ?? []).filter(isSearchForm);
    if (forms.length === 0) {
      return {
        status: "fail",
        message: `The home page ${home.fetched.url} has no search form an agent can submit without JavaScript.`,
        fix: '<form role="search" action="/search" method="get"><label for="q">Search</label><input id="q" name="q" type="search"></form>',
        evidence: { searchForms: 0 },
      };
    }
    const rows = forms.map((f) => ({ form: f, field: searchField(f) }));
    const labelled = rows.find((r) => r.field?.labelled);
    const first = labelled ?? rows[0];
    const evidence = { searchForms: forms.length, action: first.form.action, field: first.field?.name ?? null };
    if (labelled) {
      return {
        status: "pass",
        message: `A search form (action ${labelled.form.action ?? "(same page)"}, field "${labelled.field?.name}") with a labelled input is on the home page.`,
        evidence,
      };
    }
    const placeholder = first.field?.placeholder ? ` (only the placeholder "${first.field.placeholder}")` : "";
    return {
      status: "warn",
      message: `The home page's search form (action ${first.form.action ?? "(same page)"}, field "${first.field?.name ?? ""}") has no accessible label on its input${placeholder}.`,
      fix: 'Label the search input: <label for="q">Search products</label> or aria-label="Search products".',
      evidence,
    };
  },
};
