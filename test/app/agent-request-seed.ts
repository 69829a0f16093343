import { env } from "cloudflare:workers";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { inShard } from "../helpers/shard";

const HOUR = 3_600_000;

/**
 * A site's robots.txt (GPTBot disallowed from /private, line 2) seen at `t0`, and three
 * GPTBot requests an hour later as a drain stores them: `/private/x` (200, a violation),
 * `/gone` (404) and `/` (200). The agent-request pages and their CSVs read these.
 */
export async function seedGptbotRequests(site: { id: string; domain: string }, t0: number, prefix: string) {
  await env.DB.prepare(
    "INSERT INTO robots_versions (id, domain, kind, status, body, content_hash, first_seen_at, last_seen_at, seen_count) VALUES (?, ?, 'rules', 200, ?, 'h', ?, ?, 1)",
  )
    .bind(`rv_${prefix}`, site.domain, "User-agent: GPTBot\nDisallow: /private\n", t0, t0)
    .run();
  const request = (n: number, path: string, status: number) => ({
    id: `${prefix}${n}`,
    occurred_at: t0 + HOUR,
    method: "GET",
    path,
    status,
    agent: "gptbot",
    platform: "chatgpt",
    purpose: "crawl" as const,
    tier: "declared",
    document: 1,
    via: "events",
  });
  await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
    storeAgentRequests(db, [request(1, "/private/x", 200), request(2, "/gone", 404), request(3, "/", 200)]),
  );
}
