import { env } from "cloudflare:workers";
import type { Purpose } from "../../shared/classify/agents";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { inShard } from "../helpers/shard";
import { HOUR, insertSession, MINUTE } from "./traffic-fixtures";

// One hand-counted world for the invariant suites (test/v1/invariants.test.ts over the
// v1 routes and MCP tools, test/app/invariants.test.ts over the pages and CSV): every
// surface must give the numbers of WORLD below for the UTC day `d`.
//
// Sessions (the snippet's and the drains' sessions, as the consumer stores them):
// id  platform    purpose      client   entry              stored outcome  source
// g1  chatgpt     crawl        bot      /checkout          abandoned       ai_assistant_session  (GPTBot)
// g2  chatgpt     crawl        bot      /products/mug      not_attempted   ai_assistant_session  (GPTBot)
// c1  claude      crawl        bot      /checkout          abandoned       ai_assistant_session  (ClaudeBot)
// a1  chatgpt     user_action  bot      /products/mug      not_attempted   ai_assistant_session  (ChatGPT-User)
// a2  chatgpt     user_action  desktop  /cart              abandoned       ai_assistant_session  (ChatGPT agent)
// p1  perplexity  search       bot      /products/teapot   not_attempted   ai_assistant_session  (PerplexityBot)
// h1  (person)                          /products/mug      completed       ai_assistant_link chatgpt (chatgpt.com)
// h2  (person)                          /                  not_attempted   search google (google.com)
// h3  (person)                          /                  not_attempted   direct
//
// Agent requests (a drain's records), robots.txt "User-agent: GPTBot / Disallow: /checkout"
// first fetched at d 01:00; every request at d 02:00:
// GPTBot /robots.txt 200, GPTBot /checkout 404 (disallowed), GPTBot /products/mug 200,
// ClaudeBot /checkout 404 (no group names it: allowed), ChatGPT-User /products/mug 200,
// an agent named only by its platform (chatgpt, no product token) /api/x 500 (not judged).

export const WORLD = {
  // 6 agents; 3 people; 9 in all.
  agent_sessions: 6,
  human_visits: 3,
  all_sessions: 9,
  // h1 only.
  assistant_referred_visits: 1,
  // 6 agents + h1 = 7 of 9 = 77.8 %.
  ai_sessions: 7,
  ai_share_pct: 77.8,
  by_platform: { chatgpt: 4, claude: 1, perplexity: 1 },
  by_purpose: { user_action: 2, search: 1, crawl: 3, unknown: 0 },
  by_kind: { crawl: 3, search_fetch: 1, assistant_fetch: 1, agentic_browser: 1, unstated: 0 },
  // The crawls and the search fetch do not shop (g1 and c1 touched /checkout: not "left the cart").
  by_outcome: { completed: 0, abandoned: 1, not_attempted: 1, not_applicable: 4 },
  // a2 alone: settled, acting for a person, cart without purchase. g1 and c1 are crawls.
  failing_sessions: 1,
  // 6 requests, 1 of them the robots.txt fetch: 5 governed by robots.txt; 4 judged (GPTBot 2,
  // ClaudeBot 1, ChatGPT-User 1), 1 not (no product token); 1 disallowed (GPTBot /checkout).
  agent_requests: 6,
  robots_fetches: 1,
  robots_checked: 5,
  judged: 4,
  not_judged: 1,
  disallowed: 1,
  // 404, 404, 500.
  error_requests: 3,
  not_found: 2,
  server_errors: 1,
  // GPTBot 3 (its robots.txt fetch included) + ClaudeBot 1; no search request; the other 2
  // act for a person or are unstated.
  crawl_requests: 4,
  search_requests: 0,
  other_requests: 2,
  referrals: 1,
} as const;

export async function seedWorld(workspaceId: string, site: { id: string; domain: string }, d: number) {
  const add = (spec: Parameters<typeof insertSession>[2]) => insertSession(workspaceId, site.id, spec);
  const at = (n: number) => d + 3 * HOUR + n * MINUTE;
  const crawl = { purpose: "crawl", deviceType: "bot", durationMs: 0 } as const;
  await add({ ...crawl, startedAt: at(0), platform: "chatgpt", entryUrl: "/checkout", outcome: "abandoned" });
  await add({ ...crawl, startedAt: at(1), platform: "chatgpt", entryUrl: "/products/mug" });
  await add({ ...crawl, startedAt: at(2), platform: "claude", entryUrl: "/checkout", outcome: "abandoned" });
  await add({
    startedAt: at(3),
    platform: "chatgpt",
    purpose: "user_action",
    deviceType: "bot",
    entryUrl: "/products/mug",
  });
  await add({ startedAt: at(4), platform: "chatgpt", purpose: "user_action", entryUrl: "/cart", outcome: "abandoned" });
  await add({
    startedAt: at(5),
    platform: "perplexity",
    purpose: "search",
    deviceType: "bot",
    entryUrl: "/products/teapot",
  });
  await add({
    startedAt: at(6),
    source: "ai_assistant_link",
    subSource: "chatgpt",
    referrerHost: "chatgpt.com",
    entryUrl: "/products/mug",
    outcome: "completed",
  });
  await add({ startedAt: at(7), source: "search", subSource: "google", referrerHost: "google.com", entryUrl: "/" });
  await add({ startedAt: at(8), source: "direct", entryUrl: "/" });

  await env.DB.prepare(
    "INSERT INTO robots_versions (id, domain, kind, status, body, content_hash, first_seen_at, last_seen_at, seen_count) VALUES (?, ?, 'rules', 200, ?, 'h', ?, ?, 1)",
  )
    .bind(`rv_${site.id}`, site.domain, "User-agent: GPTBot\nDisallow: /checkout\n", d + HOUR, d + HOUR)
    .run();
  const request = (n: number, path: string, status: number, agent: string | null, purpose: Purpose) => ({
    id: `w${n}-${site.id}`,
    occurred_at: d + 2 * HOUR,
    method: "GET",
    path,
    status,
    agent,
    platform: agent === "claudebot" ? "claude" : "chatgpt",
    purpose,
    tier: "declared",
    document: 1,
    via: "events",
  });
  await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
    storeAgentRequests(db, [
      request(1, "/robots.txt", 200, "gptbot", "crawl"),
      request(2, "/checkout", 404, "gptbot", "crawl"),
      request(3, "/products/mug", 200, "gptbot", "crawl"),
      request(4, "/checkout", 404, "claudebot", "crawl"),
      request(5, "/products/mug", 200, "chatgpt-user", "user_action"),
      request(6, "/api/x", 500, null, "unknown"),
    ]),
  );
}
