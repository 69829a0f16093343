// The scanner identifies itself plainly (RFC 9309 §2.2.1: a product token robots.txt
// groups can name) and links to the page that says what it fetches and why: the
// "About the scanner" section of the deployment's own home page (`/#scanner`).
export const SCANNER_TOKEN = "AgentReadinessScanner";

/** Used when no deployment URL is known (local runs, docs/decisions.md#1-running-it base URL). */
export const LOCAL_INFO_URL = "http://127.0.0.1:8787/#scanner";

export function scannerUserAgent(infoUrl: string = LOCAL_INFO_URL): string {
  return `Mozilla/5.0 (compatible; ${SCANNER_TOKEN}/1.0; +${infoUrl})`;
}

// The parity probe poses as a user-initiated AI fetcher (OpenAI documents this string:
// https://platform.openai.com/docs/bots).
export const PARITY_USER_AGENT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
