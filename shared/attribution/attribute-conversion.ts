import type { z } from "zod";
import { paidMedium } from "../classify/click-ids";
import { type AttributionBasis, UNATTRIBUTED } from "../vocabulary/attribution-bases";
import type { AttributionInput as ConversionAttributionInput } from "./attribution-input";
import { knownClickId } from "./click-ids";
import { aiPlatformOfUtmSource, canonicalUtmSource } from "./utm-platform";

/** Platform of a utm_source that names no AI assistant (docs/decisions.md#7-conversions-and-attribution). */
export const OTHER_PLATFORM = "other";

/** The part of a conversion's `attribution` (./attribution-input.ts) that decides it. */
export type AttributionInput = Pick<z.infer<typeof ConversionAttributionInput>, "click_ids" | "utm">;

/**
 * Everything the reports need, decided once when the conversion is written and stored
 * with it, so a later change to these tables never rewrites history.
 */
export interface AttributionDecision {
  basis: AttributionBasis;
  platform: string;
  attributed: boolean;
  /** Acquisition source in the traffic-sources vocabulary (traffic-facts.md §3.5), or `unattributed`. */
  source: string;
  sub_source: string | null;
}

/**
 * docs/decisions.md#7-conversions-and-attribution: a known click id wins (`declared_click_id`); else a `utm.source`
 * (`declared_utm`, platform from the AI utm table or `other`); else `none`.
 * The source follows traffic-facts.md §3.5: a click id or a paid utm_medium is `paid`
 * (sub_source: the ad platform, or the utm_source), an AI utm_source
 * `ai_assistant_link` (sub_source: the platform), any other utm_source `tagged`
 * (sub_source: the utm_source); basis `none` is source `unattributed`.
 */
export function attributeConversion(input: AttributionInput | undefined): AttributionDecision {
  const click = knownClickId(input?.click_ids);
  if (click) {
    return {
      basis: "declared_click_id",
      platform: click.platform,
      attributed: true,
      source: "paid",
      sub_source: click.platform,
    };
  }
  const rawSource = input?.utm?.source?.trim();
  if (rawSource) {
    const utmSource = canonicalUtmSource(rawSource);
    const aiPlatform = aiPlatformOfUtmSource(utmSource);
    const platform = aiPlatform ?? OTHER_PLATFORM;
    if (paidMedium.test(input?.utm?.medium?.trim().toLowerCase() ?? "")) {
      return { basis: "declared_utm", platform, attributed: true, source: "paid", sub_source: utmSource };
    }
    if (aiPlatform) {
      return { basis: "declared_utm", platform, attributed: true, source: "ai_assistant_link", sub_source: aiPlatform };
    }
    return { basis: "declared_utm", platform, attributed: true, source: "tagged", sub_source: utmSource };
  }
  return { basis: "none", platform: UNATTRIBUTED, attributed: false, source: UNATTRIBUTED, sub_source: null };
}
