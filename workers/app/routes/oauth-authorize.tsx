import { AuthorizationError, CimdFetchError, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { scopesBeyondRole } from "@shared/accounts/grantable-scopes";
import { foreignHostReason } from "@shared/http/host-allow-list";
import {
  AUTHORIZE_PATH,
  authorizationServer,
  type GrantMetadata,
  type GrantProps,
} from "@shared/oauth/authorization-server";
import { withOAuthLibraryGuard } from "@shared/oauth/library-guard";
import { serviceOrigin } from "@shared/oauth/service-origin";
import { earlierGrants } from "@shared/oauth/user-grants";
import { isWriteScope } from "@shared/vocabulary/scopes";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { renderPage } from "../layout/render";
import { requireSignIn } from "../middleware/session";
import { checkPassword } from "../password-check";
import { tryAgainIn } from "../throttle";
import { ConsentForm, initialTicks } from "./oauth-consent-view";

function oauthApi(c: Context<AppEnv>): OAuthHelpers {
  const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
  // Same rule as /mcp: PUBLIC_BASE_URL's origin, or a loopback origin in a local run; and
  // never under another host name, even when the edge is not in front.
  if (!origin || foreignHostReason(c.req.raw, c.env.PUBLIC_BASE_URL))
    throw new HTTPException(404, { message: `Nothing at ${c.req.path}.` });
  return authorizationServer(origin).getOAuthApi(c.env);
}

/** A response with the library's headers (the consent binding cookie, no framing) added. */
function withHeaders(res: Response, headers: Headers): Response {
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") res.headers.append(name, value);
    else if (!res.headers.has(name)) res.headers.set(name, value);
  }
  return res;
}

/**
 * The library's validation failures. A redirect URI anyone may register (RFC 7591) is not
 * verified by this service, so an invalid request never redirects there by itself (RFC
 * 9700 §4.11.2; issue 41 #4: a consent URL without PKCE sent the browser to any
 * registered https://evil.example at once): the page says what went wrong and shows where
 * "Return to the app" goes, and only that click leaves. Any other failure is shown here.
 */
async function refusal(c: Context<AppEnv>, error: unknown): Promise<Response> {
  if (error instanceof AuthorizationError && error.redirectTo) {
    const target = new URL(error.redirectTo);
    return renderPage(c, {
      title: "This app's request cannot be completed",
      status: 400,
      body: (
        <>
          <p>{error.description}</p>
          <p>
            Nothing was granted. The app asked to be sent back to{" "}
            <code class="wrap">{`${target.origin}${target.pathname}`}</code>. Go there only if you started connecting
            that app yourself.
          </p>
          <p>
            <a href={error.redirectTo} rel="noreferrer">
              Return to {target.host}
            </a>
          </p>
        </>
      ),
    });
  }
  if (error instanceof AuthorizationError) throw new HTTPException(400, { message: error.description });
  if (error instanceof CimdFetchError) {
    throw new HTTPException(400, {
      message: "The app's metadata document could not be read, so it cannot be verified.",
    });
  }
  throw error;
}

/**
 * Consent to a scope that changes things asks for a recent sign-in (issue 41 #1: a stolen
 * session cookie alone gave an app sites:write and monitors:write): the session must have
 * signed in within RECENT_SIGN_IN_MS, or the password is typed on the consent form. Read
 * scopes need only the session.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

function recentlySignedIn(c: Context<AppEnv>): boolean {
  return Date.now() - c.get("user").signedInAt <= RECENT_SIGN_IN_MS;
}

/** Null when the grant may go ahead; otherwise the refusal (wrong or missing password, throttled). */
async function reauthenticated(c: Context<AppEnv>, scope: string[], typed: unknown): Promise<Response | null> {
  if (!scope.some(isWriteScope) || recentlySignedIn(c)) return null;
  const password = typeof typed === "string" ? typed : "";
  const check = await checkPassword(c, c.get("user").email, password);
  if (check.outcome === "right") return null;
  if (check.outcome === "throttled") {
    c.header("Retry-After", String(check.retryAfter));
    throw new HTTPException(429, { message: `Too many wrong passwords. ${tryAgainIn(check.retryAfter)}` });
  }
  throw new HTTPException(401, {
    message: password
      ? "The password is not right. Go back and enter it again: granting a scope that changes things needs it."
      : "Granting a scope that changes things needs your password: you signed in more than 10 minutes ago. Go back and enter it, or untick those scopes.",
  });
}

/**
 * The CSP `form-action` source the consent page adds: the origin of the client's
 * redirect URI, where Allow and Deny end (browsers apply form-action to the redirect
 * after a form post). Computed from the query before the handler runs, so it is only a
 * well-formed http(s) origin, and only on this page; the handler then validates the
 * client and the URI, and a page that fails shows no form.
 */
export function oauthRedirectFormAction(c: Context<AppEnv>): string {
  if (c.req.path !== AUTHORIZE_PATH || c.req.method !== "GET") return "";
  try {
    const url = new URL(c.req.query("redirect_uri") ?? "");
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : "";
  } catch {
    return "";
  }
}

/**
 * `/app/oauth/authorize`, the authorization endpoint of /mcp's OAuth server
 * (shared/oauth/authorization-server.ts): a signed-in person picks the workspace and the
 * scopes an MCP client gets, never more than their role there allows. Allow completes
 * the authorization (a grant bound to that workspace, user and those scopes) and sends
 * the browser back to the client with a code; Deny sends it back with access_denied.
 */
export function registerOAuthAuthorize(app: Hono<AppEnv>) {
  // Every fetch the library makes here (a client's metadata document) goes through the
  // outbound guard and the metadata windows (shared/oauth/library-guard.ts).
  app.use(AUTHORIZE_PATH, requireSignIn(), (c, next) =>
    withOAuthLibraryGuard(
      { env: c.env, windows: c.env.LOGIN_THROTTLE, clientIp: c.req.header("CF-Connecting-IP") ?? null },
      () => next(),
    ),
  );

  app.get(AUTHORIZE_PATH, async (c) => {
    const oauth = oauthApi(c);
    let request: Awaited<ReturnType<OAuthHelpers["parseAuthRequest"]>>;
    let details: Awaited<ReturnType<OAuthHelpers["describeConsent"]>>;
    try {
      request = await oauth.parseAuthRequest(c.req.raw);
      details = await oauth.describeConsent(request);
    } catch (error) {
      return refusal(c, error);
    }
    const user = c.get("user");
    if (user.workspaces.length === 0) {
      throw new HTTPException(409, {
        message: "You belong to no workspace yet: create one first, then connect the app.",
      });
    }
    const current = user.workspaces.find((w) => w.id === c.get("sessionWorkspaceId")) ?? user.workspaces[0];
    const consent = await oauth.beginConsent(request);
    const page = await renderPage(c, {
      title: `Connect ${details.clientName}`,
      body: (
        <ConsentForm
          action={AUTHORIZE_PATH}
          csrf={c.get("csrfToken")}
          handle={consent.handle}
          details={details}
          workspaces={user.workspaces}
          currentWorkspaceId={current.id}
          ticked={initialTicks(request.scope, current.role)}
          askPassword={!recentlySignedIn(c)}
        />
      ),
    });
    return withHeaders(page, consent.headers);
  });

  app.post(AUTHORIZE_PATH, async (c) => {
    const oauth = oauthApi(c);
    const form = await c.req.parseBody({ all: true });
    const handle = typeof form.handle === "string" ? form.handle : "";
    try {
      if (form.decision !== "approve") {
        const denied = await oauth.denyConsent(c.req.raw, handle);
        return new Response(null, { status: 302, headers: denied.headers });
      }
      const user = c.get("user");
      const workspace = user.workspaces.find((w) => w.id === form.workspace);
      if (!workspace)
        throw new HTTPException(400, { message: "Choose one of your workspaces. Go back and try again." });
      const scope = (Array.isArray(form.scope) ? form.scope : [form.scope]).filter(
        (s): s is string => typeof s === "string",
      );
      if (scope.length === 0)
        throw new HTTPException(400, { message: "Tick at least one scope. Go back and try again." });
      const beyond = scopesBeyondRole(scope, workspace.role);
      if (beyond) throw new HTTPException(403, { message: `${beyond} Go back and try again.` });
      const reauth = await reauthenticated(c, scope, form.current_password);
      if (reauth) return reauth;
      const approved = await oauth.approveConsent(c.req.raw, handle, { scope });
      const details = await oauth.describeConsent(approved.request);
      const metadata: GrantMetadata = {
        workspaceId: workspace.id,
        workspaceName: workspace.name,
        clientName: details.clientName,
      };
      const props: GrantProps = { userId: user.userId, workspaceId: workspace.id };
      const replaced = await earlierGrants(oauth, user.userId, approved.request, workspace.id);
      const { redirectTo } = await oauth.completeAuthorization({
        request: approved.request,
        userId: user.userId,
        metadata,
        scope,
        props,
        // One app may be connected to several workspaces: each is its own grant, listed
        // and revoked on its own under Settings -> Connected apps.
        revokeExistingGrants: false,
      });
      // The same app, installation and workspace authorized again (new scopes, or after
      // its grant expired): the new grant replaces the earlier ones.
      await Promise.all(replaced.map((id) => oauth.revokeGrant(id, user.userId)));
      approved.headers.set("Location", redirectTo);
      return new Response(null, { status: 302, headers: approved.headers });
    } catch (error) {
      if (error instanceof HTTPException) throw error;
      return refusal(c, error);
    }
  });
}
