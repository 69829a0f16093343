import { describe, expect, it } from "vitest";
import { classifySource } from "../../shared/classify/source";

function source(url: string, referrer: string | null = null, agentPlatform: string | null = null) {
  return classifySource({ agentPlatform, pageUrl: new URL(url), referrer, siteDomain: "shop.example" });
}

describe("acquisition source precedence (traffic-facts §3.5)", () => {
  it("files the agent itself as ai_assistant_session before anything else", () => {
    expect(source("https://shop.example/?gclid=x", "https://chatgpt.com/", "chatgpt")).toMatchObject({
      source: "ai_assistant_session",
      subSource: "chatgpt",
    });
  });

  it("counts a known click id or a paid utm_medium as paid, but never srsltid", () => {
    expect(source("https://shop.example/p?gclid=abc", "https://www.google.com/")).toMatchObject({
      source: "paid",
      subSource: "google_ads",
    });
    expect(source("https://shop.example/p?utm_source=newsletter&utm_medium=CPC")).toMatchObject({
      source: "paid",
      subSource: "newsletter",
    });
    expect(source("https://shop.example/p?oppref=1")).toMatchObject({ source: "paid", subSource: "chatgpt" });
    expect(source("https://shop.example/p?srsltid=xyz", "https://www.google.com/")).toMatchObject({ source: "search" });
  });

  it("puts AI referrers and AI utm_source before search", () => {
    expect(source("https://shop.example/", "https://chatgpt.com/")).toMatchObject({
      source: "ai_assistant_link",
      subSource: "chatgpt",
    });
    expect(source("https://shop.example/", "https://www.perplexity.ai/search")).toMatchObject({
      subSource: "perplexity",
    });
    expect(source("https://shop.example/?utm_source=chatgpt.com")).toMatchObject({
      source: "ai_assistant_link",
      subSource: "chatgpt",
    });
    expect(source("https://shop.example/", "https://gemini.google.com/app")).toMatchObject({ subSource: "gemini" });
  });

  it("classifies other utm_source as tagged, search engines as search, other hosts as referral", () => {
    expect(source("https://shop.example/?utm_source=Newsletter")).toMatchObject({
      source: "tagged",
      subSource: "newsletter",
    });
    expect(source("https://shop.example/", "https://www.google.co.uk/")).toMatchObject({ source: "search" });
    expect(source("https://shop.example/", "https://duckduckgo.com/")).toMatchObject({ source: "search" });
    expect(source("https://shop.example/", "https://duck.ai/")).toMatchObject({
      source: "ai_assistant_link",
      subSource: "duckassist",
    });
    expect(source("https://shop.example/", "https://google.example.com/")).toMatchObject({
      source: "referral",
      subSource: "google.example.com",
    });
    expect(source("https://shop.example/", "https://blog.other.org/post")).toMatchObject({
      source: "referral",
      referrerHost: "blog.other.org",
    });
  });

  it("treats same-site referrers and no referrer as direct", () => {
    expect(source("https://shop.example/b", "https://www.shop.example/a")).toEqual({
      source: "direct",
      subSource: null,
      referrerHost: null,
    });
    expect(source("https://shop.example/b", "not a url")).toMatchObject({ source: "direct" });
  });
});
