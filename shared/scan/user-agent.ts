// The scanner identifies itself plainly (RFC 9309 §2.2.1: a product token robots.txt
// groups can name) and links to the page describing what it fetches and why.
export const SCANNER_TOKEN = "AgentReadinessScanner";
export const SCANNER_INFO_URL = "https://github.com/agent-readiness/agent-readiness/blob/main/docs/scan.md";
export const SCANNER_USER_AGENT = `Mozilla/5.0 (compatible; ${SCANNER_TOKEN}/1.0; +${SCANNER_INFO_URL})`;

// The parity probe poses as a user-initiated AI fetcher (OpenAI documents this string:
// https://platform.openai.com/docs/bots).
export const PARITY_USER_AGENT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
