import { nodesOfType, stringValue } from "../../structured-data";
import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

// Organization and the subtypes a shop uses (schema.org/Organization "More specific Types").
const ORG_TYPES = ["Organization", "OnlineStore", "OnlineBusiness", "Store", "LocalBusiness", "Corporation"];
const FIELDS = ["name", "url", "logo"] as const;

export const organizationSchema = defineCheck({
  key: "organization_schema",
  layer: 2,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const orgs = nodesOfType(home.page, ORG_TYPES);
    if (orgs.length === 0) {
      return {
        status: "fail",
        message:
          "The home page has no Organization (or OnlineStore) in its structured data (JSON-LD, microdata or RDFa) describing the business.",
        fix: 'Add <script type="application/ld+json"> with {"@type":"OnlineStore","name","url","logo"}.',
        evidence: { found: 0 },
      };
    }
    const best = orgs
      .map((o) => ({ node: o, missing: FIELDS.filter((f) => !stringValue(o[f])) }))
      .sort((a, b) => a.missing.length - b.missing.length)[0];
    const evidence = { type: best.node["@type"], missing: best.missing };
    if (best.missing.length === 0) {
      return {
        status: "pass",
        message: `JSON-LD ${String(best.node["@type"])} with name, url and logo is present.`,
        evidence,
      };
    }
    return {
      status: "warn",
      message: `The JSON-LD ${String(best.node["@type"])} lacks ${best.missing.join(", ")}.`,
      fix: `Add ${best.missing.join(", ")} to the Organization JSON-LD.`,
      evidence,
    };
  },
});
