// Storage-free measurement snippet (docs/ingest.md, docs/privacy.md). It never reads or
// writes cookies, localStorage or sessionStorage, and uses no fingerprinting API.
// Built by build.mjs into a versioned, immutable file; keep it small (< 1.5 KB gzip).
(() => {
  const script = document.currentScript;
  const token = script?.dataset.siteId;
  if (!token) return;
  const endpoint = new URL("/ingest/e", script.src).href;
  const nav = navigator;
  // What the page can see of automation, as bits of `a` (shared/classify/page-automation.ts):
  // 1 navigator.webdriver, 2 a headless build, 4 a global a driver injected, 8 a driver's
  // script on the stack of a click or submit, 16 a form an agent submitted through WebMCP
  // (SubmitEvent.agentInvoked). Nothing a person's browser shows: no timing or pointer
  // guesses (docs/ingest.md, "Agentic browsers").
  let a = 0;
  const driverGlobal =
    /^(\$?cdc_|__(webdriver|selenium|fxdriver|driver)_|_Selenium_IDE_Recorder$|callPhantom$|_phantom$|__nightmare$|domAutomation)/;
  const probe = () => {
    if (nav.webdriver) a |= 1;
    if (/Headless/.test(nav.userAgent + (nav.userAgentData?.brands || []).map((b) => b.brand))) a |= 2;
    for (const o of [window, document]) if (Object.getOwnPropertyNames(o).some((k) => driverGlobal.test(k))) a |= 4;
  };
  const caught = () => {
    probe();
    if (/UtilityScript\.|InjectedScript\.|pptr:|__puppeteer_evaluation_script__/.test(new Error().stack)) a |= 8;
  };
  probe();
  let shown = Date.now();
  let page = location.href;
  let referrer = document.referrer;
  let left = false;
  const commerce = ["add_to_cart", "begin_checkout", "purchase", "agent_submit", "tool_activated", "tool_canceled"];

  const send = (kind, extra) => {
    // Names outside the beacon vocabulary travel as a generic interaction.
    const k = kind === "pageview" || kind === "leave" || commerce.includes(kind) ? kind : "interaction";
    const body = JSON.stringify({ s: token, k, u: page, ...(a ? { a } : {}), ...extra });
    if (!nav.sendBeacon?.(endpoint, body)) {
      // A blocked or offline endpoint must not put an error in the page's console or its error monitor.
      fetch(endpoint, { method: "POST", body, keepalive: true, credentials: "omit", mode: "no-cors" }).catch(() => {});
    }
  };
  // visibilitychange and pagehide both fire on close: report the time on page once.
  const leave = () => {
    if (left) return;
    left = true;
    send("leave", { d: Date.now() - shown });
  };
  const view = () => {
    send("pageview", referrer ? { r: referrer } : {});
    shown = Date.now();
    left = false;
  };

  // SPA navigations: history API calls and back/forward.
  const changed = () => {
    if (location.href === page) return;
    leave();
    referrer = page;
    page = location.href;
    view();
  };
  for (const m of ["pushState", "replaceState"]) {
    const original = history[m];
    history[m] = function (...args) {
      const out = original.apply(this, args);
      changed();
      return out;
    };
  }
  addEventListener("popstate", changed);
  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leave();
    else {
      shown = Date.now();
      left = false;
    }
  });

  // Commerce signals from common shop conventions: an explicit data-ar-event attribute,
  // add-to-cart forms (Shopify /cart/add, WooCommerce add-to-cart), checkout buttons.
  const label = (el) => (el.getAttribute("data-ar-target") || el.textContent || "").trim().slice(0, 200);
  document.addEventListener(
    "submit",
    (e) => {
      caught();
      const f = e.target;
      const cart = /\/cart\/add|add-to-cart/.test(f.action || "") || f.querySelector("[name=add-to-cart]");
      const tool = f.getAttribute("toolname");
      // WebMCP declarative API: the browser's agent, not a person, submitted this form
      // (webmachinelearning/webmcp, declarative-api-explainer.md, "Events").
      if (e.agentInvoked === true) {
        a |= 16;
        send("agent_submit", {
          t: (tool || label(f)).slice(0, 200),
          f: cart ? "cart" : /checkout/i.test(`${f.action} ${tool}`) ? "checkout" : "form",
        });
      }
      if (cart) send("add_to_cart", { t: label(f.querySelector("[type=submit]") || f) });
    },
    true,
  );
  // A declarative tool filled by the agent (before its submit), or its run canceled. The
  // explainer fires these at the Window and leaves open firing them at the form
  // (webmachinelearning/webmcp issue 126): a capturing listener on the Window hears both.
  // Chrome's preview fires them at `document.modelContext` (`toolcancel` there), which is
  // no node of the page, so it is listened to as well. Each event reaches one target.
  // A page's own model context (a WebMCP polyfill) may throw on reading it or refuse
  // these types: each step is tried alone, so the page view below is still sent.
  const hosts = [window];
  for (const o of [document, nav])
    try {
      const h = o.modelContext;
      if (typeof h?.addEventListener === "function" && !hosts.includes(h)) hosts.push(h);
    } catch {}
  for (const [type, kind] of [
    ["toolactivated", "tool_activated"],
    ["toolcanceled", "tool_canceled"],
    ["toolcancel", "tool_canceled"],
  ])
    for (const h of hosts)
      try {
        h.addEventListener(
          type,
          (e) => {
            // `toolName` as the explainer names it; a page's own CustomEvent may carry it in
            // `detail`; else the form the event was fired at names its tool.
            const tool = e.toolName || e.detail?.toolName || e.target?.getAttribute?.("toolname");
            if (tool) send(kind, { t: String(tool).slice(0, 200) });
          },
          true,
        );
      } catch {}
  document.addEventListener(
    "click",
    (e) => {
      caught();
      const el = e.target.closest?.("[data-ar-event],[name=checkout],a[href*='/checkout']");
      if (!el) return;
      send(el.getAttribute("data-ar-event") || "begin_checkout", { t: label(el) });
    },
    true,
  );

  // Tiny explicit API for merchants: agentReadiness.track("purchase", "order-123"), and
  // on the order confirmation page agentReadiness.purchase({ order_id, value, currency })
  // (value in the currency's major unit, as GA4's purchase event takes it): joins this
  // visit's session, and the service counts the order once with a server-posted
  // conversion of the same id (docs/conversions.md).
  window.agentReadiness = {
    track: (kind, t) => send(kind, t ? { t: String(t).slice(0, 200) } : {}),
    purchase: (o) =>
      o?.order_id && send("purchase", { t: String(o.order_id).slice(0, 200), v: +o.value, c: `${o.currency}` }),
  };
  view();
})();
