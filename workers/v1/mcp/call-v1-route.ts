import type { OpenAPIHono } from "@hono/zod-openapi";
import { REQUEST_ID_HEADER } from "@shared/http/request-id";
import type { ApiKeyContext } from "../middleware/caller";
import { internalCallAuth } from "../middleware/internal-call";
import type { RouteShape } from "./route-schemas";

/** The v1 route's answer: its status and JSON body (null for 204), plus Retry-After on 429. */
export interface RouteAnswer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

// Headers of the MCP request that the v1 route reads: the client address (rate limits,
// logs) and the request id, so both hops log under one id. The caller itself is not a
// header: `/mcp` authenticated it (API key or OAuth token), and the route receives it
// through `internalCallAuth`.
const FORWARDED = ["CF-Connecting-IP", REQUEST_ID_HEADER];

function queryString(query: RouteShape["query"], args: Record<string, unknown>): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const name of Object.keys(query.shape)) {
    const value = args[name];
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function pathOf(template: string, args: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
}

function bodyOf(body: RouteShape["body"], args: Record<string, unknown>): string | undefined {
  if (!body) return undefined;
  return JSON.stringify(Object.fromEntries(Object.keys(body.shape).map((k) => [k, args[k]])));
}

/**
 * Runs a v1 operation in this isolate exactly as an HTTP client would reach it: the
 * same route, so the same scope, per-key rate limit, validation, shared domain
 * functions and answer, for the caller `/mcp` authenticated. No network hop:
 * `app.fetch` is called directly.
 */
export async function callV1Route(
  app: OpenAPIHono<{ Bindings: V1Env }>,
  shape: RouteShape,
  args: Record<string, unknown>,
  incoming: Request,
  auth: ApiKeyContext,
  env: V1Env,
  executionCtx: Parameters<OpenAPIHono<{ Bindings: V1Env }>["fetch"]>[2],
): Promise<RouteAnswer> {
  const url = new URL(pathOf(shape.path, args) + queryString(shape.query, args), incoming.url);
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = incoming.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const body = bodyOf(shape.body, args);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(url, { method: shape.method.toUpperCase(), headers, body });
  internalCallAuth.set(request, auth);
  const res = await app.fetch(request, env, executionCtx);
  const text = await res.text();
  return {
    status: res.status,
    body: text.length > 0 ? (JSON.parse(text) as unknown) : null,
    retryAfter: res.headers.get("Retry-After"),
  };
}
