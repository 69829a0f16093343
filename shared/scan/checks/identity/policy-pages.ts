import { nodesOfType } from "../../structured-data";
import { mentionsContact, mentionsReturns, mentionsShipping, urlWords } from "../../vocabulary/shop-vocabulary";
import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

// Shipping, returns and contact links in the shop's language (vocabulary/shop-words.ts):
// a link's name or its path ("/pages/envios", "/versandkosten", "/trocas-e-devolucoes").

export const policyPages = defineCheck({
  key: "policy_pages",
  layer: 2,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const pages = [...new Set([home, ...site.products])].filter((p) => p.page);
    const links = pages.flatMap((p) => p.page?.links ?? []);
    const linkMatches = (says: (text: string) => boolean) =>
      links.some((l) => says(l.text) || says(urlWords(l.href).replace(/[/_.?=&-]+/g, " ")));
    const shipping =
      linkMatches(mentionsShipping) ||
      pages.some((p) => nodesOfType(p.page, ["OfferShippingDetails", "ShippingDeliveryTime"]).length > 0);
    const returns =
      linkMatches(mentionsReturns) || pages.some((p) => nodesOfType(p.page, ["MerchantReturnPolicy"]).length > 0);
    const contact =
      linkMatches(mentionsContact) ||
      links.some((l) => /^(mailto|tel):/i.test(l.href)) ||
      pages.some((p) => nodesOfType(p.page, ["ContactPoint"]).length > 0);
    const found = { shipping, returns, contact };
    const missing = Object.entries(found)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length === 0) {
      return {
        status: "pass",
        message: "Shipping and returns policies and a contact point are discoverable.",
        evidence: found,
      };
    }
    return {
      status: missing.length === 3 ? "fail" : "warn",
      message: `No ${missing.join(", ")} information is linked from the home or product pages or stated in JSON-LD.`,
      fix: "Link shipping, returns and contact pages from the footer and add MerchantReturnPolicy / shippingDetails to product JSON-LD.",
      evidence: found,
    };
  },
});
