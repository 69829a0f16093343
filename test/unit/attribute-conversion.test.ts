import { describe, expect, it } from "vitest";
import { attributeConversion } from "../../shared/attribution/attribute-conversion";

describe("attributeConversion (docs/decisions.md#7-conversions-and-attribution basis and platform)", () => {
  it("gives each known click id its platform with basis declared_click_id", () => {
    const expected: Record<string, string> = {
      oppref: "chatgpt",
      gclid: "google_ads",
      gbraid: "google_ads",
      wbraid: "google_ads",
      msclkid: "microsoft_ads",
      fbclid: "meta_ads",
      ttclid: "tiktok_ads",
    };
    for (const [key, platform] of Object.entries(expected)) {
      expect(attributeConversion({ click_ids: { [key]: "abc123" } })).toEqual({
        basis: "declared_click_id",
        platform,
        attributed: true,
        source: "paid",
        sub_source: platform,
      });
    }
  });

  it("lets a known click id win over a utm_source", () => {
    const d = attributeConversion({ click_ids: { gclid: "g1" }, utm: { source: "chatgpt.com" } });
    expect(d.basis).toBe("declared_click_id");
    expect(d.platform).toBe("google_ads");
  });

  it("matches click-id keys case-insensitively and prefers oppref when several are present", () => {
    expect(attributeConversion({ click_ids: { GCLID: "g1" } }).platform).toBe("google_ads");
    expect(attributeConversion({ click_ids: { fbclid: "f", oppref: "o" } }).platform).toBe("chatgpt");
  });

  it("gives unknown click ids and empty click-id values no basis", () => {
    expect(attributeConversion({ click_ids: { li_fat_id: "x", dclid: "y" } })).toMatchObject({
      basis: "none",
      platform: "unattributed",
      attributed: false,
    });
    expect(attributeConversion({ click_ids: { gclid: "  " } }).basis).toBe("none");
  });

  it("maps an AI utm_source to its platform as an ai_assistant_link with basis declared_utm", () => {
    expect(attributeConversion({ utm: { source: "chatgpt.com" } })).toEqual({
      basis: "declared_utm",
      platform: "chatgpt",
      attributed: true,
      source: "ai_assistant_link",
      sub_source: "chatgpt",
    });
    expect(attributeConversion({ utm: { source: "Perplexity" } }).platform).toBe("perplexity");
    expect(attributeConversion({ utm: { source: "www.claude.ai" } }).platform).toBe("claude");
    expect(attributeConversion({ utm: { source: "gemini.google.com" } }).platform).toBe("gemini");
  });

  it("maps any other utm_source to platform other, source tagged, keeping the lowercase source", () => {
    expect(attributeConversion({ utm: { source: "Newsletter", medium: "email" } })).toEqual({
      basis: "declared_utm",
      platform: "other",
      attributed: true,
      source: "tagged",
      sub_source: "newsletter",
    });
  });

  it("files a utm_source with a paid utm_medium under source paid", () => {
    expect(attributeConversion({ utm: { source: "google", medium: "CPC" } })).toMatchObject({
      basis: "declared_utm",
      platform: "other",
      source: "paid",
      sub_source: "google",
    });
  });

  it("gives basis none when there is nothing, only a medium, or a blank source", () => {
    for (const input of [undefined, {}, { utm: { medium: "cpc" } }, { utm: { source: "   " } }]) {
      expect(attributeConversion(input)).toEqual({
        basis: "none",
        platform: "unattributed",
        attributed: false,
        source: "unattributed",
        sub_source: null,
      });
    }
  });
});
