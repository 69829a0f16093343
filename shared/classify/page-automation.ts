import type { DetectionSignal } from "./identity-vocabulary";

/**
 * What a page can see of automation, as the snippet reports it: one bit each in the
 * beacon's `a` (docs/ingest.md, "Agentic browsers"). Declared once; the snippet
 * (workers/ingest/snippet/agent.js) sets the same bits by number, and
 * test/ingest/page-automation.test.ts reads them back out of the built snippet.
 *
 * What the browser itself declares (`navigator.webdriver`, a headless build) is an
 * `automation_flag`; what the page caught a driver doing (a global it injected, its
 * script on the stack of a click or submit the page handled) is `behaviour`. Each one
 * is something a person's browser never shows, so any one of them is enough.
 */
export const PAGE_AUTOMATION_HINTS = [
  // navigator.webdriver (WebDriver §7.1 "webdriver-active flag"; Chromium sets it for
  // --enable-automation, --headless and remote debugging over a pipe).
  { bit: 1, hint: "webdriver", signal: "automation_flag" },
  // "HeadlessChrome" in the User-Agent or in the User-Agent Client Hints brands.
  { bit: 2, hint: "headless", signal: "automation_flag" },
  // A global a driver injects into the page: chromedriver's `cdc_…`/`$cdc_…`, Selenium's
  // `__webdriver_…`/`__selenium_…`/`__fxdriver_…`/`__driver_…`, `_Selenium_IDE_Recorder`,
  // PhantomJS's `callPhantom`/`_phantom`, Nightmare's `__nightmare`, Chromium's
  // `domAutomation` (the --dom-automation test switch).
  { bit: 4, hint: "driver_global", signal: "behaviour" },
  // A click or submit dispatched from a driver's own script: Playwright's
  // `UtilityScript`/`InjectedScript` frames (page.evaluate, locator.dispatchEvent),
  // Puppeteer's `pptr:` / `__puppeteer_evaluation_script__` source URLs.
  { bit: 8, hint: "driver_stack", signal: "behaviour" },
  // A form the browser's agent submitted through the WebMCP declarative API:
  // `SubmitEvent.agentInvoked` is true (webmachinelearning/webmcp,
  // declarative-api-explainer.md, "Events"). The page's own marker of an agent, where
  // agentic browsers otherwise send a browser's User-Agent.
  { bit: 16, hint: "agent_invoked", signal: "behaviour" },
] as const satisfies readonly { bit: number; hint: string; signal: DetectionSignal }[];

export type PageAutomationHint = (typeof PAGE_AUTOMATION_HINTS)[number]["hint"];

/** Every bit the snippet may set; any other bit makes the beacon invalid. */
export const PAGE_AUTOMATION_MASK = PAGE_AUTOMATION_HINTS.reduce((all, h) => all | h.bit, 0);

/** What one page reported, hint by hint (absent = not seen). */
export type PageAutomation = Partial<Record<PageAutomationHint, boolean>>;

/** The hints a page reported, from the beacon's `a` bits. */
export function readPageAutomation(bits: number | undefined): PageAutomation {
  const seen: PageAutomation = {};
  for (const h of PAGE_AUTOMATION_HINTS) if (bits && (bits & h.bit) !== 0) seen[h.hint] = true;
  return seen;
}

/** The detection signals the hints give, each once, in vocabulary order. */
export function automationSignals(seen: PageAutomation): DetectionSignal[] {
  const signals: DetectionSignal[] = [];
  for (const h of PAGE_AUTOMATION_HINTS) {
    if (seen[h.hint] && !signals.includes(h.signal)) signals.push(h.signal);
  }
  return signals;
}
