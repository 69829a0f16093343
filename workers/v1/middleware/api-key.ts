import { looksLikeApiKey } from "@shared/auth/api-key-secret";
import { bearerToken } from "@shared/auth/bearer-token";
import { keyCaller } from "@shared/auth/key-caller";
import { ApiError } from "@shared/errors/api-error";
import { log } from "@shared/http/log";
import type { Context, MiddlewareHandler } from "hono";
import type { ApiKeyContext } from "./caller";
import { internalCallAuth } from "./internal-call";

/** The caller as established by its key. The workspace always comes from here (contract Authentication 4). */

type AuthEnv = { Bindings: V1Env; Variables: { auth: ApiKeyContext } };

/**
 * A second kind of bearer token a route accepts beside API keys (the OAuth access
 * tokens of `/mcp`), and the RFC 9728 metadata URL its 401 challenges name.
 */
export interface OtherBearer {
  resourceMetadata: (c: Context<AuthEnv>) => string | null;
  /** The scopes a 401 challenge names (RFC 6750 §3 `scope`): what a client asks for by default. */
  challengeScope?: readonly string[];
  /** The caller for a token that is not an API key; null when it is unknown, expired or revoked. */
  resolve: (c: Context<AuthEnv>, token: string) => Promise<ApiKeyContext | null>;
}

// RFC 6750 §3: a request without credentials gets the bare challenge; a bad token
// gets error="invalid_token". RFC 9728 §5.1: resource_metadata tells an OAuth client
// where to start.
function unauthorized(
  message: string,
  invalidToken: boolean,
  resourceMetadata: string | null,
  scope: readonly string[] = [],
): ApiError {
  const params = ['realm="api"'];
  if (invalidToken) params.push('error="invalid_token"');
  if (resourceMetadata) params.push(`resource_metadata="${resourceMetadata}"`);
  if (scope.length > 0) params.push(`scope="${scope.join(" ")}"`);
  return new ApiError("unauthorized", message, { headers: { "WWW-Authenticate": `Bearer ${params.join(", ")}` } });
}

/**
 * Bearer authentication: 401 `unauthorized` unless a live API key (or, where `other`
 * is given, a token `other` resolves) is presented. A tool call that `/mcp` runs
 * through a v1 route carries the caller `/mcp` already established (internal-call.ts).
 */
export function apiKeyAuth(other?: OtherBearer): MiddlewareHandler<AuthEnv> {
  const expected = other ? "an API key or OAuth access token" : "the API key";
  return async (c, next) => {
    const forwarded = internalCallAuth.get(c.req.raw);
    if (forwarded) {
      c.set("auth", forwarded);
      return next();
    }
    const resourceMetadata = other?.resourceMetadata(c) ?? null;
    const header = c.req.header("Authorization");
    const token = bearerToken(header);
    if (token === null) {
      throw unauthorized(
        header
          ? `Only \`Authorization: Bearer <token>\` is accepted, with ${expected}`
          : `Send ${expected} as \`Authorization: Bearer <token>\``,
        Boolean(header),
        resourceMetadata,
        other?.challengeScope,
      );
    }
    if (!looksLikeApiKey(token)) {
      const resolved = other ? await other.resolve(c, token) : null;
      if (!resolved) {
        throw unauthorized(
          other ? "The token is unknown, expired or revoked" : "The API key is malformed",
          true,
          resourceMetadata,
          other?.challengeScope,
        );
      }
      c.set("auth", resolved);
      return next();
    }
    const key = await keyCaller({ env: c.env, nowMs: Date.now() }, { key: token });
    if (!key.ok) throw unauthorized("The API key is unknown or revoked", true, resourceMetadata, other?.challengeScope);
    const { caller, touch } = key.value;
    if (touch) {
      c.executionCtx.waitUntil(
        touch.catch((err: unknown) =>
          log("warn", "last_used_at update failed", { key_id: caller.keyId, error: String(err) }),
        ),
      );
    }
    c.set("auth", caller);
    await next();
  };
}
