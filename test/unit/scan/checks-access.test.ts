import { describe, expect, it } from "vitest";
import { agentUaParity } from "../../../shared/scan/checks/access/agent-ua-parity";
import { botChallenge } from "../../../shared/scan/checks/access/bot-challenge";
import { httpsReachable } from "../../../shared/scan/checks/access/https-reachable";
import { responseTime } from "../../../shared/scan/checks/access/response-time";
import { robotsAiSearchBots } from "../../../shared/scan/checks/access/robots-ai-search-bots";
import { robotsAiUserAgents } from "../../../shared/scan/checks/access/robots-ai-user-agents";
import { robotsTxt } from "../../../shared/scan/checks/access/robots-txt";
import { sitemapXml } from "../../../shared/scan/checks/access/sitemap-xml";
import type { SitemapFacts } from "../../../shared/scan/types";
import { challenged, fetched, html, missing, page, site, text } from "./site-builder";

const HOME = html("<title>Home</title>");

describe("https_reachable", () => {
  it("passes on 2xx over https within two redirects", async () => {
    const home = await page("/", HOME, { redirects: ["https://shop.example/", "https://www.shop.example/"] });
    expect(httpsReachable.run(site({ home })).status).toBe("pass");
  });
  it("warns after three to five redirects", async () => {
    const home = await page("/", HOME, { redirects: ["a", "b", "c"].map((p) => `https://shop.example/${p}`) });
    const out = httpsReachable.run(site({ home }));
    expect(out.status).toBe("warn");
    expect(out.message).toContain("3 redirects");
  });
  it("fails on non-2xx and on no answer", async () => {
    expect(httpsReachable.run(site({ home: { fetched: fetched("/", { status: 500 }), page: null } })).status).toBe(
      "fail",
    );
    const timeout = fetched("/", { status: 0, error: "timeout: No complete answer within 8000 ms" });
    const out = httpsReachable.run(site({ home: { fetched: timeout, page: null } }));
    expect(out.status).toBe("fail");
    expect(out.message).toContain("timeout");
  });
  it("is blocked when the home page is a challenge", () => {
    const out = httpsReachable.run(site({ home: { fetched: challenged("/"), page: null } }));
    expect(out).toMatchObject({ status: "fail", blocked: true });
  });
});

describe("response_time", () => {
  it("passes at 1.5 s, warns up to 4 s, fails beyond", async () => {
    const at = async (ms: number) => responseTime.run(site({ home: await page("/", HOME, { ms }) })).status;
    expect(await at(1500)).toBe("pass");
    expect(await at(1501)).toBe("warn");
    expect(await at(4000)).toBe("warn");
    expect(await at(4001)).toBe("fail");
  });
});

describe("robots_txt", () => {
  it("passes on a 200 text file", () => {
    expect(robotsTxt.run(site({ robots: text("/robots.txt", "User-agent: *\nAllow: /\n") })).status).toBe("pass");
  });
  it("warns on 404 (no stated policy)", () => {
    expect(robotsTxt.run(site({ robots: missing("/robots.txt") })).status).toBe("warn");
  });
  it("fails on 5xx, timeouts and HTML served as robots.txt", () => {
    expect(robotsTxt.run(site({ robots: fetched("/robots.txt", { status: 503 }) })).status).toBe("fail");
    expect(robotsTxt.run(site({ robots: fetched("/robots.txt", { status: 0, error: "timeout" }) })).status).toBe(
      "fail",
    );
    expect(robotsTxt.run(site({ robots: fetched("/robots.txt", { body: "<html></html>" }) })).status).toBe("fail");
  });
});

describe("robots_ai_user_agents and robots_ai_search_bots", () => {
  const robots = (body: string) => site({ robots: text("/robots.txt", body) });
  it("pass when every agent may fetch home and product paths", () => {
    expect(robotsAiUserAgents.run(robots("User-agent: *\nDisallow: /checkout\n")).status).toBe("pass");
    expect(robotsAiSearchBots.run(robots("User-agent: *\nAllow: /\n")).status).toBe("pass");
  });
  it("warn when some are disallowed", () => {
    const out = robotsAiUserAgents.run(robots("User-agent: ChatGPT-User\nDisallow: /products/\n"));
    expect(out.status).toBe("warn");
    expect(out.evidence?.allowed).toEqual({ "ChatGPT-User": false, "Claude-User": true, "Perplexity-User": true });
    expect(robotsAiSearchBots.run(robots("User-agent: PerplexityBot\nDisallow: /\n")).status).toBe("warn");
  });
  it("fail when all are disallowed, or robots.txt is unreachable", () => {
    expect(robotsAiUserAgents.run(robots("User-agent: *\nDisallow: /\n")).status).toBe("fail");
    const bots = "User-agent: OAI-SearchBot\nUser-agent: Claude-SearchBot\nUser-agent: PerplexityBot\nDisallow: /\n";
    expect(robotsAiSearchBots.run(robots(bots)).status).toBe("fail");
    expect(robotsAiSearchBots.run(site({ robots: fetched("/robots.txt", { status: 500 }) })).status).toBe("fail");
  });
});

describe("bot_challenge", () => {
  it("passes when nothing is challenged", async () => {
    expect(botChallenge.run(site({ home: await page("/", HOME) })).status).toBe("pass");
  });
  it("warns when only non-essential resources are challenged", async () => {
    const out = botChallenge.run(site({ home: await page("/", HOME), llms: challenged("/llms.txt") }));
    expect(out.status).toBe("warn");
  });
  it("fails when home or a product page is challenged, and is not itself blocked", async () => {
    const out = botChallenge.run(
      site({ home: await page("/", HOME), products: [{ fetched: challenged("/products/a"), page: null }] }),
    );
    expect(out.status).toBe("fail");
    expect(out.blocked).toBeUndefined();
    expect(out.message).toContain("Access problem");
  });
});

describe("agent_ua_parity", () => {
  const withSizes = async (normal: number, agent: number, agentStatus = 200) =>
    agentUaParity.run(
      site({
        home: await page("/", HOME, { bytes: normal }),
        parity: fetched("/", { bytes: agent, status: agentStatus }),
      }),
    ).status;
  it("passes when the AI agent gets the same status and size within 30 %", async () => {
    expect(await withSizes(1000, 700)).toBe("pass");
  });
  it("warns between 30 and 70 %", async () => {
    expect(await withSizes(1000, 699)).toBe("warn");
    expect(await withSizes(1000, 300)).toBe("warn");
  });
  it("fails beyond 70 % or on a different status", async () => {
    expect(await withSizes(1000, 299)).toBe("fail");
    expect(await withSizes(1000, 1000, 403)).toBe("fail");
  });
});

describe("sitemap_xml", () => {
  const sm = (fields: Partial<SitemapFacts>): SitemapFacts => ({
    url: "https://shop.example/sitemap.xml",
    fetched: fetched("/sitemap.xml"),
    valid: true,
    kind: "urlset",
    urls: [],
    lastmods: 0,
    children: [],
    ...fields,
  });
  const discovery = (n: number) => ({
    ...site().discovery,
    productLinksSitemap: Array.from({ length: n }, (_, i) => `https://shop.example/products/${i}`),
  });
  it("passes with product URLs and lastmod dates", () => {
    const out = sitemapXml.run(site({ sitemaps: [sm({ urls: ["a", "b"], lastmods: 2 })], discovery: discovery(2) }));
    expect(out.status).toBe("pass");
  });
  it("warns without product URLs or without lastmod", () => {
    expect(sitemapXml.run(site({ sitemaps: [sm({ urls: ["a"], lastmods: 1 })] })).status).toBe("warn");
    expect(sitemapXml.run(site({ sitemaps: [sm({ urls: ["a"] })], discovery: discovery(1) })).status).toBe("warn");
  });
  it("fails when missing or invalid", () => {
    expect(sitemapXml.run(site({ sitemaps: [sm({ valid: false, kind: "invalid" })] })).status).toBe("fail");
    expect(sitemapXml.run(site()).status).toBe("fail");
  });
});
