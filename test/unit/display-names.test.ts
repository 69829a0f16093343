import { describe, expect, it } from "vitest";
import { PURPOSES } from "../../shared/classify/agents";
import { paidClickIds } from "../../shared/classify/click-ids";
import { DETECTION_SIGNALS, TIERS } from "../../shared/classify/identity-vocabulary";
import { AI_PLATFORMS } from "../../shared/classify/platforms";
import { SOURCES } from "../../shared/classify/source";
import { VERIFICATION_RESULTS, verificationResult } from "../../shared/classify/verification-result";
import { failureText, httpAnswerText } from "../../shared/display/answer-text";
import {
  agentName,
  clientText,
  confidenceText,
  EVENT_NAMES,
  outcomeName,
  PLATFORM_NAMES,
  platformName,
  purposeName,
  SIGNAL_NAMES,
  signalsText,
  sourceName,
  sourceWithDetail,
  subSourceName,
  tierName,
  VERIFICATION_NAMES,
} from "../../shared/display/display-names";
import { SCOPE_NAMES } from "../../shared/display/scope-names";
import { EVENT_KINDS } from "../../shared/vocabulary/event-kinds";
import { SCOPES } from "../../shared/vocabulary/scopes";
import { OUTCOMES } from "../../shared/vocabulary/session-outcomes";

/** A code of the API: lower case with an underscore, or an all-lower-case token. */
const CODE_LIKE = /^[a-z0-9]+(_[a-z0-9]+)+$/;

describe("display names", () => {
  it("gives every code of every vocabulary words that are not the code itself", () => {
    const named: Array<[readonly string[], (code: string) => string]> = [
      [AI_PLATFORMS, platformName],
      [SOURCES, sourceName],
      [PURPOSES, (c) => purposeName(c as (typeof PURPOSES)[number])],
      [TIERS, (c) => tierName(c as (typeof TIERS)[number])],
      [OUTCOMES, (c) => outcomeName(c as (typeof OUTCOMES)[number])],
      [DETECTION_SIGNALS, (c) => SIGNAL_NAMES[c as (typeof DETECTION_SIGNALS)[number]]],
      [SCOPES, (c) => SCOPE_NAMES[c as (typeof SCOPES)[number]]],
      [Object.values(paidClickIds), (c) => subSourceName("paid", c)],
      [VERIFICATION_RESULTS, (c) => VERIFICATION_NAMES[c as (typeof VERIFICATION_RESULTS)[number]]],
      [EVENT_KINDS, (c) => EVENT_NAMES[c as (typeof EVENT_KINDS)[number]]],
    ];
    for (const [codes, name] of named) {
      for (const code of codes) {
        const words = name(code);
        expect(words, code).not.toBe(code);
        expect(words, code).not.toMatch(CODE_LIKE);
      }
    }
  });

  it("spells operators and agents as their makers do", () => {
    expect(platformName("chatgpt")).toBe("ChatGPT");
    expect(PLATFORM_NAMES.meta_ai).toBe("Meta AI");
    expect(agentName("gptbot")).toBe("GPTBot");
    expect(agentName("oai-searchbot")).toBe("OAI-SearchBot");
    expect(agentName("claude-user")).toBe("Claude-User");
    // An alias reads as the documented token; a platform (an agent named only by its signature) as the platform.
    expect(agentName("cloudvertexbot")).toBe("Google-CloudVertexBot");
    expect(agentName("chatgpt")).toBe("ChatGPT");
  });

  it("names a paid click's ad platform and keeps a host or a campaign's own label", () => {
    expect(sourceWithDetail("paid", "chatgpt")).toBe("Paid ad · ChatGPT");
    expect(sourceWithDetail("paid", "google_ads")).toBe("Paid ad · Google Ads");
    expect(sourceWithDetail("ai_assistant_link", "perplexity")).toBe("Link from an AI assistant · Perplexity");
    expect(sourceWithDetail("search", "duckduckgo.com")).toBe("Search engine · duckduckgo.com");
    expect(sourceWithDetail("tagged", "newsletter")).toBe("Tagged campaign (UTM) · newsletter");
    expect(sourceWithDetail("direct", null)).toBe("Direct (no referrer)");
  });

  it("says a session's signals, confidence and client in words", () => {
    expect(signalsText(["declared_user_agent"])).toBe("names itself in its User-Agent");
    expect(signalsText(["known_ip_range", "declared_user_agent"])).toBe(
      "came from an address its operator publishes; names itself in its User-Agent",
    );
    expect(signalsText([])).toBe("none");
    expect(confidenceText(0.6)).toBe("medium (60%)");
    expect(confidenceText(0.99)).toBe("high (99%)");
    expect(confidenceText(0.1)).toBe("low (10%)");
    expect(confidenceText(null)).toBe("–");
    expect(clientText(null, null, "bot")).toBe("software without a browser");
    expect(clientText("Chrome", "macOS", "desktop")).toBe("Chrome · macOS · desktop");
    expect(clientText(null, null, null)).toBe("unknown");
  });

  it("says what came back from an outbound request", () => {
    expect(httpAnswerText(0)).toBe("no answer");
    expect(httpAnswerText(null)).toBe("no answer");
    expect(httpAnswerText(503)).toBe("HTTP 503");
    expect(failureText("timeout: no answer within 10000 ms")).toBe("no answer came within the time limit");
    expect(failureText("Receiver answered HTTP 500")).toBe("Receiver answered HTTP 500");
  });
});

describe("a session's verification", () => {
  it("keeps the tier and says, for a declared agent, whether its operator's check failed or none exists", () => {
    expect(verificationResult("verified", ["known_ip_range", "declared_user_agent"])).toBe("verified");
    expect(verificationResult("declared", ["declared_user_agent", "verification_failed"])).toBe("failed");
    expect(verificationResult("declared", ["declared_user_agent", "verification_unavailable"])).toBe("unavailable");
    expect(verificationResult("declared", ["declared_user_agent"])).toBe("unchecked");
    expect(verificationResult("heuristic", ["automation_flag"])).toBe("inferred");
    expect(verificationResult(null, [])).toBeNull();
    // A session verified by one request keeps "verified" though another of its requests failed.
    expect(verificationResult("verified", ["known_ip_range", "verification_failed"])).toBe("verified");
    expect(VERIFICATION_NAMES.failed).toBe("Failed verification (likely spoofed)");
    expect(VERIFICATION_NAMES.unavailable).toBe("Cannot be verified");
  });
});
