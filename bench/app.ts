// `npm run bench:app`: what each dashboard page costs on the server next to the v1 API
// call(s) it wraps, measured against the real local server (npm start) in one run. A page
// reads through the same shared functions as the API and adds session checks and HTML;
// the ratio page / API says what that adds. Every figure is the p50 and p95 of N requests;
// the ratio is of the p50s. Pages and API calls go through the same client (Node fetch,
// the page with the signed-in browser's cookies); ratio_pw_p50 is the page through
// Playwright's request API, the client of runs before 2026-11-26 07:30.
import { loadavg } from "node:os";
import { chromium } from "playwright-core";
import { goodShop } from "../test/fixtures/shops/good-shop";
import { startShop } from "../test/fixtures/shops/shop-server";
import { startLocalServer } from "../test/helpers/node/local-server";
import { recordResult } from "./results";

// The v1 read limit is 120/min per key: each pair gets a fresh key and at most 4 × 25 calls.
const N = 25;
const SHOP = "bench-shop.example";
/** Sites and monitors (with a stored scan each) on the list pages besides SHOP. */
const LIST_ROWS = 10;

/** The p-th percentile (nearest rank) of `times`. */
function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const spread = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });

// The bench site's domain and the monitored domains are a fixture shop on this machine:
// each scan runs in full and stores a result with all 41 checks, like a real shop's, so
// the scan report page has a real scan to show.
const listDomain = (i: number) => `bench-list-${i}.test`;
const shop = await startShop(goodShop);
const server = await startLocalServer({
  OUTBOUND_RESOLVE: [SHOP, ...Array.from({ length: LIST_ROWS }, (_, i) => listDomain(i))]
    .map((d) => `${d}=127.0.0.1:${shop.port}`)
    .join(","),
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const base = server.baseUrl;
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": "192.0.2.200" } });
  const page = await context.newPage();
  await page.goto(`${base}/app/sign-up`);
  await page.getByLabel("Email").fill(`bench-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Create account" }).click();
  // Sign-up lands on the new workspace's address (/app/w/{id}); every page below is timed
  // at its workspace address, so no figure includes the short address's redirect.
  await page.waitForURL(new RegExp(`^${base}/app/w/[A-Za-z0-9_-]+$`));
  const app = page.url();
  await page.goto(`${app}/settings/api-keys`);
  await page.getByLabel("Name", { exact: true }).fill("bench");
  await page.getByRole("button", { name: "Tick Full access" }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = ((await page.locator("#new-key").textContent()) ?? "").trim();
  const auth = { Authorization: `Bearer ${key}` };
  await page.goto(`${app}/sites`);
  await page.getByLabel("Domain").fill(SHOP);
  await page.getByRole("button", { name: "Add site" }).click();
  await page.waitForURL(`${app}/sites/${SHOP}`);

  // List pages read per row (install status per site, latest scan per monitored domain):
  // LIST_ROWS sites and monitors, each monitored domain scanned once, so a per-row read
  // would show in the Sites and Monitors figures.
  for (let i = 0; i < LIST_ROWS; i++) {
    const domain = listDomain(i);
    const site = await fetch(`${base}/api/v1/sites`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ domain }),
    });
    const monitor = await fetch(`${base}/api/v1/monitors`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ domain, webhook_url: `https://hooks.example.com/bench-${i}` }),
    });
    const scan = await fetch(`${base}/api/scan`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${i + 1}` },
      body: JSON.stringify({ domain }),
    });
    const stream = await scan.text();
    if (site.status !== 201 || monitor.status !== 201 || !stream.includes("event: complete"))
      throw new Error(`list rows: site ${site.status}, monitor ${monitor.status}, scan ${stream.slice(-200)}`);
  }

  // 500 server-side request records from four AI platforms over 250 client networks.
  const agents = ["ChatGPT-User/1.0", "PerplexityBot/1.0", "ClaudeBot/1.0", "OAI-SearchBot/1.0"];
  const now = Date.now();
  const events = Array.from({ length: 500 }, (_, i) => ({
    timestamp: new Date(now - (i % 50) * 60_000).toISOString(),
    domain: SHOP,
    path: `/products/p${i % 25}`,
    method: "GET",
    status: 200,
    user_agent: `Mozilla/5.0 (compatible; ${agents[i % agents.length]})`,
    ip: `203.0.${i % 250}.${(i % 7) + 1}`,
  }));
  await fetch(`${base}/api/v1/events`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ events }),
  });
  for (let i = 0; i < 100; i++) {
    const o = (await (
      await fetch(`${base}/api/v1/traffic/overview?domain=${SHOP}&period=24h`, { headers: auth })
    ).json()) as {
      total_sessions: number;
    };
    if (o.total_sessions > 0) break;
    await new Promise((r) => setTimeout(r, 300));
  }

  // One scan of the shop through the public scan API, for the Scan report pair.
  const scan = await fetch(`${base}/api/scan`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ domain: SHOP }),
  });
  const scanId = /"id":"([0-9a-f-]{36})"/.exec(await scan.text())?.[1];
  if (!scanId) throw new Error("the bench shop's scan did not complete");

  // Pages are timed with the same client as the API calls (Node's fetch), carrying the
  // browser's cookies: Playwright's request API goes through its driver process, which
  // added 3-12 ms per request on a static asset here (docs/performance/log.md), a cost the
  // API side never paid.
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join("; ");
  // The earlier client is still timed beside it (ratio_pw), so runs stay comparable.
  const getPage = {
    fetch: async (url: string) => {
      // No redirect is followed: a figure is the page itself, never a hop to it.
      const res = await fetch(url, {
        headers: { Cookie: cookie, "CF-Connecting-IP": "192.0.2.200" },
        redirect: "manual",
      });
      await res.arrayBuffer();
      return res.status;
    },
    playwright: async (url: string) => {
      const res = await context.request.get(url, { maxRedirects: 0 });
      await res.body();
      return res.status();
    },
  };
  const timePage = async (url: string, via: keyof typeof getPage = "fetch") => {
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const started = performance.now();
      const status = await getPage[via](url);
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`${url}: ${status}`);
    }
    return spread(times);
  };
  // A fresh key of the same workspace per pair (npm run admin's local route), so the
  // per-key minute window never refuses a measured call.
  const who = (await (await fetch(`${base}/api/v1/whoami`, { headers: auth })).json()) as { workspace_name: string };
  const freshKey = async () => {
    const res = await fetch(`${base}/__admin/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace: who.workspace_name, preset: "full" }),
    });
    const body = (await res.json()) as { key?: string };
    if (!body.key) throw new Error(`admin key: ${JSON.stringify(body)}`);
    return { Authorization: `Bearer ${body.key}` };
  };
  const timeApi = async (urls: string[]) => {
    let headers = await freshKey();
    const perKey = Math.max(1, Math.floor(100 / urls.length));
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      // The overview wraps one report per site: a new key (made before the clock starts)
      // whenever this pair's calls would reach the per-key minute window.
      if (i > 0 && i % perKey === 0) headers = await freshKey();
      const started = performance.now();
      await Promise.all(
        urls.map(async (u) => {
          const res = await fetch(u, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${u}: ${res.status}`);
        }),
      );
      times.push(performance.now() - started);
    }
    return spread(times);
  };

  // A shared link of the bench site (Setup → Shared links), opened signed out below.
  await page.goto(`${app}/sites/${SHOP}/sharing`);
  await page.getByLabel("Name").fill("bench");
  await page.getByRole("button", { name: "Create link" }).click();
  const shared = ((await page.locator("#new-link").textContent()) ?? "").trim();
  if (!shared.includes("/app/share/")) throw new Error(`shared link: ${shared}`);

  const q = `domain=${SHOP}&period=24h`;
  // The dashboard's four reports (overview and sources against the previous period), as
  // v1 calls for one domain, with the same filters as the page.
  const dashboardCalls = (domain: string, filters = "") =>
    ["overview", "purpose-split", "sources", "verification"].map(
      (r) =>
        `${base}/api/v1/traffic/${r}?domain=${domain}&period=24h${filters}${r === "overview" || r === "sources" ? "&compare=previous" : ""}`,
    );
  // Two filters from breakdown rows (an AI platform, a verification tier): the use case
  // applies them to every report of the page, the API to every call.
  const FILTERS = "&agent_platform=chatgpt&tier=declared";
  const allDomains = [SHOP, ...Array.from({ length: LIST_ROWS }, (_, i) => listDomain(i))];
  const pairs: [string, string, string[]][] = [
    ["Sites", `${app}/sites`, [`${base}/api/v1/sites`, `${base}/api/v1/sites/check-install?domain=${SHOP}`]],
    // The site dashboard shows overview and sources against the previous period: so do its API calls.
    ["Traffic", `${app}/sites/${SHOP}/traffic?period=24h`, dashboardCalls(SHOP)],
    ["Traffic, filtered", `${app}/sites/${SHOP}/traffic?period=24h${FILTERS}`, dashboardCalls(SHOP, FILTERS)],
    // The same dashboard through its shared link, signed out (the link's own context).
    ["Shared dashboard", `${shared}?period=24h`, dashboardCalls(SHOP)],
    [
      "Sessions",
      `${app}/sites/${SHOP}/sessions?period=24h`,
      [`${base}/api/v1/traffic/sessions?${q}`, `${base}/api/v1/traffic/failing-sessions?${q}&limit=10`],
    ],
    ["Conversions", `${app}/conversions`, [`${base}/api/v1/attribution/overview`, `${base}/api/v1/conversions`]],
    ["Monitors", `${app}/monitors`, [`${base}/api/v1/monitors`]],
    // The workspace overview, a dashboard of its sites: the site list and each site's four
    // dashboard reports (the checklist's four counts are one D1 batch with no API twin).
    ["Overview", `${app}?period=24h`, [`${base}/api/v1/sites`, ...allDomains.flatMap((d) => dashboardCalls(d))]],
    [
      "Overview, filtered",
      `${app}?period=24h${FILTERS}`,
      [`${base}/api/v1/sites`, ...allDomains.flatMap((d) => dashboardCalls(d, FILTERS))],
    ],
    // The live view and its JSON twin: overview and sources over the last 30 minutes.
    ...(["Live", "Live data"] as const).map((name): [string, string, string[]] => {
      const live = `from=${encodeURIComponent(new Date(Date.now() - 30 * 60_000).toISOString())}`;
      return [
        name,
        `${app}/sites/${SHOP}/live${name === "Live data" ? "/data" : ""}`,
        ["overview", "sources"].map((r) => `${base}/api/v1/traffic/${r}?domain=${SHOP}&${live}`),
      ];
    }),
    // The in-app report reads the same stored scan as the public JSON, plus the domain check and history.
    ["Scan report", `${app}/scans/${SHOP}`, [`${base}/api/scan/${scanId}`]],
  ];
  // Warm-up: module load and first D1 open land in no figure.
  await timePage(`${app}/sites`);
  const results = [];
  for (const [name, pageUrl, apiUrls] of pairs) {
    const api = await timeApi(apiUrls);
    const pageMs = await timePage(pageUrl);
    const pagePw = await timePage(pageUrl, "playwright");
    results.push({
      page: name,
      page_p50_ms: Number(pageMs.p50.toFixed(1)),
      page_p95_ms: Number(pageMs.p95.toFixed(1)),
      api_p50_ms: Number(api.p50.toFixed(1)),
      api_p95_ms: Number(api.p95.toFixed(1)),
      api_calls: apiUrls.length,
      ratio_p50: Number((pageMs.p50 / api.p50).toFixed(2)),
      ratio_p95: Number((pageMs.p95 / api.p95).toFixed(2)),
      page_pw_p50_ms: Number(pagePw.p50.toFixed(1)),
      ratio_pw_p50: Number((pagePw.p50 / api.p50).toFixed(2)),
    });
  }
  console.table(results);
  // The figures are ratios within one run; the machine's load says how noisy they are.
  const load = loadavg().map((l) => Number(l.toFixed(2)));
  recordResult({ bench: "app-pages", requests_per_figure: N, list_rows: LIST_ROWS, load, results });
} finally {
  await browser.close();
  await server.stop();
  await shop.close();
}
