import { looksLikeApiKey } from "@shared/auth/api-key-secret";
import { bearerToken } from "@shared/auth/bearer-token";
import { findActiveKey, lastUsedIsStale, touchLastUsed } from "@shared/auth/key-repository";
import type { Scope } from "@shared/auth/scopes";
import { database } from "@shared/db/client";
import { ApiError } from "@shared/errors/api-error";
import { log } from "@shared/http/log";
import type { MiddlewareHandler } from "hono";

/** The caller as established by its key. The workspace always comes from here (contract Authentication 4). */
export interface ApiKeyContext {
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
}

// RFC 6750 §3: a request without credentials gets the bare challenge; a bad token
// gets error="invalid_token".
function unauthorized(message: string, invalidToken: boolean): ApiError {
  const challenge = invalidToken ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
  return new ApiError("unauthorized", message, { headers: { "WWW-Authenticate": challenge } });
}

/** Bearer API key authentication: 401 `unauthorized` unless a live key is presented. */
export function apiKeyAuth(): MiddlewareHandler<{ Bindings: V1Env; Variables: { auth: ApiKeyContext } }> {
  return async (c, next) => {
    const header = c.req.header("Authorization");
    const token = bearerToken(header);
    if (token === null) {
      throw unauthorized(
        header
          ? "Only `Authorization: Bearer <API_KEY>` is accepted"
          : "Send the API key as `Authorization: Bearer <API_KEY>`",
        Boolean(header),
      );
    }
    if (!looksLikeApiKey(token)) throw unauthorized("The API key is malformed", true);
    const db = database(c.env.DB);
    const key = await findActiveKey(db, token);
    if (!key) throw unauthorized("The API key is unknown or revoked", true);

    const now = Date.now();
    if (lastUsedIsStale(key.lastUsedAt, now)) {
      const touch = touchLastUsed(db, key.keyId, now).catch((err: unknown) =>
        log("warn", "last_used_at update failed", { key_id: key.keyId, error: String(err) }),
      );
      c.executionCtx.waitUntil(touch);
    }
    c.set("auth", { keyId: key.keyId, workspaceId: key.workspaceId, scopes: key.scopes });
    await next();
  };
}
