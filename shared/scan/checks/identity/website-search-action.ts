import { type JsonNode, nodesOfType, stringValue } from "../../structured-data";
import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

function searchTarget(site: JsonNode): string | null {
  const actions = Array.isArray(site.potentialAction) ? site.potentialAction : [site.potentialAction];
  for (const action of actions as JsonNode[]) {
    if (!action || typeof action !== "object") continue;
    const types = [action["@type"]].flat();
    if (!types.includes("SearchAction")) continue;
    const target = action.target as unknown;
    const template =
      typeof target === "string" ? target : stringValue((target as JsonNode | undefined)?.urlTemplate ?? null);
    if (template && /\{[^}]+\}/.test(template)) return template;
  }
  return null;
}

export const websiteSearchAction = defineCheck({
  key: "website_search_action",
  layer: 2,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const websites = nodesOfType(home.page, ["WebSite"]);
    if (websites.length === 0) {
      return {
        status: "fail",
        message: "The home page has no WebSite node in its structured data (JSON-LD, microdata or RDFa).",
        fix: 'Add JSON-LD {"@type":"WebSite","url":...,"potentialAction":{"@type":"SearchAction","target":"https://DOMAIN/search?q={search_term_string}","query-input":"required name=search_term_string"}}.',
        evidence: { found: 0 },
      };
    }
    const target = websites.map(searchTarget).find((t) => t) ?? null;
    if (target) {
      return { status: "pass", message: `WebSite SearchAction targets ${target}.`, evidence: { target } };
    }
    return {
      status: "warn",
      message: "The JSON-LD WebSite has no SearchAction with a URL template placeholder.",
      fix: 'Add "potentialAction":{"@type":"SearchAction","target":"https://DOMAIN/search?q={search_term_string}"} to the WebSite node.',
      evidence: { target: null },
    };
  },
});
