import type { FormFacts, InputFacts } from "../../types";

// A search form an agent can use without JavaScript, as shops write them: role=search or
// inside a <search>/role=search landmark, or a GET form whose text field is a search
// field by type, by name (q, s, search, query, keyword(s), term, sSearch in Shopware 5,
// text) or by a name, id, placeholder or action that says search (several languages).

const SEARCH_NAME = /^(q|s|k|search|query|keywords?|term|terms|searchterm|search_query|ssearch|text|w)$/i;
const SEARCH_WORD = /search|such|recherche|buscar|cerca|zoek|szuk|sök/i;

function isTextField(i: InputFacts): boolean {
  return i.tag === "input" && (i.type === "search" || i.type === "text") && !i.hidden;
}

/** The field a person types the query into, or null. */
export function searchField(f: FormFacts): InputFacts | null {
  const fields = f.inputs.filter(isTextField);
  return (
    fields.find((i) => i.type === "search") ??
    fields.find((i) => SEARCH_NAME.test(i.name)) ??
    fields.find((i) => SEARCH_WORD.test(`${i.name} ${i.id} ${i.placeholder}`)) ??
    (SEARCH_WORD.test(f.action ?? "") || SEARCH_WORD.test(`${f.id} ${f.name}`) ? (fields[0] ?? null) : null)
  );
}

export function isSearchForm(f: FormFacts): boolean {
  if (f.role === "search" || f.inSearchLandmark) return true;
  return f.method === "get" && searchField(f) !== null;
}
