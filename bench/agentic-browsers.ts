// `npm run measure:agentic`: how often the snippet's automation hints (bits of `a`,
// shared/classify/page-automation.ts) file a page view as an agent, over page views of
// our own fixture shop in Chromium. People: Chromium with the automation flags off
// (no --enable-automation, AutomationControlled disabled, the User-Agent a headed
// Chrome sends), moved the way a person moves it: pointer paths, clicks and typing
// through the browser's input pipeline, page scripts doing the SPA navigation. Agents:
// the same pages driven as automation drives them. Each page view's beacons are read
// as ingest reads them (beaconPayload, then identifyAgent on the union of the view's
// hints) and the view counts as an agent when the identity is not a person's.
// Environment: MEASURE_VIEWS (per kind of agent, people get four times as many; default 60), CHROMIUM (default
// /usr/bin/chromium).
import { createServer } from "node:http";
import { type Browser, chromium, type LaunchOptions, type Page } from "playwright-core";
import { identifyAgent } from "../shared/classify/agent-identity";
import { buildIpRangeIndex } from "../shared/classify/ip-ranges";
import { beaconPayload, pageAutomationOf } from "../shared/ingest/beacon-payload";
import { snippetBuild } from "../workers/ingest/snippet/snippet-build.generated";

const VIEWS = Number(process.env.MEASURE_VIEWS ?? 60);
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

// ---- the fixture shop: three pages, the built snippet, a beacon sink ----------------
interface Received {
  view: string;
  ua: string;
  body: string;
}
const received: Received[] = [];
const page = (view: string, title: string, main: string) => `<!doctype html><html><head><title>${title}</title>
<script defer data-site-id="pt_measure" src="/sdk/v1/agent.js"></script></head><body>
<nav><a id="home" href="/v/${view}/">Home</a> <a id="spa-cart" href="/v/${view}/cart">Cart</a></nav>
<main>${main}</main>
<script>
document.getElementById("spa-cart").addEventListener("click", (e) => {
  e.preventDefault();
  history.pushState({}, "", e.currentTarget.href);
  document.querySelector("main").innerHTML = "<h1>Your cart</h1><a href='/checkout' onclick='event.preventDefault()'>Checkout</a>";
});
</script></body></html>`;
const product = (view: string) =>
  page(
    view,
    "Blue mug",
    `<h1>Blue mug</h1><p>€12.00</p><label>Quantity <input id="qty" name="qty" value="1"></label>
<form action="/cart/add" method="post" onsubmit="event.preventDefault()"><button id="add" type="submit">Add to cart</button></form>
<label>Search <input id="q" name="q"></label>
<a id="checkout" href="/checkout" onclick="event.preventDefault()">Checkout</a>
<div style="height:2000px"></div>`,
  );

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/sdk/v1/agent.js") {
    res.writeHead(200, { "Content-Type": "text/javascript" });
    res.end(snippetBuild.code);
    return;
  }
  if (req.method === "POST" && url.pathname === "/ingest/e") {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const view = /\/v\/([^/]+)\//.exec(body)?.[1] ?? "?";
      received.push({ view, ua: req.headers["user-agent"] ?? "", body });
      res.writeHead(202, { "Access-Control-Allow-Origin": req.headers.origin ?? "*" });
      res.end('{"accepted":true}');
    });
    return;
  }
  const view = /^\/v\/([^/]+)\//.exec(url.pathname)?.[1];
  if (!view) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(product(view));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
// 127.0.0.1 is a secure context, so User-Agent Client Hints (brands) are readable.
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

// ---- ways to visit ----------------------------------------------------------------
const PERSON_LAUNCH: LaunchOptions = {
  ignoreDefaultArgs: ["--enable-automation"],
  args: ["--disable-blink-features=AutomationControlled"],
};

/** A person: the pointer travels, the keyboard types, the page's own scripts navigate. */
async function asPerson(p: Page, n: number): Promise<void> {
  const jitter = (n * 37) % 23;
  await p.mouse.move(40 + jitter, 30, { steps: 8 });
  const box = await p.locator("#qty").boundingBox();
  if (box) await p.mouse.click(box.x + 12 + jitter / 3, box.y + box.height / 2, { delay: 60 + jitter });
  await p.keyboard.press("Backspace");
  await p.keyboard.type(String((n % 3) + 1), { delay: 80 });
  await p.mouse.wheel(0, 300 + jitter * 10);
  switch (n % 4) {
    case 0: {
      const add = await p.locator("#add").boundingBox();
      if (add) {
        await p.mouse.move(add.x + add.width / 3, add.y + add.height / 2, { steps: 12 });
        await p.mouse.down();
        await p.waitForTimeout(70 + jitter);
        await p.mouse.up();
      }
      break;
    }
    case 1:
      // Keyboard users: Tab to the button, Enter.
      await p.keyboard.press("Tab");
      await p.keyboard.press("Tab");
      await p.keyboard.press("Enter");
      break;
    case 2: {
      const cart = await p.locator("#spa-cart").boundingBox();
      if (cart) await p.mouse.click(cart.x + 5, cart.y + 4, { delay: 90 });
      break;
    }
    default: {
      await p.locator("#q").click({ delay: 50 });
      await p.keyboard.type("mug", { delay: 70 });
      const checkout = await p.locator("#checkout").boundingBox();
      if (checkout) await p.mouse.click(checkout.x + 3, checkout.y + 3, { delay: 110 });
    }
  }
}

/** An agent as Playwright drives a page: locators, fills and clicks. */
async function asPlaywright(p: Page, n: number): Promise<void> {
  await p.fill("#qty", String((n % 3) + 1));
  await p.click(n % 2 ? "#add" : "#spa-cart");
}

/** An agent that acts through scripts in the page (browser-use style DOM actions). */
async function asScriptedAgent(p: Page, n: number): Promise<void> {
  await p.fill("#q", "mug");
  if (n % 2) await p.evaluate(() => (document.querySelector("#add") as HTMLElement).click());
  else await p.locator("#checkout").dispatchEvent("click");
}

interface Kind {
  name: string;
  person: boolean;
  launch: LaunchOptions;
  /** A headed Chrome's User-Agent instead of headless Chromium's. */
  headedUa: boolean;
  act: (p: Page, n: number) => Promise<void>;
  /** Page views, in multiples of MEASURE_VIEWS (default 1). */
  views?: number;
}

const KINDS: Kind[] = [
  // Four times the views of each agent kind, so people outnumber every kind of agent.
  { name: "person, mouse and keyboard", person: true, launch: PERSON_LAUNCH, headedUa: true, act: asPerson, views: 4 },
  { name: "Playwright, default launch (headless)", person: false, launch: {}, headedUa: false, act: asPlaywright },
  { name: "Playwright, default launch, Chrome UA", person: false, launch: {}, headedUa: true, act: asPlaywright },
  {
    name: "Playwright, flags off, headless UA",
    person: false,
    launch: PERSON_LAUNCH,
    headedUa: false,
    act: asPlaywright,
  },
  {
    name: "script-driven agent, flags off",
    person: false,
    launch: PERSON_LAUNCH,
    headedUa: true,
    act: asScriptedAgent,
  },
  // The blind spot, measured rather than hidden: an agent that drives a browser with its
  // flags off, a headed User-Agent and input events only.
  {
    name: "agent through input events only, flags off",
    person: false,
    launch: PERSON_LAUNCH,
    headedUa: true,
    act: asPerson,
  },
];

async function visitMany(browser: Browser, kind: Kind, k: number): Promise<string[]> {
  const ua = (await browser.version()).split("/")[1] ?? "156.0.0.0";
  const headed = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${ua.split(".")[0]}.0.0.0 Safari/537.36`;
  const views: string[] = [];
  const count = VIEWS * (kind.views ?? 1);
  // Ten page views to a context, as a person browses several pages in one window.
  for (let batch = 0; batch < count; batch += 10) {
    const context = await browser.newContext(kind.headedUa ? { userAgent: headed } : {});
    const p = await context.newPage();
    for (let i = batch; i < Math.min(batch + 10, count); i++) {
      const view = `${k}-${i}`;
      views.push(view);
      await p.goto(`${base}/v/${view}/product`);
      await p.waitForFunction(() => "agentReadiness" in window);
      await kind.act(p, i);
    }
    await context.close(); // pagehide: the last view's leave beacon
  }
  return views;
}

// ---- run and read as ingest reads -------------------------------------------------
const ipRanges = buildIpRangeIndex({});
const rows: { kind: string; views: number; as_agent: number; rate: string; hints: string }[] = [];
let invalid = 0;
const totals = { person: { views: 0, agent: 0 }, automated: { views: 0, agent: 0 } };
try {
  for (const [k, kind] of KINDS.entries()) {
    const browser = await chromium.launch({
      ...kind.launch,
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", ...(kind.launch.args ?? [])],
    });
    const views = await visitMany(browser, kind, k);
    await browser.close();
    await new Promise((r) => setTimeout(r, 300)); // the last leave beacons
    let agents = 0;
    const hintCounts = new Map<string, number>();
    for (const view of views) {
      const beacons = received.filter((r) => r.view === view);
      const automation = {};
      for (const r of beacons) {
        const parsed = beaconPayload.safeParse(JSON.parse(r.body));
        if (!parsed.success) {
          invalid++;
          continue;
        }
        Object.assign(automation, pageAutomationOf(parsed.data));
      }
      const who = identifyAgent({
        userAgent: beacons[0]?.ua ?? null,
        clientIp: null,
        signature: { status: "absent" },
        automation,
        ipRanges,
      });
      if (beacons.length === 0) throw new Error(`view ${view} sent no beacon`);
      if (who.tier !== null) agents++;
      for (const s of who.signals) hintCounts.set(s, (hintCounts.get(s) ?? 0) + 1);
      for (const h of Object.keys(automation)) hintCounts.set(h, (hintCounts.get(h) ?? 0) + 1);
    }
    const total = kind.person ? totals.person : totals.automated;
    total.views += views.length;
    total.agent += agents;
    rows.push({
      kind: kind.name,
      views: views.length,
      as_agent: agents,
      rate: `${((agents / views.length) * 100).toFixed(1)}%`,
      hints: [...hintCounts].map(([h, c]) => `${h} ${c}`).join(", "),
    });
  }
} finally {
  server.close();
}
console.table(rows);
const result = {
  measure: "agentic-browsers",
  snippet: snippetBuild.version,
  person_views: totals.person.views,
  person_views_as_agent: totals.person.agent,
  false_positive_rate: Number((totals.person.agent / totals.person.views).toFixed(4)),
  automated_views: totals.automated.views,
  automated_views_detected: totals.automated.agent,
  detection_rate: Number((totals.automated.agent / totals.automated.views).toFixed(4)),
  invalid_beacons: invalid,
};
console.log(JSON.stringify(result));
if (invalid > 0) process.exitCode = 1;
