import type { CheckDefinition } from "../../types";
import { blockedBy, isOk } from "../check-helpers";

export const cartUrl: CheckDefinition = {
  key: "cart_url",
  layer: 3,
  weight: 1,
  run(site) {
    const tried = site.cart.map((f) => ({ url: f.url, status: f.status, challenge: f.challenge }));
    const ok = site.cart.find(isOk);
    if (ok) return { status: "pass", message: `The cart page answers 200 at ${ok.url}.`, evidence: { tried } };
    const blocked = site.cart.map((f) => blockedBy(f, "the cart page")).find((b) => b);
    if (blocked) return blocked;
    if (site.discovery.cartScriptControls.length > 0) {
      return {
        status: "warn",
        message: `No cart URL answers 200 (${tried.map((t) => `${t.url} → ${t.status}`).join(", ")}); the cart opens only through a scripted control ("${site.discovery.cartScriptControls[0]}").`,
        fix: "Give the cart a real URL such as /cart and link it with <a href>.",
        evidence: { tried, scripted: site.discovery.cartScriptControls },
      };
    }
    return {
      status: "fail",
      message: `No cart page found (${tried.map((t) => `${t.url} → ${t.status}`).join(", ") || "nothing to try"}).`,
      fix: "Serve the cart at /cart (or /basket) and link it from every page.",
      evidence: { tried },
    };
  },
};
