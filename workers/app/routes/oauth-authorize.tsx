import { AuthorizationError, CimdFetchError, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import {
  AUTHORIZE_PATH,
  authorizationServer,
  type GrantMetadata,
  type GrantProps,
} from "@shared/oauth/authorization-server";
import { scopesBeyondRole } from "@shared/oauth/grantable-scopes";
import { withOAuthLibraryGuard } from "@shared/oauth/library-guard";
import { serviceOrigin } from "@shared/oauth/service-origin";
import { earlierGrants } from "@shared/oauth/user-grants";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { renderPage } from "../layout/render";
import { requireSignIn } from "../middleware/session";
import { ConsentForm, initialTicks } from "./oauth-consent-view";

function oauthApi(c: Context<AppEnv>): OAuthHelpers {
  const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
  // Same rule as /mcp: PUBLIC_BASE_URL's origin, or a loopback origin in a local run.
  if (!origin) throw new HTTPException(404, { message: `Nothing at ${c.req.path}.` });
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
 * The library's validation failures: a redirect back to the client only when it has
 * vetted the client and its exact redirect URI (AuthorizationError.redirectTo); any other
 * failure is shown here, never redirected (docs/consent-page.md "Errors").
 */
function refusal(c: Context<AppEnv>, error: unknown): Response | never {
  if (error instanceof AuthorizationError && error.redirectTo) return c.redirect(error.redirectTo, 302);
  if (error instanceof AuthorizationError) throw new HTTPException(400, { message: error.description });
  if (error instanceof CimdFetchError) {
    throw new HTTPException(400, {
      message: "The app's metadata document could not be read, so it cannot be verified.",
    });
  }
  throw error;
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
