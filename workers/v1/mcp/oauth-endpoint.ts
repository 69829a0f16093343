import { boundedText } from "@shared/http/bounded-body";
import { authorizationServer, REGISTER_PATH, TOKEN_PATH } from "@shared/oauth/authorization-server";
import { withOAuthLibraryGuard } from "@shared/oauth/library-guard";
import { REGISTRATION_BOUNDS, registrationSubjects } from "@shared/oauth/oauth-limits";
import { judgeRefreshToken, type RotationContext, recordIssued } from "@shared/oauth/refresh-rotation";
import { screenRegistration } from "@shared/oauth/registration-screen";
import { hitSubjects } from "@shared/rate-limit/hit-subjects";
import type { Context } from "hono";

type V1Context = Context<{ Bindings: V1Env }>;

// A token request is a handful of form fields; a client assertion JWT is the largest (16 KiB in the library).
const TOKEN_BODY_MAX_BYTES = 32 * 1024;

/** An OAuth error answer (RFC 6749 §5.2 shape), as the library's own. */
function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}) {
  return Response.json(
    { error, error_description: description },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

function withBody(request: Request, body: string): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body });
}

async function register(c: V1Context, origin: string): Promise<Response> {
  const retryAfter = await hitSubjects(
    c.env.RATE_WINDOW,
    await registrationSubjects(c.req.header("CF-Connecting-IP") ?? null),
  );
  if (retryAfter > 0) {
    return oauthError(429, "rate_limited", `Too many client registrations. Retry in ${retryAfter} s.`, {
      "Retry-After": String(retryAfter),
    });
  }
  const text = await boundedText(c.req.raw, REGISTRATION_BOUNDS.maxBodyBytes);
  if (text === null) {
    return oauthError(
      413,
      "invalid_client_metadata",
      `Registration metadata is limited to ${REGISTRATION_BOUNDS.maxBodyBytes} bytes.`,
    );
  }
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch {
    metadata = null; // the library answers malformed JSON itself
  }
  const screened = screenRegistration(metadata);
  if (!screened.ok) {
    const error = screened.field === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata";
    return oauthError(400, error, screened.message ?? "The client metadata is invalid.");
  }
  return authorizationServer(origin).fetch(withBody(c.req.raw, text), c.env, c.executionCtx as never);
}

async function token(c: V1Context, origin: string): Promise<Response> {
  const text = await boundedText(c.req.raw, TOKEN_BODY_MAX_BYTES);
  if (text === null) return oauthError(413, "invalid_request", "The token request is too large.");
  const form = new URLSearchParams(text);
  const server = authorizationServer(origin);
  const rotation: RotationContext = { kv: c.env.OAUTH_KV, windows: c.env.RATE_WINDOW, now: Date.now() };
  const grantType = form.get("grant_type");
  const presentedToken = grantType === "refresh_token" ? form.get("refresh_token") : null;
  const verdict = presentedToken ? await judgeRefreshToken(rotation, presentedToken) : null;
  if (verdict?.kind === "reused") {
    await server.getOAuthApi(c.env).revokeGrant(verdict.grantId, verdict.userId);
    return oauthError(
      400,
      "invalid_grant",
      "This refresh token was already used. The connection is revoked for safety: connect the app again.",
    );
  }
  const res = await server.fetch(withBody(c.req.raw, text), c.env, c.executionCtx as never);
  if (res.ok && (grantType === "authorization_code" || grantType === "refresh_token")) {
    const issued = ((await res.clone().json()) as { refresh_token?: unknown }).refresh_token;
    if (typeof issued === "string") {
      await recordIssued(
        rotation,
        issued,
        verdict?.kind === "pass" ? { hash: verdict.presented, grace: verdict.grace } : null,
      );
    }
  }
  return res;
}

/**
 * The library's endpoints (metadata, token, registration), with what this service adds
 * in front (issue 41): every fetch the library makes goes through the outbound guard and
 * the metadata windows, registrations are counted per address and service-wide and
 * bounded in size, and refresh tokens are single-use with one grace retry, a reuse
 * revoking the grant (shared/oauth/refresh-rotation.ts).
 */
export function serveOAuthEndpoint(c: V1Context, origin: string): Promise<Response> {
  const guard = { env: c.env, windows: c.env.RATE_WINDOW, clientIp: c.req.header("CF-Connecting-IP") ?? null };
  return withOAuthLibraryGuard(guard, () => {
    const path = new URL(c.req.url).pathname;
    if (c.req.method === "POST" && path === REGISTER_PATH) return register(c, origin);
    if (c.req.method === "POST" && path === TOKEN_PATH) return token(c, origin);
    return authorizationServer(origin).fetch(c.req.raw, c.env, c.executionCtx as never);
  });
}
