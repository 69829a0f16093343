import { describe, expect, it } from "vitest";
import { type IdentityInput, identifyAgent } from "../../shared/classify/agent-identity";
import { ipRangeSnapshot } from "../../shared/classify/ip-range-snapshot.generated";
import { bundledIpRanges } from "../../shared/classify/ip-range-sources";
import { buildIpRangeIndex } from "../../shared/classify/ip-ranges";
import { deviceInfo, matchAgent, readUserAgent } from "../../shared/classify/user-agent";
import type { AgentCardMeta } from "../../shared/verification/agent-card";

const ranges = buildIpRangeIndex({ "openai-chatgpt-user": ["23.98.142.176/28"], "openai-gptbot": ["52.230.152.0/24"] });

function input(over: Partial<IdentityInput>): IdentityInput {
  return {
    userAgent: null,
    clientIp: null,
    signature: { status: "absent" },
    automation: {},
    ipRanges: ranges,
    ...over,
  };
}

const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";

describe("user-agent token matching", () => {
  it("matches the product token case-insensitively and ignores the version", () => {
    expect(matchAgent(CHATGPT_USER)?.token).toBe("ChatGPT-User");
    expect(matchAgent("mozilla/5.0 (compatible; gptbot/1.4; +https://openai.com/gptbot)")?.token).toBe("GPTBot");
    expect(matchAgent("Mozilla/5.0 (compatible; GPTBot/9.9)")?.platform).toBe("chatgpt");
  });

  it("prefers the longest token when several match", () => {
    expect(matchAgent("Mozilla/5.0 (Applebot-Extended/0.1)")?.token).toBe("Applebot-Extended");
    expect(matchAgent("Mozilla/5.0 (Applebot/0.1; +http://www.apple.com/go/applebot)")?.token).toBe("Applebot");
  });

  it("does not match a token inside a longer word", () => {
    expect(matchAgent("Mozilla/5.0 (compatible; NotGPTBotReally/1.0)")).toBeNull();
    expect(matchAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/138.0.0.0 Safari/537.36")).toBeNull();
    expect(matchAgent(null)).toBeNull();
  });

  it("matches a product token, never a word inside a URL, an e-mail address or a comment's phrase", () => {
    // Amazon's video crawler links to the Amazonbot page: a URL path is not a product token.
    const video =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Safari/600.2.5 (Amazonbot-Video/0.1; +https://developer.amazon.com/support/amazonbot)";
    expect(matchAgent(video)).toBeNull();
    expect(matchAgent("Mozilla/5.0 (compatible; Foo/1.0; +claudebot@anthropic.com)")).toBeNull();
    // "compatible with Googlebot" is a phrase; the product here is SentiBot.
    expect(matchAgent("SentiBot www.sentibot.eu (compatible with Googlebot)")?.token).toBe("SentiBot");
    expect(matchAgent("Mozilla/5.0 (iPhone) Mobile Safari/537.36; Bytespider;bytespider@bytedance.com")?.token).toBe(
      "Bytespider",
    );
    expect(matchAgent("Agent/AmazonBuyForMe")?.token).toBe("AmazonBuyForMe");
    // A later word of a product's name is not a product: Sogou's spider is not a "Spider".
    expect(matchAgent("Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)")).toBeNull();
    expect(matchAgent("Mozilla/5.0 (X11) Chrome/137.0.0.0 Safari/537.36; Devin/1.0; +devin.ai")?.token).toBe("Devin");
    expect(matchAgent("Mozilla/5.0 (compatible) AI2Bot (+https://www.allenai.org/crawler)")?.token).toBe("AI2Bot");
  });

  it("leaves a person previewing a page inside an Electron editor to the human side", () => {
    const vscode =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Code/1.96.0 Chrome/128.0.6613.186 Electron/32.2.6 Safari/537.36";
    expect(matchAgent(vscode)).toBeNull();
    expect(matchAgent("Code/1.0 (GitHub Copilot agent)")?.operator).toBe("GitHub");
  });

  it("tells Exa's ExaBot from Exalead's older Exabot by what follows the token", () => {
    expect(matchAgent("Mozilla/5.0 (compatible; Exabot/3.0; +http://www.exabot.com/go/robot)")).toBeNull();
    expect(readUserAgent("Mozilla/5.0 (compatible; Exabot/3.0; +http://www.exabot.com/go/robot)")).toEqual({
      kind: "named_automation",
      automation: "search_engine",
    });
    expect(matchAgent("Mozilla/5.0 (compatible; ExaBot/1.0)")?.operator).toBe("Exa");
  });

  it("files monitors, prerenderers, SEO crawlers and link previewers that name themselves as non-AI automation", () => {
    const named = [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/121.0.6167.57 Safari/537.36 Elastic/Synthetics",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.207 Safari/537.36 WordPress.com mShots",
      "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534.34 (KHTML, like Gecko) PhantomJS/1.9.0 Safari/534.34 Siteimprove (Accessibility)",
      "Mozilla/5.0 (compatible; botify; http://botify.com)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ];
    for (const ua of named) expect(readUserAgent(ua).kind, ua).toBe("named_automation");
    const bare =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/121.0.0.0 Safari/537.36";
    expect(readUserAgent(bare)).toEqual({ kind: "headless" });
  });

  it("reads browser, OS and device type coarsely", () => {
    expect(
      deviceInfo(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
        false,
      ),
    ).toEqual({
      browser: "Safari",
      os: "iOS",
      deviceType: "mobile",
    });
    expect(deviceInfo(CHATGPT_USER, true).deviceType).toBe("bot");
  });
});

describe("verification tier", () => {
  it("declares ChatGPT-User from the User-Agent alone as chatgpt / user_action / declared", () => {
    // 203.0.113.9 is outside OpenAI's published ChatGPT-User ranges: the check it publishes failed.
    expect(identifyAgent(input({ userAgent: CHATGPT_USER, clientIp: "203.0.113.9" }))).toEqual({
      platform: "chatgpt",
      purpose: "user_action",
      tier: "declared",
      confidence: 0.6,
      signals: ["declared_user_agent", "verification_failed"],
    });
  });

  it("tells a failed published check (likely spoofed) apart from an operator that publishes none", () => {
    const gptbot =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)";
    const adsbot = "Mozilla/5.0 (compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot)";
    const claim = (userAgent: string, clientIp: string | null) =>
      identifyAgent(input({ userAgent, clientIp })).signals.filter((s) => s.startsWith("verification_"));
    // OpenAI publishes GPTBot's ranges: outside them is a failed check.
    expect(claim(gptbot, "203.0.113.21")).toEqual(["verification_failed"]);
    // OAI-AdsBot has no published ranges nor reverse DNS: it cannot be verified.
    expect(claim(adsbot, "203.0.113.21")).toEqual(["verification_unavailable"]);
    // No client IP: the published check could not be made, so neither is said.
    expect(claim(gptbot, null)).toEqual([]);
    // A token its operator says never makes requests fails the one check there is.
    expect(claim("Mozilla/5.0 (compatible; Google-Extended)", "203.0.113.21")).toEqual(["verification_failed"]);
    // The tier is declared in each case, unchanged.
    expect(identifyAgent(input({ userAgent: adsbot, clientIp: "203.0.113.21" })).tier).toBe("declared");
  });

  it("verifies by the full client IP inside the vendor range, not by its /24", () => {
    // traffic-facts §0.3: 23.98.142.180 is in 23.98.142.176/28, 23.98.142.200 is not.
    const inside = identifyAgent(input({ userAgent: CHATGPT_USER, clientIp: "23.98.142.180" }));
    expect(inside.tier).toBe("verified");
    expect(inside.signals).toEqual(["known_ip_range", "declared_user_agent"]);
    expect(identifyAgent(input({ userAgent: CHATGPT_USER, clientIp: "23.98.142.200" })).tier).toBe("declared");
  });

  it("verifies from the bundled vendor snapshot before any refresh, IPv6 included", () => {
    const fresh = buildIpRangeIndex(bundledIpRanges);
    const gptbot =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)";
    // 52.230.152.0/24 is in OpenAI's gptbot.json of 2025-10-03.
    expect(identifyAgent(input({ userAgent: gptbot, clientIp: "52.230.152.9", ipRanges: fresh })).tier).toBe(
      "verified",
    );
    // 2001:4860:4801:4004::/64 is in Google's user-triggered-fetchers-google.json of 2025-09-11.
    const deepResearch =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Gemini-Deep-Research; +https://gemini.google/overview/deep-research/) Chrome/135.0.0.0 Safari/537.36";
    expect(
      identifyAgent(input({ userAgent: deepResearch, clientIp: "2001:4860:4801:4004::1", ipRanges: fresh })),
    ).toMatchObject({ platform: "gemini", tier: "verified", signals: ["known_ip_range", "declared_user_agent"] });
    // Each bundled list says where it comes from and how old it is.
    expect(ipRangeSnapshot["openai-chatgpt-user"]).toMatchObject({
      url: "https://openai.com/chatgpt-user.json",
      creationTime: "2025-11-05T02:03:44.872545",
    });
  });

  it("checks the range of the declared token only", () => {
    // A ChatGPT-User range IP claiming GPTBot is not verified by the ChatGPT-User list.
    const ua = "Mozilla/5.0 (compatible; GPTBot/1.3; +https://openai.com/gptbot)";
    expect(identifyAgent(input({ userAgent: ua, clientIp: "23.98.142.180" })).tier).toBe("declared");
    expect(identifyAgent(input({ userAgent: ua, clientIp: "52.230.152.7" })).tier).toBe("verified");
  });

  it("never verifies robots-only tokens such as Google-Extended, even with a valid-looking IP", () => {
    const who = identifyAgent(
      input({ userAgent: "Mozilla/5.0 (compatible; Google-Extended)", clientIp: "23.98.142.180" }),
    );
    expect(who.tier).toBe("declared");
    expect(who.purpose).toBe("unknown");
    expect(who.signals).not.toContain("known_ip_range");
  });

  const signed = (
    url: string,
    type: "directory" | "jwks_uri" | "cimd" = "directory",
    card: AgentCardMeta | null = null,
  ) => ({ status: "verified", signer: { source: { type, url }, card } }) as const;
  const card = (over: Partial<AgentCardMeta>): AgentCardMeta => ({
    clientName: null,
    productToken: null,
    purpose: null,
    trigger: null,
    ipsUri: null,
    ...over,
  });

  it("verifies a signature whose key is a listed operator's, platform and purpose from the listing, not the UA", () => {
    const who = identifyAgent(
      input({ userAgent: "Mozilla/5.0 (Macintosh) Chrome/138.0.0.0", signature: signed("https://chatgpt.com") }),
    );
    expect(who).toEqual({
      platform: "chatgpt",
      purpose: "user_action",
      tier: "verified",
      confidence: 0.99,
      signals: ["signature_verified"],
    });
    // A UA naming a crawler does not change what the listed signer is.
    const gptbotUa = identifyAgent(
      input({ userAgent: "Mozilla/5.0 (compatible; GPTBot/1.3)", signature: signed("https://chatgpt.com") }),
    );
    expect(gptbotUa).toMatchObject({ platform: "chatgpt", purpose: "user_action", tier: "verified" });
  });

  it("never verifies ChatGPT for an own key plus a ChatGPT-User UA: declared, signature_unlisted", () => {
    const forged = identifyAgent(
      input({ userAgent: CHATGPT_USER, clientIp: "203.0.113.9", signature: signed("https://forger.example") }),
    );
    expect(forged).toEqual({
      platform: "chatgpt",
      purpose: "user_action",
      tier: "declared",
      confidence: 0.6,
      signals: ["declared_user_agent", "signature_unlisted", "verification_failed"],
    });
    // A card that names ChatGPT-User from the forger's own origin is still the forger's.
    const carded = identifyAgent(
      input({
        userAgent: "Mozilla/5.0 Chrome/142.0",
        signature: signed(
          "https://forger.example/card",
          "cimd",
          card({ productToken: "ChatGPT-User", trigger: "fetcher" }),
        ),
      }),
    );
    expect(carded).toMatchObject({ platform: "other_ai", tier: "declared", signals: ["signature_unlisted"] });
    // A JWK Set on a look-alike host is not chatgpt.com's.
    const lookalike = identifyAgent(
      input({ signature: signed("https://chatgpt.com.forger.example/jwks.json", "jwks_uri") }),
    );
    expect(lookalike).toMatchObject({ platform: "other_ai", tier: "declared" });
  });

  it("records an unlisted signer with a plain browser UA as a declared other_ai agent", () => {
    expect(
      identifyAgent(input({ userAgent: "Mozilla/5.0 Chrome/142.0", signature: signed("https://bot.example") })),
    ).toEqual({
      platform: "other_ai",
      purpose: "unknown",
      tier: "declared",
      confidence: 0.6,
      signals: ["signature_unlisted"],
    });
  });

  it("takes a listed operator's card purpose over the UA and over the listing's default", () => {
    const who = identifyAgent(
      input({
        userAgent: CHATGPT_USER,
        signature: signed(
          "https://chatgpt.com/agents/search-card",
          "cimd",
          card({ productToken: "OAI-SearchBot", purpose: "search" }),
        ),
      }),
    );
    expect(who).toMatchObject({ platform: "chatgpt", purpose: "search", tier: "verified" });
    // No stated purpose: the operator's own token named on its card gives the documented one.
    const byToken = identifyAgent(
      input({
        userAgent: CHATGPT_USER,
        signature: signed("https://chatgpt.com/agents/crawler-card", "cimd", card({ productToken: "GPTBot" })),
      }),
    );
    expect(byToken).toMatchObject({ platform: "chatgpt", purpose: "crawl", tier: "verified" });
  });

  it("reads UCP-Agent as a declared identity claim, never as verification", () => {
    expect(
      identifyAgent(
        input({
          userAgent: "Mozilla/5.0 Chrome/142.0",
          ucpAgent: 'profile="https://shopper.example/ucp/profile.json"',
        }),
      ),
    ).toEqual({
      platform: "other_ai",
      purpose: "user_action",
      tier: "declared",
      confidence: 0.6,
      signals: ["declared_ucp_agent"],
    });
    expect(identifyAgent(input({ ucpAgent: 'profile="https://chatgpt.com/ucp/profile.json"' }))).toMatchObject({
      platform: "chatgpt",
      tier: "declared",
    });
    for (const bad of ['profile="http://x.example/p"', "profile=token", "garbage((", 'other="https://x.example"']) {
      expect(identifyAgent(input({ ucpAgent: bad })).platform, bad).toBeNull();
    }
  });

  it("treats invalid or unverifiable signatures as no signature", () => {
    for (const status of ["invalid", "unverified"] as const) {
      expect(identifyAgent(input({ userAgent: CHATGPT_USER, signature: { status } })).tier).toBe("declared");
    }
  });

  it("marks automation flags without an identity claim as heuristic, and plain browsers as human", () => {
    expect(
      identifyAgent(input({ userAgent: "Mozilla/5.0 Chrome/138.0", automation: { webdriver: true } })),
    ).toMatchObject({
      tier: "heuristic",
      signals: ["automation_flag"],
    });
    expect(identifyAgent(input({ userAgent: "Mozilla/5.0 HeadlessChrome/138.0" })).tier).toBe("heuristic");
    expect(identifyAgent(input({ userAgent: "Mozilla/5.0 Chrome/138.0" })).platform).toBeNull();
  });

  it("never files named non-AI automation as an agent, whatever flags it raises", () => {
    const who = identifyAgent(
      input({
        userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        automation: { webdriver: true, headless: true },
      }),
    );
    expect(who).toMatchObject({ platform: null, tier: null, namedAutomation: "search_engine" });
  });
});
