// Paid click-id parameters → ad platform. Source: traffic-facts §3.2 (Plausible
// event.ex, Umami constants.ts PAID_AD_PARAMS, vendor docs) and docs/decisions.md#7-conversions-and-attribution for the
// platform names. `srsltid` (Google Merchant Center organic listings) and anything
// not listed are deliberately absent: they are not proof of a paid click.
export const paidClickIds = {
  oppref: "chatgpt",
  gclid: "google_ads",
  gbraid: "google_ads",
  wbraid: "google_ads",
  msclkid: "microsoft_ads",
  fbclid: "meta_ads",
  ttclid: "tiktok_ads",
  dclid: "google_ads",
  li_fat_id: "linkedin_ads",
  twclid: "x_ads",
  sccid: "snapchat_ads",
  epik: "pinterest_ads",
  rdt_cid: "reddit_ads",
  ob_click_id: "outbrain",
  tblci: "taboola",
  yclid: "yandex_ads",
} as const satisfies Record<string, string>;

/** The ad platforms a click id names (their names: shared/display/display-names.ts). */
export type AdPlatform = (typeof paidClickIds)[keyof typeof paidClickIds];

/** GA4 / Plausible paid medium rule (acquisition.ex) plus Plausible's display mediums. */
export const paidMedium = /^(.*cp.*|ppc|retargeting|paid.*|display|banner|expandable|interstitial)$/;

/** The first paid click id among the URL's parameters (names matched case-insensitively). */
export function findClickId(params: URLSearchParams): { key: string; platform: string } | null {
  for (const name of params.keys()) {
    const key = name.toLowerCase();
    const platform = Object.hasOwn(paidClickIds, key) ? paidClickIds[key as keyof typeof paidClickIds] : undefined;
    if (platform && params.get(name)) return { key, platform };
  }
  return null;
}
