import type { OpenAPIHono } from "@hono/zod-openapi";
import { chunk } from "@shared/batching/chunk";
import { valueOrThrow } from "@shared/errors/api-error";
import { SessionJourney } from "@shared/reports/report-schemas";
import type { Result } from "@shared/result/result";
import { refusal } from "@shared/result/result";
import { hintsSite } from "@shared/shards/session-id";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { SessionParams } from "./schema";
import { siteShard } from "./site-shard";

/** Shards asked at once when a session id carries no known site hint. */
const FALLBACK_PARALLEL = 20;

/**
 * The session lives in its site's shard. Its id names the site (shared/shards/
 * session-id.ts), so normally one shard is asked; an id without a matching hint (a
 * session migrated from the single D1) is looked for in every site of the workspace,
 * FALLBACK_PARALLEL shards at a time.
 */
async function findJourney(
  env: V1Env,
  workspaceId: string,
  sessionId: string,
): Promise<Result<SessionJourney, "session_not_found">> {
  const { results: sites } = await env.DB.prepare("SELECT id, domain FROM sites WHERE workspace_id = ?")
    .bind(workspaceId)
    .all<{ id: string; domain: string }>();
  const hinted = sites.filter((s) => hintsSite(sessionId, s.id));
  const ask = (s: { id: string; domain: string }) =>
    siteShard(env, s.id).journey({ id: s.id, domain: s.domain, workspaceId }, sessionId);
  const rest = sites.filter((s) => !hinted.includes(s));
  for (const group of [hinted, ...chunk(rest, FALLBACK_PARALLEL)]) {
    const found = (await Promise.all(group.map(ask))).find((j) => j.ok);
    if (found) return found;
  }
  return refusal("session_not_found");
}

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/sessions/{session_id}",
    operationId: "sessionJourney",
    tags: ["Traffic"],
    summary: "One AI-agent session's journey",
    description:
      "The session's pages in time order (`pages`: url, at, duration_ms) and its most frequent interactions (`top_interactions`: type, target, count), from its stored events. Only AI-agent sessions of the key's workspace are reachable. Rate limit: 120/min and 20,000/day per key (reads).",
    request: { params: SessionParams },
    responses: {
      200: { description: "The session journey", content: { "application/json": { schema: SessionJourney } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["session_not_found"] },
);

export function registerSessionJourney(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { session_id } = c.req.valid("param");
    return c.json(valueOrThrow(await findJourney(c.env, c.get("auth").workspaceId, session_id)), 200);
  });
}
