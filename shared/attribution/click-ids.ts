import { paidClickIds } from "../classify/click-ids";

// Click ids that count as hard evidence for attribution (basis `declared_click_id`):
// exactly the keys of docs/decisions.md#7-conversions-and-attribution ("`oppref` → `chatgpt` (ChatGPT Ads);
// `gclid`/`gbraid`/`wbraid` → `google_ads`; `msclkid` → `microsoft_ads`; `fbclid` →
// `meta_ads`; `ttclid` → `tiktok_ads`"), in precedence order when a conversion carries
// several. Their platforms come from the one paid click-id table
// (shared/classify/click-ids.ts, traffic-facts §3.2). That table also lists ids such as
// `dclid` or `li_fat_id`, which mark a visit as paid traffic but, per docs/decisions.md#7-conversions-and-attribution,
// give a conversion no basis: they are stored and reported nowhere.
export const ATTRIBUTION_CLICK_IDS = ["oppref", "gclid", "gbraid", "wbraid", "msclkid", "fbclid", "ttclid"] as const;

export interface KnownClickId {
  /** Lowercase parameter name. */
  key: string;
  platform: string;
}

/** The first attribution click id (by precedence) with a non-empty value, or null. Keys match case-insensitively. */
export function knownClickId(clickIds: Record<string, string> | undefined): KnownClickId | null {
  if (!clickIds) return null;
  const present = new Set(
    Object.entries(clickIds)
      .filter(([, value]) => value.trim().length > 0)
      .map(([key]) => key.toLowerCase()),
  );
  const key = ATTRIBUTION_CLICK_IDS.find((k) => present.has(k));
  return key ? { key, platform: paidClickIds[key] } : null;
}
