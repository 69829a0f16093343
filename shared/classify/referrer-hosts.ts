// Referrer host tables. Sources: traffic-facts §3.1 (matomo-org/searchengine-and-social-list
// AIAssistants.yml (CC0), rybbit-io/rybbit shared/src/aiOperators.ts, snowplow referers.yml
// `chatbot:`), §3.4 (Matomo SearchEngines.yml). Hosts are matched with `www.` stripped,
// as the host itself or any subdomain of it.

/** AI-assistant referrer hosts → platform (docs/decisions.md#7-conversions-and-attribution platform values). */
export const aiReferrerHosts: Readonly<Record<string, string>> = {
  "chatgpt.com": "chatgpt",
  "chat.openai.com": "chatgpt",
  "labs.openai.com": "chatgpt",
  "claude.ai": "claude",
  "perplexity.ai": "perplexity",
  "gemini.google.com": "gemini",
  "bard.google.com": "gemini",
  "aistudio.google.com": "gemini",
  "notebooklm.google.com": "gemini",
  "copilot.microsoft.com": "copilot",
  "copilot.cloud.microsoft": "copilot",
  "m365.cloud.microsoft": "copilot",
  "edgeservices.bing.com": "copilot",
  "meta.ai": "meta_ai",
  "grok.com": "grok",
  "chat.deepseek.com": "deepseek",
  "deepseek.com": "deepseek",
  "chat.mistral.ai": "mistral",
  "you.com": "you",
  "duck.ai": "duckassist",
  "poe.com": "other_ai",
  "character.ai": "other_ai",
  "chat.qwen.ai": "other_ai",
  "kimi.com": "other_ai",
  "doubao.com": "other_ai",
  "phind.com": "other_ai",
  "iask.ai": "other_ai",
  "chatglm.cn": "other_ai",
  "yiyan.baidu.com": "other_ai",
  "manus.im": "other_ai",
  "genspark.ai": "other_ai",
  "t3.chat": "other_ai",
};

/** utm_source values AI assistants add to links (§3.1; snowplow PR #257). Lower-cased. */
export const aiUtmSources: Readonly<Record<string, string>> = {
  "chatgpt.com": "chatgpt",
  "chat.openai.com": "chatgpt",
  openai: "chatgpt",
  "claude.ai": "claude",
  perplexity: "perplexity",
  "perplexity.ai": "perplexity",
  "copilot.com": "copilot",
  "grok.com": "grok",
};

/** Search engines: registrable names whose any TLD counts (google.de, yandex.ru, …). */
export const searchEngineNames: readonly string[] = ["google", "yahoo", "yandex", "bing"];

/** Search engines matched as exact hosts or their subdomains (§3.4). */
export const searchEngineHosts: readonly string[] = [
  "bing.com",
  "duckduckgo.com",
  "baidu.com",
  "ecosia.org",
  "search.brave.com",
  "startpage.com",
  "qwant.com",
  "naver.com",
  "seznam.cz",
  "sogou.com",
  "so.com",
  "ask.com",
  "msn.com",
];
