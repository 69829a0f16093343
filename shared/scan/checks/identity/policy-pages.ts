import { nodesOfType } from "../../structured-data";
import { homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

const SHIPPING = /shipping|delivery|versand|livraison|envío|spedizione/i;
const RETURNS = /returns?|refunds?|retour|rückgabe|widerruf|devoluci/i;
const CONTACT = /contact|kontakt|impressum|customer service|support/i;

export const policyPages = defineCheck({
  key: "policy_pages",
  layer: 2,
  weight: 2,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const pages = [...new Set([home, ...site.products])].filter((p) => p.page);
    const links = pages.flatMap((p) => p.page?.links ?? []);
    const linkMatches = (re: RegExp) => links.some((l) => re.test(l.text) || re.test(l.href));
    const shipping =
      linkMatches(SHIPPING) ||
      pages.some((p) => nodesOfType(p.page, ["OfferShippingDetails", "ShippingDeliveryTime"]).length > 0);
    const returns = linkMatches(RETURNS) || pages.some((p) => nodesOfType(p.page, ["MerchantReturnPolicy"]).length > 0);
    const contact =
      linkMatches(CONTACT) ||
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
