import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compilePolicy, type PolicyDocument } from "../../collectors/node/src/policy-document";
import {
  addressSet,
  compileRule,
  hasProductToken,
  inAddressSet,
  parseIp,
  prepareUserAgent,
  robotsAllows,
} from "../../collectors/node/src/policy-match";
import { bundledIpRanges } from "../../shared/classify/ip-range-sources";
import { buildIpRangeIndex, ipInLists } from "../../shared/classify/ip-ranges";
import {
  hasProductToken as serviceHasToken,
  prepareUserAgent as servicePrepare,
} from "../../shared/classify/product-token";
import { matchAgent } from "../../shared/classify/user-agent";
import { parseIp as serviceParseIp } from "../../shared/ip/cidr";
import { collectorDocument } from "../../shared/policy/collector-document";
import { NEUTRAL_POLICY } from "../../shared/policy/policy-schema";
import { isAllowed, rulesFor } from "../../shared/robots/is-allowed";
import { parseRobots } from "../../shared/robots/parse-robots";

// The collector restates three of the service's matchers (it depends on nothing):
// each pair must give the same answers, or the collector would enforce a policy on
// agents the reports do not count, or miss ones they do.

const crawlerList = path.resolve(import.meta.dirname, "../../../shared/data/crawler-user-agents.json");
const listed: string[] = existsSync(crawlerList)
  ? (JSON.parse(readFileSync(crawlerList, "utf8")) as { instances?: string[] }[]).flatMap((e) => e.instances ?? [])
  : [];

const OWN_UAS = [
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)",
  "Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
  "Mozilla/5.0 (compatible; Applebot-Extended/0.1)",
  "Snap/1.0 (+https://www.diffbot.com/products/automatic/)",
  "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Code/1.95.0 Chrome/128.0 Electron/32.2.1 Safari/537.36",
  "Exabot/3.0 (+http://www.exabot.com/go/robot)",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "curl/8.7.1",
  "Mozilla/5.0 (compatible; Novaact/1.0; +https://www.novaact.com)",
  "Agent/AmazonBuyForMe",
];

const document = collectorDocument({
  domain: "shop.example",
  version: 1,
  policy: NEUTRAL_POLICY,
  ipLists: bundledIpRanges,
  siteRobots: null,
  policyUrl: "https://shop.example/robots.txt",
  updatedAt: null,
}) as PolicyDocument;
const compiled = compilePolicy(document);

describe("the collector's matchers give the service's answers", () => {
  it(`names the same agent for every User-Agent (${OWN_UAS.length} own${listed.length ? `, ${listed.length} from crawler-user-agents.json` : "; ../shared/data absent, its list skipped"})`, () => {
    for (const ua of [...OWN_UAS, ...listed]) {
      expect(compiled.agentOf(ua)?.token ?? null, ua).toBe(matchAgent(ua)?.token ?? null);
      const mine = prepareUserAgent(ua);
      expect(mine, ua).toBe(servicePrepare(ua));
      for (const token of ["gptbot", "claude-user", "snap", "code", "bytespider"])
        expect(hasProductToken(mine, token), `${token} in ${ua}`).toBe(serviceHasToken(mine, token));
    }
  });

  it("places every address as the service's IP-range index does", () => {
    const index = buildIpRangeIndex(bundledIpRanges);
    const lists = Object.keys(bundledIpRanges);
    const sets = new Map(lists.map((id) => [id, addressSet(bundledIpRanges[id])]));
    const addresses = [
      "52.230.152.9",
      "52.230.153.1",
      "20.171.206.255",
      "74.7.227.128",
      "::ffff:52.230.152.9",
      "2a03:2880::1",
      "10.0.0.1",
      "not an ip",
      "",
      ...lists.flatMap((id) => bundledIpRanges[id].slice(0, 3).map((cidr) => cidr.split("/")[0])),
    ];
    for (const ip of addresses) {
      expect(parseIp(ip), ip).toEqual(serviceParseIp(ip));
      for (const id of lists) {
        const parsed = parseIp(ip);
        const mine = parsed !== null && inAddressSet(parsed, sets.get(id) as ReturnType<typeof addressSet>);
        expect(mine, `${ip} in ${id}`).toBe(ipInLists(ip, [id], index));
      }
    }
  });

  it("judges robots.txt paths as the service's RFC 9309 matcher does", () => {
    const file = parseRobots(
      [
        "User-agent: *",
        "Disallow: /private",
        "Allow: /private/ok",
        "Disallow: /*.json$",
        "Disallow: /search?",
        "Allow: /search?q=",
        "Disallow: /caf%C3%A9",
        "Disallow: /a*b*c",
      ].join("\n"),
    );
    const rules = (rulesFor(file, "*") ?? []).map((r) => compileRule(r.allow, r.pattern));
    const paths = [
      "/",
      "/private",
      "/private/x",
      "/private/ok/1",
      "/data.json",
      "/data.json?x",
      "/search?",
      "/search?q=mug",
      "/search?page=2",
      "/café",
      "/caf%c3%a9/x",
      "/axxbyyc",
      "/robots.txt",
    ];
    for (const p of paths) expect(robotsAllows(rules, p), p).toBe(isAllowed(file, "anybot", p));
  });
});
