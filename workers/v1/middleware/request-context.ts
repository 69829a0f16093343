import { type RequestContext, requestContext } from "@shared/context/request-context";
import { serviceBaseUrl } from "@shared/sites/snippet";
import { DEFAULT_TIME_ZONE } from "@shared/time/time-zone";
import type { MiddlewareHandler } from "hono";
import type { ApiKeyContext } from "./caller";

export type ContextVariables = { auth: ApiKeyContext; ctx: RequestContext<V1Env> };

/**
 * The request context of an authenticated v1 call, built once after `apiKeyAuth()`: the
 * key's workspace, the key as actor, now, the API's default zone (UTC: a report's
 * `timezone` parameter overrides it, docs/reports.md "Time zones") and the base URL.
 */
export function withRequestContext(): MiddlewareHandler<{ Bindings: V1Env; Variables: ContextVariables }> {
  return async (c, next) => {
    const auth = c.get("auth");
    c.set(
      "ctx",
      requestContext({
        env: c.env,
        workspaceId: auth.workspaceId,
        actor: { kind: "api_key", keyId: auth.keyId, scopes: auth.scopes },
        timeZone: DEFAULT_TIME_ZONE,
        baseUrl: serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url),
      }),
    );
    await next();
  };
}
