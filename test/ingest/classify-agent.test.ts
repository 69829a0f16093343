import { describe, expect, it } from "vitest";
import { type IdentityInput, identifyAgent } from "../../shared/classify/agent-identity";
import { buildIpRangeIndex } from "../../shared/classify/ip-ranges";
import { deviceInfo, matchAgent } from "../../shared/classify/user-agent";

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
    expect(identifyAgent(input({ userAgent: CHATGPT_USER, clientIp: "203.0.113.9" }))).toEqual({
      platform: "chatgpt",
      purpose: "user_action",
      tier: "declared",
      confidence: 0.6,
      signals: ["declared_user_agent"],
    });
  });

  it("verifies by the full client IP inside the vendor range, not by its /24", () => {
    // traffic-facts §0.3: 23.98.142.180 is in 23.98.142.176/28, 23.98.142.200 is not.
    const inside = identifyAgent(input({ userAgent: CHATGPT_USER, clientIp: "23.98.142.180" }));
    expect(inside.tier).toBe("verified");
    expect(inside.signals).toEqual(["known_ip_range", "declared_user_agent"]);
    expect(identifyAgent(input({ userAgent: CHATGPT_USER, clientIp: "23.98.142.200" })).tier).toBe("declared");
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

  it("verifies a valid Web Bot Auth signature and maps its agent origin to a platform", () => {
    const who = identifyAgent(
      input({
        userAgent: "Mozilla/5.0 (Macintosh) Chrome/138.0.0.0",
        signature: { status: "verified", agentOrigin: "https://chatgpt.com" },
      }),
    );
    expect(who).toMatchObject({
      platform: "chatgpt",
      purpose: "user_action",
      tier: "verified",
      signals: ["signature_verified"],
    });
    const unknown = identifyAgent(input({ signature: { status: "verified", agentOrigin: "https://bot.example" } }));
    expect(unknown.platform).toBe("other_ai");
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
});
