import { captchasIn } from "../../html/captcha";
import type { CheckDefinition } from "../../types";
import { isOk } from "../check-helpers";

export const noCaptcha: CheckDefinition = {
  key: "no_captcha",
  layer: 3,
  weight: 2,
  run(site) {
    const essential = [site.home, ...site.products]
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
    return { status: "pass", message: "No CAPTCHA widget on home, product or cart pages.", evidence };
  },
};
