import { ApiError } from "@shared/errors/api-error";
import type { Scope } from "@shared/vocabulary/scopes";
import type { MiddlewareHandler } from "hono";
import type { ApiKeyContext } from "./caller";

/**
 * 403 `insufficient_scope` unless the key holds `scope`; `null` admits any valid key
 * (whoami, docs/decisions.md#10-identity-and-tools). Runs after `apiKeyAuth()`.
 */
export function requireScope(scope: Scope | null): MiddlewareHandler<{ Variables: { auth: ApiKeyContext } }> {
  return async (c, next) => {
    if (scope !== null && !c.get("auth").scopes.includes(scope)) {
      throw new ApiError("insufficient_scope", `This operation needs the scope ${scope}`, {
        // RFC 6750 §3.1
        headers: { "WWW-Authenticate": `Bearer realm="api", error="insufficient_scope", scope="${scope}"` },
      });
    }
    await next();
  };
}
