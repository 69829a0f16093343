import { captchasIn } from "../../html/captcha";
import { isOk, pageNotRead } from "../check-helpers";
import { defineCheck } from "../define-check";

export const noCaptcha = defineCheck({
  key: "no_captcha",
  layer: 3,
  weight: 2,
  run(site) {
    // No claim about pages that were not read: home first, then product pages.
    const homeNotRead = pageNotRead(site.home, "the home page");
    if (homeNotRead) return homeNotRead;
    if (site.products.length > 0 && !site.products.some((p) => p.page)) {
      const productNotRead = site.products.map((p) => pageNotRead(p, "the product page")).find((o) => o);
      if (productNotRead) return productNotRead;
    }
    if (!site.home?.page) {
      return {
        status: "fail",
        message: `The home page ${site.home?.fetched.url ?? site.origin} could not be read, so it could not be checked for CAPTCHAs.`,
        fix: "Serve the home page as HTML with HTTP 200.",
        evidence: { found: [] },
      };
    }
    const essential = [...new Set([site.home, ...site.products])]
      .filter((p) => p?.page)
      .flatMap((p) => (p?.page?.captchas ?? []).map((vendor) => ({ url: p?.fetched.url, vendor })));
    const cart = site.cart.filter(isOk).flatMap((f) => captchasIn(f.body).map((vendor) => ({ url: f.url, vendor })));
    const evidence = { found: [...essential, ...cart] };
    if (essential.length > 0) {
      return {
        status: "fail",
        message: `CAPTCHA widgets on home or product pages: ${essential.map((e) => `${e.vendor} on ${e.url}`).join(", ")}.`,
        fix: "Remove CAPTCHAs from browsing pages; protect only abuse-prone actions, and exempt verified agents.",
        evidence,
      };
    }
    if (cart.length > 0) {
      return {
        status: "warn",
        message: `A CAPTCHA (${cart.map((c) => c.vendor).join(", ")}) guards the cart page.`,
        fix: "Avoid CAPTCHAs in the cart; use risk scoring that lets verified agents through.",
        evidence,
      };
    }
    const read = [...new Set([site.home, ...site.products])].filter((p) => p?.page).length;
    return {
      status: "pass",
      message: `No CAPTCHA widget on the ${read} home and product page(s) read${cart.length === 0 && site.cart.some(isOk) ? " or the cart page" : ""}.`,
      evidence,
    };
  },
});
