import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";
import { isSearchForm, searchField } from "./search-forms";

export const searchForm = defineCheck({
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
    const search = site.journey?.find.search ?? null;
    const evidence = { searchForms: forms.length, action: first.form.action, field: first.field?.name ?? null, search };
    // Judged by what the journey's search returned when it could submit one (a word
    // from a product's name): a search that lists product links beats a box that
    // returns nothing.
    if (search?.refused && /robots\.txt/.test(search.refused)) {
      return {
        status: "fail",
        blocked: true,
        message: `Access problem: ${search.refused}, so the site search (${search.url || "the home page's form"}) could not be tried.`,
        fix: "Allow AI agents to use /search in robots.txt (a group for AI user agents), so they can find products by name.",
        evidence,
      };
    }
    if (search && !search.refused && search.productLinks === 0) {
      return {
        status: "warn",
        message: `The site search ${search.url} (searching "${search.word}", a word from a product's name) answered HTTP ${search.status} with no product links.`,
        fix: "Make the search results page list matching products as plain <a href> links in the server HTML.",
        evidence,
      };
    }
    const found =
      search && search.productLinks > 0
        ? ` Searching "${search.word}" returned ${search.productLinks} product link(s).`
        : "";
    if (labelled) {
      return {
        status: "pass",
        message: `A search form (action ${labelled.form.action ?? "(same page)"}, field "${labelled.field?.name}") with a labelled input is on the home page.${found}`,
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
});
