// Challenge pages of bot-protection vendors: a response that stands in for the page
// the scanner asked for. Signatures from each vendor's documented headers and the
// markup of their interstitials.
// Sources: Cloudflare `cf-mitigated: challenge` (developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/),
// DataDome `x-datadome` / `x-dd-b` and captcha-delivery.com, PerimeterX/HUMAN `_px` /
// "Press & Hold" (px-captcha), Akamai Bot Manager "Access Denied" with an edgesuite
// reference, Imperva/Incapsula `x-iinfo` / "_Incapsula_Resource".

export interface ChallengeInput {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Signature {
  vendor: string;
  test(input: ChallengeInput): boolean;
}

const SIGNATURES: Signature[] = [
  {
    vendor: "Cloudflare",
    test: ({ headers, body }) =>
      headers["cf-mitigated"] === "challenge" ||
      /<title>\s*Just a moment\.\.\.\s*<\/title>/i.test(body) ||
      /\/cdn-cgi\/challenge-platform\//.test(body),
  },
  {
    vendor: "DataDome",
    test: ({ status, headers, body }) =>
      (status === 403 || status === 405) &&
      ("x-datadome" in headers || /captcha-delivery\.com|geo\.captcha-delivery/i.test(body)),
  },
  {
    vendor: "PerimeterX/HUMAN",
    test: ({ status, body }) =>
      (status === 403 || status === 429) && /px-captcha|_pxAppId|Press &amp; Hold|Press & Hold|perimeterx/i.test(body),
  },
  {
    vendor: "Akamai",
    test: ({ status, headers, body }) =>
      status === 403 &&
      (/<title>\s*Access Denied\s*<\/title>[\s\S]*errors\.edgesuite\.net/i.test(body) ||
        /akamai/i.test(headers.server ?? "")),
  },
  {
    vendor: "Imperva",
    test: ({ headers, body }) =>
      /_Incapsula_Resource|Incapsula incident ID/i.test(body) || ("x-iinfo" in headers && /incapsula/i.test(body)),
  },
];

/** The vendor whose challenge this response is, or null for an ordinary response. */
export function detectChallenge(input: ChallengeInput): string | null {
  for (const sig of SIGNATURES) if (sig.test(input)) return sig.vendor;
  return null;
}
